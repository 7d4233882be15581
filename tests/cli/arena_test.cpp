// `parlor arena`'s plan and report (clients/cli/arena/): deals are paired (every deal set
// played once per rotation of the levels, same seed, same cards in the same seats), the
// partnership games rotate partnerships, a run is repeatable from its seed, and the
// report's win rates, intervals and counts add up.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "clients/cli/arena/arena.hpp"

namespace parlor::cli::arena {
namespace {

ArenaSpec spec_of(const std::string& game, const std::string& levels, int matches,
                  std::vector<std::string> options = {}) {
  Expected<ArenaSpec> spec = make_spec(game, options, 0, levels);
  EXPECT_TRUE(spec.ok()) << (spec.ok() ? "" : spec.error().message);
  spec->matches = matches;
  return *spec;
}

TEST(Arena, EveryDealIsPlayedAgainWithTheLevelsRotated) {
  const ArenaSpec spec = spec_of("perico", "expert,sensible", 5);
  const std::vector<PlannedMatch> matches = plan(spec);
  ASSERT_EQ(matches.size(), 6u);  // rounded up to whole deal sets of two rotations
  std::set<std::string> seeds;
  for (std::size_t i = 0; i < matches.size(); i += 2) {
    const PlannedMatch& first = matches[i];
    const PlannedMatch& again = matches[i + 1];
    EXPECT_EQ(first.seed, again.seed);
    EXPECT_EQ(first.seat_levels, (std::vector<BotLevel>{BotLevel::kExpert, BotLevel::kSensible}));
    EXPECT_EQ(again.seat_levels, (std::vector<BotLevel>{BotLevel::kSensible, BotLevel::kExpert}));
    seeds.insert(first.seed.hex());
    // The same cards in the same seats: only who plays them changed.
    MatchConfig config;
    config.options = spec.options;
    config.seats = spec.seats;
    config.seed = first.seed;
    auto a = spec.game->new_match(config);
    config.seed = again.seed;
    auto b = spec.game->new_match(config);
    ASSERT_TRUE(a.ok() && b.ok());
    for (int seat = 0; seat < spec.seats; ++seat) {
      EXPECT_EQ((*a)->view(seat), (*b)->view(seat));
    }
  }
  EXPECT_EQ(seeds.size(), 3u);  // each deal set deals anew
}

TEST(Arena, OneLevelAmongThreeSitsInEverySeatOnTheSameCards) {
  const ArenaSpec spec = spec_of("loc", "expert,sensible,sensible,sensible", 4);
  EXPECT_EQ(spec.seats, 4);
  const std::vector<PlannedMatch> matches = plan(spec);
  ASSERT_EQ(matches.size(), 4u);
  std::set<int> expert_seats;
  for (const PlannedMatch& match : matches) {
    EXPECT_EQ(match.seed, matches.front().seed);
    EXPECT_EQ(std::count(match.seat_levels.begin(), match.seat_levels.end(), BotLevel::kExpert), 1);
    expert_seats.insert(static_cast<int>(
        std::find(match.seat_levels.begin(), match.seat_levels.end(), BotLevel::kExpert) -
        match.seat_levels.begin()));
  }
  EXPECT_EQ(expert_seats.size(), 4u);
}

TEST(Arena, PartnershipsTakeOneLevelEachAndSwapSides) {
  const ArenaSpec spec = spec_of("pedro", "expert,sensible", 2);
  EXPECT_EQ(spec.seats, 4);
  const std::vector<PlannedMatch> matches = plan(spec);
  ASSERT_EQ(matches.size(), 2u);
  using L = BotLevel;
  EXPECT_EQ(matches[0].seat_levels,
            (std::vector<L>{L::kExpert, L::kSensible, L::kExpert, L::kSensible}));
  EXPECT_EQ(matches[1].seat_levels,
            (std::vector<L>{L::kSensible, L::kExpert, L::kSensible, L::kExpert}));
  EXPECT_FALSE(make_spec("pedro", {}, 0, "expert,sensible,sensible,sensible").ok());
  EXPECT_FALSE(make_spec("perico", {}, 0, "expert,genius").ok());
  EXPECT_FALSE(make_spec("perico", {"target=0"}, 0, "expert,sensible").ok());
}

TEST(Arena, ARunIsRepeatableFromItsSeedAndItsReportAddsUp) {
  ArenaSpec spec = spec_of("perico", "sensible,random", 6, {"target=2"});
  spec.budget = std::chrono::milliseconds(0);
  spec.iterations = 1;
  spec.seed = 11;
  const ArenaResult once = run(spec);
  spec.threads = 2;
  const ArenaResult again = run(spec);
  ASSERT_EQ(once.levels.size(), 2u);
  ASSERT_EQ(again.levels.size(), 2u);
  for (std::size_t i = 0; i < once.levels.size(); ++i) {
    EXPECT_EQ(once.levels[i].wins, again.levels[i].wins);
    EXPECT_EQ(once.levels[i].moves, again.levels[i].moves);
  }
  const Json report = report_json(spec, once);
  EXPECT_EQ(report["matches"], 6);
  EXPECT_EQ(report["deal_sets"], 3);
  EXPECT_EQ(report["errors"], 0);
  double wins = 0;
  for (const Json& level : report["levels"]) {
    wins += level["wins"].get<double>();
    EXPECT_EQ(level["seats"], 1);
    EXPECT_EQ(level["fair_share"], 0.5);
    EXPECT_LE(level["interval95"][0].get<double>(), level["win_rate"].get<double>());
    EXPECT_GE(level["interval95"][1].get<double>(), level["win_rate"].get<double>());
    EXPECT_GT(level["moves"].get<int>(), 0);
    EXPECT_GE(level["ms_per_move"]["max"].get<double>(),
              level["ms_per_move"]["mean"].get<double>());
  }
  EXPECT_DOUBLE_EQ(wins, 6.0);  // one win per match, shared when tied
  EXPECT_EQ(report["levels"][0]["level"], "sensible");
  EXPECT_NE(report_text(report).find("sensible"), std::string::npos);
}

TEST(Arena, TheWilsonIntervalIsTheTextbooks) {
  const Interval sixty = wilson_interval(60, 100);
  EXPECT_NEAR(sixty.low, 0.5020, 1e-4);
  EXPECT_NEAR(sixty.high, 0.6906, 1e-4);
  const Interval none = wilson_interval(0, 10);
  EXPECT_NEAR(none.low, 0.0, 1e-12);
  EXPECT_NEAR(none.high, 0.2775, 1e-4);
}

}  // namespace
}  // namespace parlor::cli::arena
