// Swiss pairing (server/events/event_rules.hpp): table sizes, seeding, repeats against
// the exhaustive optimum, byes, dropped players and the error codes.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "server/events/event_rules.hpp"
#include "tests/events/event_test_util.hpp"

namespace parlor::server::events {
namespace {

constexpr EventShape kSwissFour{Pairing::kSwiss, 4, 4, 4, false};

using PairCounts = std::map<std::pair<std::string, std::string>, int>;

struct Repeats {
  long cost = 0;  // meetings before, squared, over tablemate pairs (the search's measure)
  int pairs = 0;  // tablemate pairs that had met before
};

Repeats repeats_of(const std::vector<std::vector<std::string>>& tables, const PairCounts& met) {
  Repeats repeats;
  for (const auto& t : tables) {
    for (std::size_t a = 0; a < t.size(); ++a) {
      for (std::size_t b = a + 1; b < t.size(); ++b) {
        auto found = met.find(std::minmax(t[a], t[b]));
        const long m = found == met.end() ? 0 : found->second;
        repeats.cost += m * m;
        repeats.pairs += m > 0 ? 1 : 0;
      }
    }
  }
  return repeats;
}

// The least repeat cost of any seating of `players` at tables of 4 (all 5775 for 12).
long least_possible_cost(std::vector<std::string> players, const PairCounts& met) {
  long best = std::numeric_limits<long>::max();
  std::vector<std::vector<std::string>> tables;
  std::function<void(std::vector<std::string>)> place = [&](std::vector<std::string> left) {
    if (left.empty()) {
      best = std::min(best, repeats_of(tables, met).cost);
      return;
    }
    // The first player left heads the next table: each partition counted once.
    for (std::size_t a = 1; a < left.size(); ++a) {
      for (std::size_t b = a + 1; b < left.size(); ++b) {
        for (std::size_t c = b + 1; c < left.size(); ++c) {
          tables.push_back({left[0], left[a], left[b], left[c]});
          std::vector<std::string> rest;
          for (std::size_t i = 1; i < left.size(); ++i) {
            if (i != a && i != b && i != c) rest.push_back(left[i]);
          }
          place(rest);
          tables.pop_back();
        }
      }
    }
  };
  place(std::move(players));
  return best;
}

std::vector<RoundPlan> run_event(const EventShape& shape, const std::vector<Entrant>& entrants,
                                 std::uint64_t seed) {
  std::vector<RoundResult> played;
  std::vector<RoundPlan> plans;
  for (int round = 1; round <= shape.rounds; ++round) {
    auto plan = pair_round(shape, entrants, played, round, seed);
    EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().code);
    if (!plan.ok()) break;
    plans.push_back(*plan);
    played.push_back(play(*plan));
  }
  return plans;
}

TEST(EventTables, SizesSeatEveryoneBeforeFillingTables) {
  EXPECT_EQ(table_sizes(10, 4, 3), (std::vector<int>{4, 3, 3}));
  EXPECT_EQ(table_sizes(13, 4, 4), (std::vector<int>{4, 4, 4}));
  EXPECT_EQ(table_sizes(12, 4, 3), (std::vector<int>{4, 4, 4}));
  EXPECT_EQ(table_sizes(5, 4, 3), (std::vector<int>{4}));
  EXPECT_EQ(table_sizes(7, 5, 3), (std::vector<int>{4, 3}));
  EXPECT_EQ(table_sizes(11, 6, 3), (std::vector<int>{6, 5}));
  EXPECT_EQ(table_sizes(9, 2, 2), (std::vector<int>{2, 2, 2, 2}));
  EXPECT_TRUE(table_sizes(2, 4, 3).empty());
  EXPECT_TRUE(table_sizes(8, 4, 5).empty());
}

TEST(EventPairing, NamesRoundTrip) {
  EXPECT_EQ(parse_pairing("swiss"), Pairing::kSwiss);
  EXPECT_EQ(parse_pairing("round_robin"), Pairing::kRoundRobin);
  EXPECT_FALSE(parse_pairing("Swiss").has_value());
  EXPECT_FALSE(parse_pairing("").has_value());
  EXPECT_EQ(pairing_name(Pairing::kSwiss), "swiss");
  EXPECT_EQ(pairing_name(Pairing::kRoundRobin), "round_robin");
}

TEST(EventSwiss, TwelveAtFourSeatsRepeatAsLittleAsPossible) {
  const std::vector<Entrant> entrants = roster(12);
  std::vector<RoundResult> played;
  std::vector<std::string> ids;
  for (const Entrant& e : entrants) ids.push_back(e.player_id);
  for (int round = 1; round <= 4; ++round) {
    auto plan = pair_round(kSwissFour, entrants, played, round, 49);
    ASSERT_TRUE(plan.ok()) << plan.error().code;
    ASSERT_EQ(plan->tables.size(), 3u);
    EXPECT_TRUE(plan->byes.empty());
    EXPECT_TRUE(seats_everyone_once(*plan, entrants)) << "round " << round;
    const PairCounts met = pair_counts(played);
    const Repeats repeats = repeats_of(plan->tables, met);
    EXPECT_EQ(repeats.cost, least_possible_cost(ids, met)) << "round " << round;
    // Round 1 has no history; round 2 cannot do better than one repeated pair per table
    // (four players from round 1's three tables: two shared one), and does no worse.
    if (round == 1) {
      EXPECT_EQ(repeats.pairs, 0);
    }
    if (round == 2) {
      EXPECT_EQ(repeats.pairs, 3);
    }
    played.push_back(play(*plan));
  }
  // Nobody sits with the same player three times in four rounds.
  for (const auto& [pair, count] : pair_counts(played)) {
    EXPECT_LE(count, 2) << pair.first << " " << pair.second;
  }
}

TEST(EventSwiss, SameSeedSameTablesOtherSeedOthers) {
  const std::vector<Entrant> entrants = roster(12);
  const std::vector<RoundPlan> first = run_event(kSwissFour, entrants, 7);
  const std::vector<RoundPlan> again = run_event(kSwissFour, entrants, 7);
  const std::vector<RoundPlan> other = run_event(kSwissFour, entrants, 8);
  ASSERT_EQ(first.size(), 4u);
  ASSERT_EQ(other.size(), 4u);
  for (std::size_t r = 0; r < first.size(); ++r) {
    EXPECT_EQ(first[r].tables, again[r].tables) << "round " << r + 1;
    EXPECT_EQ(first[r].byes, again[r].byes);
  }
  EXPECT_NE(first[0].tables, other[0].tables);
}

TEST(EventSwiss, LaterRoundsSeatTheLeadersTogether) {
  // Six players, 2 seats: after round 1 the three winners lead; round 2 fills from the
  // top, so the two best winners meet unless they already have.
  const EventShape shape{Pairing::kSwiss, 2, 2, 3, false};
  const std::vector<Entrant> entrants = roster(6);
  std::vector<RoundResult> played;
  auto first = pair_round(shape, entrants, played, 1, 3);
  ASSERT_TRUE(first.ok());
  played.push_back(play(*first));
  auto second = pair_round(shape, entrants, played, 2, 3);
  ASSERT_TRUE(second.ok());
  const std::vector<Standing> ranked = standings(shape, entrants, played);
  std::vector<std::string> leaders{ranked[0].player_id, ranked[1].player_id};
  std::sort(leaders.begin(), leaders.end());
  std::vector<std::string> top = second->tables[0];
  std::sort(top.begin(), top.end());
  EXPECT_EQ(top, leaders);
  EXPECT_TRUE(pair_counts(played).count(std::minmax(leaders[0], leaders[1])) == 0);
}

TEST(EventSwiss, TenPlayersAtPericoSitFourThreeThree) {
  const EventShape perico{Pairing::kSwiss, 4, 3, 3, false};
  const std::vector<Entrant> entrants = roster(10);
  for (const RoundPlan& plan : run_event(perico, entrants, 11)) {
    ASSERT_EQ(plan.tables.size(), 3u);
    EXPECT_EQ(plan.tables[0].size(), 4u);
    EXPECT_EQ(plan.tables[1].size(), 3u);
    EXPECT_EQ(plan.tables[2].size(), 3u);
    EXPECT_TRUE(plan.byes.empty());
    EXPECT_TRUE(seats_everyone_once(plan, entrants));
  }
}

TEST(EventSwiss, ThirteenAtMinFourRotateTheBye) {
  const std::vector<Entrant> entrants = roster(13);
  std::vector<RoundResult> played;
  std::set<std::string> had_bye;
  for (int round = 1; round <= 4; ++round) {
    auto plan = pair_round(kSwissFour, entrants, played, round, 5);
    ASSERT_TRUE(plan.ok());
    ASSERT_EQ(plan->tables.size(), 3u);
    for (const auto& t : plan->tables) EXPECT_EQ(t.size(), 4u);
    ASSERT_EQ(plan->byes.size(), 1u);
    EXPECT_TRUE(seats_everyone_once(*plan, entrants));
    const std::string& bye = plan->byes[0];
    EXPECT_TRUE(had_bye.insert(bye).second) << bye << " sat out twice by round " << round;
    if (round > 1) {
      // The lowest in the standings among those who have not sat out yet.
      std::string lowest;
      for (const Standing& s : standings(kSwissFour, entrants, played)) {
        if (had_bye.count(s.player_id) == 0 || s.player_id == bye) lowest = s.player_id;
      }
      EXPECT_EQ(bye, lowest) << "round " << round;
    }
    played.push_back(play(*plan));
  }
}

TEST(EventSwiss, DroppedPlayersAreNotPaired) {
  std::vector<Entrant> entrants = roster(9);
  const EventShape shape{Pairing::kSwiss, 4, 3, 3, false};
  std::vector<RoundResult> played;
  auto first = pair_round(shape, entrants, played, 1, 1);
  ASSERT_TRUE(first.ok());
  played.push_back(play(*first));
  entrants[2].dropped = true;  // p03 goes home
  entrants[7].dropped = true;  // p08 too
  auto second = pair_round(shape, entrants, played, 2, 1);
  ASSERT_TRUE(second.ok());
  EXPECT_TRUE(seats_everyone_once(*second, entrants));
  EXPECT_EQ(second->tables.size(), 2u);  // 7 players: 4 and 3
  for (const auto& t : second->tables) {
    EXPECT_EQ(std::count(t.begin(), t.end(), "p03"), 0);
    EXPECT_EQ(std::count(t.begin(), t.end(), "p08"), 0);
  }
  // Still listed in the standings, with what they earned.
  const std::vector<Standing> ranked = standings(shape, entrants, played);
  auto p03 = std::find_if(ranked.begin(), ranked.end(),
                          [](const Standing& s) { return s.player_id == "p03"; });
  ASSERT_NE(p03, ranked.end());
  EXPECT_TRUE(p03->dropped);
  EXPECT_EQ(p03->matches, 1);
}

std::string code_of(const Expected<RoundPlan>& plan) {
  return plan.ok() ? "ok" : plan.error().code;
}

TEST(EventErrors, BadInputsGiveCodes) {
  const std::vector<Entrant> twelve = roster(12);
  const std::vector<RoundResult> none;
  auto shape = [](int seats, int least, int rounds) {
    return EventShape{Pairing::kSwiss, seats, least, rounds, false};
  };
  EXPECT_EQ(code_of(pair_round(shape(1, 1, 3), twelve, none, 1, 0)), "bad_shape");
  EXPECT_EQ(code_of(pair_round(shape(4, 5, 3), twelve, none, 1, 0)), "bad_shape");
  EXPECT_EQ(code_of(pair_round(shape(4, 1, 3), twelve, none, 1, 0)), "bad_shape");
  EXPECT_EQ(code_of(pair_round(shape(4, 3, 0), twelve, none, 1, 0)), "bad_shape");

  std::vector<Entrant> twice = twelve;
  twice[5].player_id = "p01";
  EXPECT_EQ(code_of(pair_round(kSwissFour, twice, none, 1, 0)), "bad_entrants");
  std::vector<Entrant> nameless = twelve;
  nameless[0].player_id = "";
  EXPECT_EQ(code_of(pair_round(kSwissFour, nameless, none, 1, 0)), "bad_entrants");

  EXPECT_EQ(code_of(pair_round(kSwissFour, twelve, none, 0, 0)), "bad_round");
  EXPECT_EQ(code_of(pair_round(kSwissFour, twelve, none, 5, 0)), "bad_round");
  EXPECT_EQ(code_of(pair_round(kSwissFour, twelve, none, 2, 0)), "bad_round");

  RoundResult broken;
  broken.tables.push_back(table({"p01", "p02"}, {1, 2}));
  broken.tables[0].scores.pop_back();
  EXPECT_EQ(code_of(pair_round(kSwissFour, twelve, {broken}, 2, 0)), "bad_result");

  EXPECT_EQ(code_of(pair_round(kSwissFour, roster(3), none, 1, 0)), "too_few_entrants");
  std::vector<Entrant> gone = roster(5);
  gone[0].dropped = gone[1].dropped = true;
  EXPECT_EQ(code_of(pair_round(kSwissFour, gone, none, 1, 0)), "too_few_entrants");
  EXPECT_EQ(code_of(pair_round(kSwissFour, {}, none, 1, 0)), "too_few_entrants");
}

TEST(EventErrors, CheckRoundResultRefusesMalformedRounds) {
  auto code = [](const RoundResult& r) {
    auto checked = check_round_result(r);
    return checked.ok() ? std::string("ok") : checked.error().code;
  };
  RoundResult good{{table({"p01", "p02", ""}, {1, 2, 3})}, {"p03"}};
  EXPECT_EQ(code(good), "ok");
  RoundResult lonely{{table({"p01"}, {1})}, {}};
  EXPECT_EQ(code(lonely), "bad_result");
  RoundResult zero{{table({"p01", "p02"}, {0, 1})}, {}};
  EXPECT_EQ(code(zero), "bad_result");
  RoundResult twice{{table({"p01", "p02"}, {1, 2}), table({"p01", "p03"}, {1, 2})}, {}};
  EXPECT_EQ(code(twice), "bad_result");
  RoundResult bye_and_seat{{table({"p01", "p02"}, {1, 2})}, {"p02"}};
  EXPECT_EQ(code(bye_and_seat), "bad_result");
  RoundResult nan = good;
  nan.tables[0].scores[1] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(code(nan), "bad_result");
  RoundResult short_absent = good;
  short_absent.tables[0].absent.pop_back();
  EXPECT_EQ(code(short_absent), "bad_result");
}

}  // namespace
}  // namespace parlor::server::events
