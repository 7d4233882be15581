// The shared random playout (tests/support/random_playout.hpp) over every registered
// game: each option variant at every seat count it allows, matches to their end with
// the common invariants checked at every step. The games' own folders run it again
// with their own checks added (where every card is, chips and points).
#include <gtest/gtest.h>

#include <iostream>

#include "engine/registry/registry.hpp"
#include "tests/support/random_playout.hpp"
#include "tests/support/test_workload.hpp"

namespace parlor::testing {
namespace {

constexpr int kSeedsPerSeatCount = 1;

// Options that keep a match short where the defaults may run long (a Poker table with
// rebuys closes only when it is told to).
Json shorter(const std::string& game, Json options) {
  if (game == "poker") options["deals"] = 12;
  return options;
}

class EveryGame : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryGame, RandomPlayoutsKeepTheInvariants) {
  const GameDefinition& game = *find_game(GetParam());
  PlayoutStats stats;
  for (const Json& variant : option_variants(game)) {
    const Json options = shorter(game.name(), variant);
    auto defaults = game.option_schema().validate(options);
    ASSERT_TRUE(defaults);
    const SeatRange range = game.seat_range(*defaults);
    for (int seats = range.min; seats <= range.max; ++seats) {
      if (!game.validate_table(options, seats)) continue;  // a combination the game refuses
      // A sanitized run plays the fewest and the most seats only: the games' own
      // playouts walk the counts between.
      if (sanitized_workload() && seats != range.min && seats != range.max) continue;
      for (int s = 0; s < kSeedsPerSeatCount; ++s) {
        PlayoutSettings settings;
        settings.view_check_every = 10;
        const std::uint64_t seed = 1000u * static_cast<std::uint64_t>(seats) + s;
        ASSERT_NO_FATAL_FAILURE(
            random_playout(game, {options, seats, seed, std::nullopt}, settings, nullptr, &stats));
        if (HasFailure()) return;
      }
    }
  }
  std::cout << "[ " << game.name() << " ] " << stats.matches << " matches, " << stats.actions
            << " actions, " << stats.rejections << " bad moves rejected\n";
  EXPECT_GT(stats.matches, 0);
}

INSTANTIATE_TEST_SUITE_P(Registered, EveryGame, ::testing::ValuesIn(all_game_names()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace parlor::testing
