// fuzz_journal_replay: a recorded match (the JSON of GET /api/matches/ID: options, seats,
// seed, first dealer, commitments, every action) with its bytes or its fields damaged.
//
// Two kinds of input. Text starting with '{' is a whole record (the corpus holds genuine
// ones, played by the games' bots); libFuzzer mutates its bytes. Any other input damages
// one of five genuine records in memory: its first byte picks the record, the rest are
// edits (an action's seat, seq or field changed, actions dropped, swapped or repeated, a
// seed byte or an option changed), so the damage stays well-formed JSON and reaches the
// replay. Properties: `parlor verify`'s verifier never crashes or throws and either
// refuses the record with a known code or reports each check; the same record replayed
// as the server's recovery does (the engine, action by action, stopping at the first
// refused one) keeps every engine invariant after every action.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "clients/cli/verify/match_record.hpp"
#include "engine/registry/registry.hpp"
#include "tests/fuzz/engine_invariants.hpp"
#include "tests/fuzz/fuzz_bytes.hpp"
#include "tests/fuzz/fuzz_check.hpp"
#include "tests/verify/match_builder.hpp"

namespace {

using parlor::Json;
using parlor::fuzz::ByteReader;
using parlor::fuzz::check;

const std::vector<Json>& genuine_records() {
  static const std::vector<Json> records = [] {
    std::vector<Json> out;
    for (const char* game : {"perico", "loc", "pedro", "poker", "carioca"}) {
      auto record = parlor::testing::play_match_record(parlor::testing::plan_for(game));
      check(record.ok(), std::string("cannot play a ") + game + " record");
      out.push_back(*record);
    }
    return out;
  }();
  return records;
}

// A field of the record around the actions: 0 the seed, 1 the first dealer, 2 an option.
void edit_record_field(Json& record, ByteReader& in, int field) {
  switch (field) {
    case 0: {
      std::string seed = record.value("seed", std::string());
      if (!seed.empty()) seed[in.below(seed.size())] = "0123456789abcdefg"[in.below(17)];
      record["seed"] = seed;
      break;
    }
    case 1:
      record["first_dealer"] = static_cast<int>(in.below(8)) - 2;
      break;
    default: {  // an option set to another option's value
      Json& options = record["options"];
      if (options.is_object() && !options.empty()) {
        auto a = options.begin();
        std::advance(a, static_cast<long>(in.below(options.size())));
        auto b = options.begin();
        std::advance(b, static_cast<long>(in.below(options.size())));
        a.value() = Json(b.value());
      }
      break;
    }
  }
}

// One edit; it always reads at least one byte, so the decoding loop ends. (An earlier
// version returned without reading once every action was erased, and the loop spun
// forever: tests/fuzz/corpus/journal_replay/edits-erase-all-actions.)
void edit(Json& record, ByteReader& in) {
  Json& actions = record["actions"];
  const std::size_t n = actions.size();
  if (n == 0) {
    edit_record_field(record, in, in.byte() % 3);
    return;
  }
  Json& entry = actions[in.below(n)];
  const int kind = in.byte() % 10;
  switch (kind) {
    case 0:
      entry["seat"] = static_cast<int>(in.below(8)) - 2;
      break;
    case 1:
      entry["seq"] = static_cast<int>(in.below(n + 4)) - 2;
      break;
    case 2:
      actions.erase(actions.begin() + static_cast<long>(in.below(n)));
      break;
    case 3:
      std::swap(actions[in.below(n)], actions[in.below(n)]);
      break;
    case 4:
      actions.push_back(actions[in.below(n)]);
      break;
    case 5: {  // a field of the action: another value of the same action elsewhere
      Json& action = entry["action"];
      const Json& donor = actions[in.below(n)]["action"];
      if (action.is_object() && donor.is_object() && !donor.empty()) {
        auto it = donor.begin();
        std::advance(it, static_cast<long>(in.below(donor.size())));
        action[it.key()] = it.value();
      }
      break;
    }
    case 6:
    case 7:
    case 8:  // the same bytes as before the split, so older corpus inputs keep their meaning
      edit_record_field(record, in, kind - 6);
      break;
    default:
      actions.erase(actions.begin() + static_cast<long>(in.below(n)), actions.end());
      break;
  }
}

// The replay as recovery does it: options, seats, seed, dealer, then each action in seq
// order until one is refused.
void replay_like_recovery(const Json& record) {
  if (!record.is_object() || !record.contains("game") || !record["game"].is_string()) return;
  const parlor::GameDefinition* game = parlor::find_game(record["game"].get<std::string>());
  const Json seats = record.value("seats", Json());
  const Json seed_hex = record.value("seed", Json());
  const Json dealer = record.value("first_dealer", Json());
  if (!game || !seats.is_array() || seats.empty() || !seed_hex.is_string() ||
      !dealer.is_number_integer() || !record.value("actions", Json()).is_array()) {
    return;
  }
  auto options =
      game->validate_table(record.value("options", Json::object()), static_cast<int>(seats.size()));
  auto seed = parlor::Seed::from_hex(seed_hex.get<std::string>());
  const std::int64_t first_dealer = dealer.get<std::int64_t>();
  if (!options || !seed || first_dealer < 0 ||
      first_dealer >= static_cast<std::int64_t>(seats.size())) {
    return;
  }
  parlor::MatchConfig config;
  config.options = *options;
  config.seats = static_cast<int>(seats.size());
  config.seed = *seed;
  config.dealer = static_cast<parlor::Seat>(first_dealer);
  auto match = game->new_match(config);
  check(match.ok(), "validated options that do not start a match");
  parlor::GameState& state = **match;
  const std::vector<parlor::Card> cards = parlor::fuzz::all_cards(state);
  parlor::Seat viewer = parlor::kSpectator;
  for (const Json& entry : record["actions"]) {
    if (!entry.is_object() || !entry.value("seat", Json()).is_number_integer() ||
        !entry.contains("action")) {
      return;
    }
    const std::int64_t seat = entry["seat"].get<std::int64_t>();
    if (seat < -1 || seat > 16) return;
    if (!state.apply(static_cast<parlor::Seat>(seat), entry["action"]).ok()) return;
    state.take_events();
    viewer = viewer + 1 < state.seat_count() ? viewer + 1 : parlor::kSpectator;
    const std::string problem = parlor::fuzz::invariant_problem(state, cards, viewer);
    check(problem.empty(), problem + " after replaying " + entry.dump());
  }
}

void verify(const Json& record) {
  static const std::set<std::string> kRefusals = {"bad_record", "unknown_game", "not_revealed"};
  const parlor::verify::VerifyReport report = parlor::verify::verify_match_record(record);
  if (report.refused) {
    check(kRefusals.count(report.refused->code) == 1, "refused with " + report.refused->code);
  } else {
    check(!report.checks.empty(), "a report without checks");
  }
  report.text();
  report.json().dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  genuine_records();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > 200000) return -1;
  Json record;
  if (data[0] == '{') {
    record = Json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
    if (record.is_discarded()) return 0;
  } else {
    ByteReader in(data, size);
    const auto& records = genuine_records();
    record = records[in.below(records.size())];
    while (!in.empty()) edit(record, in);
  }
  verify(record);
  replay_like_recovery(record);
  return 0;
}
