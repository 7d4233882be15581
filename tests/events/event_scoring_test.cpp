// What results are worth (server/events/event_rules.hpp): place points with ties and
// absent seats, standings with Buchholz worked by hand, shared ranks, duplicate
// matchpoints by hand and a duplicate event's byes.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "server/events/event_rules.hpp"
#include "tests/events/event_test_util.hpp"

namespace parlor::server::events {
namespace {

const Standing& standing_of(const std::vector<Standing>& table, const std::string& id) {
  auto found = std::find_if(table.begin(), table.end(),
                            [&](const Standing& s) { return s.player_id == id; });
  EXPECT_NE(found, table.end()) << id;
  return *found;
}

std::vector<Entrant> named(std::vector<std::string> ids) {
  std::vector<Entrant> entrants;
  for (const std::string& id : ids) entrants.push_back(Entrant{id, "Name " + id});
  return entrants;
}

TEST(EventPlacePoints, PlacesEarnSeatsMinusPlaceAndTiesShare) {
  EXPECT_EQ(place_points(table({"a", "b", "c", "d"}, {1, 2, 3, 4})),
            (std::vector<double>{3, 2, 1, 0}));
  // Tied for second: places 2 and 3 shared, (2 + 1) / 2 each; either way of writing it.
  EXPECT_EQ(place_points(table({"a", "b", "c", "d"}, {1, 2, 2, 4})),
            (std::vector<double>{3, 1.5, 1.5, 0}));
  EXPECT_EQ(place_points(table({"a", "b", "c", "d"}, {1, 2, 2, 3})),
            (std::vector<double>{3, 1.5, 1.5, 0}));
  EXPECT_EQ(place_points(table({"a", "b", "c"}, {1, 1, 3})), (std::vector<double>{1.5, 1.5, 0}));
  EXPECT_EQ(place_points(table({"a", "b", "c", "d"}, {2, 2, 2, 2})),
            (std::vector<double>{1.5, 1.5, 1.5, 1.5}));
  // Seat order does not matter; a 2-seat table is 1 and 0.
  EXPECT_EQ(place_points(table({"a", "b", "c"}, {3, 1, 2})), (std::vector<double>{0, 2, 1}));
  EXPECT_EQ(place_points(table({"a", "b"}, {2, 1})), (std::vector<double>{0, 1}));
}

TEST(EventPlacePoints, AnAbsentSeatScoresLastWhateverTheBotDid) {
  TableResult t = table({"a", "b", "c", "d"}, {1, 2, 3, 4});
  t.absent[0] = true;  // the bot playing for a won
  EXPECT_EQ(place_points(t), (std::vector<double>{0, 3, 2, 1}));
  t.absent[2] = true;  // two absent seats tie for the last two places
  EXPECT_EQ(place_points(t), (std::vector<double>{0.5, 3, 0.5, 2}));

  const EventShape shape{Pairing::kSwiss, 4, 4, 1, false};
  RoundResult round{{table({"a", "b", "c", "d"}, {1, 2, 3, 4})}, {}};
  round.tables[0].absent[0] = true;
  const std::vector<Standing> ranked = standings(shape, named({"a", "b", "c", "d"}), {round});
  EXPECT_EQ(standing_of(ranked, "a").points, 0);
  EXPECT_EQ(standing_of(ranked, "a").wins, 0);  // the bot's win is not the player's
  EXPECT_EQ(standing_of(ranked, "a").matches, 1);
  EXPECT_EQ(standing_of(ranked, "b").wins, 1);
  EXPECT_EQ(standing_of(ranked, "b").points, 3);
}

// Five players at 3 seats (a bye is worth (3 - 1) / 2 = 1), three rounds:
//   R1 [A B C] placings 1 2 3 -> A 2, B 1, C 0;   [D E] 1 2 -> D 1, E 0
//   R2 [A D E] placings 2 1 2 -> D 2, A and E share places 2-3: 0.5 each;
//      [B C] 1 1 -> share places 1-2: 0.5 each
//   R3 [B D E], E absent (its bot placed first), placings 3 2 1 -> D 2, B 1, E 0;
//      byes A and C: 1 each
// Points: A 3.5, B 2.5, C 1.5, D 5, E 0.5 (13 in all: 4 + 4 + 3 + 2 byes).
// Wins (first places, shared included): A 1 (R1), B 1 (R2, shared), C 1 (R2, shared),
// D 3 (the absent E's bot does not count), E 0.
// Buchholz (the points of everyone met, per meeting):
//   A met B, C (R1), D, E (R2):               2.5 + 1.5 + 5 + 0.5       = 9.5
//   B met A, C (R1), C (R2), D, E (R3):       3.5 + 1.5 + 1.5 + 5 + 0.5 = 12
//   C met A, B (R1), B (R2):                  3.5 + 2.5 + 2.5           = 8.5
//   D met E (R1), A, E (R2), B, E (R3):       0.5 + 3.5 + 0.5 + 2.5 + 0.5 = 7.5
//   E met D (R1), A, D (R2), B, D (R3):       5 + 3.5 + 5 + 2.5 + 5     = 21
TEST(EventStandings, ThreeRoundsByHand) {
  const EventShape shape{Pairing::kSwiss, 3, 2, 3, false};
  std::vector<Entrant> entrants = named({"A", "B", "C", "D", "E"});
  entrants[4].dropped = true;  // E left after round 3: still listed
  RoundResult r1{{table({"A", "B", "C"}, {1, 2, 3}), table({"D", "E"}, {1, 2})}, {}};
  RoundResult r2{{table({"A", "D", "E"}, {2, 1, 2}), table({"B", "C"}, {1, 1})}, {}};
  RoundResult r3{{table({"B", "D", "E"}, {3, 2, 1})}, {"A", "C"}};
  r3.tables[0].absent[2] = true;

  const std::vector<Standing> ranked = standings(shape, entrants, {r1, r2, r3});
  ASSERT_EQ(ranked.size(), 5u);
  struct Want {
    const char* id;
    double points, buchholz;
    int wins, matches, byes, rank;
  };
  const Want want[] = {{"D", 5, 7.5, 3, 3, 0, 1},
                       {"A", 3.5, 9.5, 1, 2, 1, 2},
                       {"B", 2.5, 12, 1, 3, 0, 3},
                       {"C", 1.5, 8.5, 1, 2, 1, 4},
                       {"E", 0.5, 21, 0, 3, 0, 5}};
  for (std::size_t i = 0; i < 5; ++i) {
    SCOPED_TRACE(want[i].id);
    EXPECT_EQ(ranked[i].player_id, want[i].id);
    EXPECT_DOUBLE_EQ(ranked[i].points, want[i].points);
    EXPECT_DOUBLE_EQ(ranked[i].buchholz, want[i].buchholz);
    EXPECT_EQ(ranked[i].wins, want[i].wins);
    EXPECT_EQ(ranked[i].matches, want[i].matches);
    EXPECT_EQ(ranked[i].byes, want[i].byes);
    EXPECT_EQ(ranked[i].rank, want[i].rank);
    EXPECT_EQ(ranked[i].name, std::string("Name ") + want[i].id);
  }
  EXPECT_TRUE(ranked[4].dropped);
  EXPECT_FALSE(ranked[0].dropped);
}

TEST(EventStandings, EqualRecordsShareARankAndBuchholzSeparates) {
  const EventShape shape{Pairing::kSwiss, 2, 2, 2, false};
  const std::vector<Entrant> entrants = named({"a", "b", "c", "d"});
  // a beats b and c beats d: a and c equal on everything (Buchholz 0 each), so they share
  // first and are listed by id; b and d share third.
  RoundResult r1{{table({"a", "b"}, {1, 2}), table({"c", "d"}, {1, 2})}, {}};
  std::vector<Standing> ranked = standings(shape, entrants, {r1});
  EXPECT_EQ(ranked[0].player_id, "a");
  EXPECT_EQ(ranked[1].player_id, "c");
  EXPECT_EQ(ranked[0].rank, 1);
  EXPECT_EQ(ranked[1].rank, 1);
  EXPECT_EQ(ranked[2].rank, 3);
  EXPECT_EQ(ranked[3].rank, 3);
  // Round 2: a beats c, b beats d. a 2; b and c 1 each; b met a (2) and d (0), c met d
  // and a: Buchholz 2 each; one win each: they share second, listed by id.
  RoundResult r2{{table({"a", "c"}, {1, 2}), table({"b", "d"}, {1, 2})}, {}};
  ranked = standings(shape, entrants, {r1, r2});
  EXPECT_EQ(ranked[0].player_id, "a");
  EXPECT_EQ(ranked[1].player_id, "b");
  EXPECT_EQ(ranked[2].player_id, "c");
  EXPECT_EQ(ranked[1].rank, 2);
  EXPECT_EQ(ranked[2].rank, 2);  // equal points, Buchholz and wins: one rank
  EXPECT_EQ(ranked[3].rank, 4);
  // A player who met stronger opposition ranks higher on Buchholz alone.
  RoundResult r2b{{table({"a", "d"}, {1, 2}), table({"b", "c"}, {2, 1})}, {}};
  ranked = standings(shape, entrants, {r1, r2b});
  // a 2 (met b 0, d 0: 0); c 2 (met d 0, b 0) -> equal; b 0, d 0.
  EXPECT_EQ(ranked[0].rank, 1);
  EXPECT_EQ(ranked[1].rank, 1);
  RoundResult r3{{table({"a", "c"}, {1, 2}), table({"b", "d"}, {1, 2})}, {}};
  ranked = standings(EventShape{Pairing::kSwiss, 2, 2, 3, false}, entrants, {r1, r2b, r3});
  // a 3, c 2, b 1, d 0. b met a, c, d: 3 + 2 + 0 = 5 and c met d, b, a: 0 + 1 + 3 = 4.
  EXPECT_EQ(standing_of(ranked, "b").buchholz, 5);
  EXPECT_EQ(standing_of(ranked, "c").buchholz, 4);
}

// Three tables of one duplicate deal, three seats each (t3's seat 1 absent: lowest):
//            seat 0   seat 1      seat 2
//   t1       10       5           -3
//   t2        8       5            0
//   t3       10       9 (absent)   4
// Seat 0: t1 beats 8, ties 10: 1.5; t2 loses twice: 0; t3 ties 10, beats 8: 1.5.
// Seat 1: t1 ties t2, beats the absent: 1.5; t2 the same: 1.5; t3 loses both: 0.
// Seat 2: t1 loses both: 0; t2 beats -3, loses to 4: 1; t3 beats both: 2.
RoundResult duplicate_round() {
  RoundResult round;
  round.tables.push_back(table({"a1", "b1", "c1"}, {1, 2, 3}));
  round.tables.push_back(table({"a2", "b2", "c2"}, {1, 2, 3}));
  round.tables.push_back(table({"a3", "b3", "c3"}, {1, 2, 3}));
  round.tables[0].scores = {10, 5, -3};
  round.tables[1].scores = {8, 5, 0};
  round.tables[2].scores = {10, 9, 4};
  round.tables[2].absent[1] = true;
  return round;
}

TEST(EventDuplicate, MatchpointsOfThreeTablesByHand) {
  const std::vector<std::vector<double>> points = matchpoints(duplicate_round());
  ASSERT_EQ(points.size(), 3u);
  EXPECT_EQ(points[0], (std::vector<double>{1.5, 1.5, 0}));
  EXPECT_EQ(points[1], (std::vector<double>{0, 1.5, 1}));
  EXPECT_EQ(points[2], (std::vector<double>{1.5, 0, 2}));
}

TEST(EventDuplicate, ADuplicateEventScoresByMatchpointsAndByesAverage) {
  const EventShape shape{Pairing::kSwiss, 3, 3, 1, true};
  RoundResult round = duplicate_round();
  round.byes = {"z"};
  const std::vector<Standing> ranked =
      standings(shape, named({"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3", "z"}), {round});
  EXPECT_EQ(standing_of(ranked, "c3").points, 2);
  EXPECT_EQ(standing_of(ranked, "a2").points, 0);
  EXPECT_EQ(standing_of(ranked, "b3").points, 0);
  // 9 matchpoints over 9 seats: the bye is worth 1.
  EXPECT_EQ(standing_of(ranked, "z").points, 1);
  EXPECT_EQ(standing_of(ranked, "z").byes, 1);
}

TEST(EventByes, AByeIsWorthAFullTablesAveragePlacePoints) {
  const EventShape perico{Pairing::kSwiss, 4, 3, 1, false};
  RoundResult round{{table({"a", "b", "c"}, {1, 2, 3})}, {"d"}};
  const std::vector<Standing> ranked = standings(perico, named({"a", "b", "c", "d"}), {round});
  EXPECT_EQ(standing_of(ranked, "d").points, 1.5);  // (4 - 1) / 2, whatever the tables were
  EXPECT_EQ(standing_of(ranked, "a").points, 2);    // a 3-seat table: 2, 1, 0
  EXPECT_EQ(standing_of(ranked, "d").buchholz, 0);
}

TEST(EventStandings, MalformedRoundsAndStrangersCountForNothing) {
  const EventShape shape{Pairing::kSwiss, 2, 2, 2, false};
  RoundResult broken{{table({"a", "b"}, {1, 2})}, {}};
  broken.tables[0].absent.clear();
  RoundResult stranger{{table({"a", "x"}, {1, 2})}, {}};
  const std::vector<Standing> ranked = standings(shape, named({"a", "b"}), {broken, stranger});
  ASSERT_EQ(ranked.size(), 2u);
  EXPECT_EQ(standing_of(ranked, "a").points, 1);  // the stranger's table counts for a
  EXPECT_EQ(standing_of(ranked, "a").buchholz, 0);
  EXPECT_EQ(standing_of(ranked, "b").matches, 0);
}

}  // namespace
}  // namespace parlor::server::events
