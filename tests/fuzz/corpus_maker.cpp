// Writes the seed corpus of fuzz_journal_replay: one genuine match record per game and
// table plan, played to its end by the games' bots (tests/verify/match_builder.hpp), as
// GET /api/matches/ID serves it. Usage: fuzz_corpus_maker DIR (scripts/fuzz.sh
// --make-corpus runs it; the files are checked in under tests/fuzz/corpus/).
#include <fstream>
#include <iostream>
#include <string>

#include "tests/verify/match_builder.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: fuzz_corpus_maker DIR\n";
    return 2;
  }
  const std::string dir = argv[1];
  for (const char* game : {"perico", "loc", "pedro", "poker", "carioca"}) {
    for (std::uint64_t seed : {1, 2}) {
      parlor::testing::MatchPlan plan = parlor::testing::plan_for(game);
      plan.seed_number += seed * 100;
      if (seed == 2) plan.level = parlor::BotLevel::kRandom;
      auto record = parlor::testing::play_match_record(plan);
      if (!record) {
        std::cerr << game << ": " << record.error().code << " " << record.error().message << "\n";
        return 1;
      }
      // Every execution parses the whole record: a long one (random bots at Carioca play
      // for hundreds of moves) would slow the fuzzer more than it adds.
      const std::string text = record->dump();
      if (text.size() > 64 * 1024) continue;
      std::ofstream(dir + "/" + game + "-" + std::to_string(seed) + ".json") << text;
    }
  }
  return 0;
}
