// The event service's rules with fake rooms (event_service_fakes.hpp): who may create and
// start, sign-up closing at the start, drop-outs, the start grace (bots for the absent),
// a round's results into the standings, the next round, the end, duplicate seeds, and an
// event taken back from its saved state.
#include <gtest/gtest.h>

#include "protocol/commitment.hpp"
#include "tests/events/event_service_fakes.hpp"

namespace parlor::server::events {
namespace {

using testing::FakeSaver;
using testing::FakeTables;
using testing::FakeTimer;
using testing::op;
using testing::outcome;
using testing::perico_night;
using testing::player;

class EventServiceTest : public ::testing::Test {
 protected:
  EventServiceTest()
      : service_(options(), tables_, saver_, timer_.timer(), &testing::fixed_random) {}
  static EventOptions options() {
    EventOptions o;
    o.start_grace = std::chrono::milliseconds(5000);
    o.round_pause = std::chrono::milliseconds(100);
    return o;
  }
  // An event of `count` players signed up, created by p01.
  std::string signed_up(int count, CreateEvent create = perico_night()) {
    Expected<Json> made = service_.create(player(1), create);
    EXPECT_TRUE(made) << (made ? "" : made.error().code);
    std::string id = (*made)["id"].get<std::string>();
    for (int n = 1; n <= count; ++n) EXPECT_TRUE(service_.join(player(n), id));
    return id;
  }
  EventState state(const std::string& id) { return *service_.state(id); }
  // Every table of the current round ends, seats placed 1, 2, 3, ... in seat order.
  void play_round(const std::string& id) {
    EventState now = state(id);
    for (const EventTable& table : now.rounds.back().tables) {
      std::vector<int> placings;
      for (std::size_t s = 0; s < table.players.size(); ++s)
        placings.push_back(static_cast<int>(s) + 1);
      service_.match_ended(outcome(table, placings));
    }
  }

  FakeTables tables_;
  FakeSaver saver_;
  FakeTimer timer_;
  EventService service_;
};

TEST_F(EventServiceTest, CreatingChecksWhoAndWhat) {
  EXPECT_EQ(service_.create(player(2, false), perico_night()).error().code, "forbidden");
  CreateEvent bad = perico_night();
  bad.pairing = "knockout";
  EXPECT_EQ(service_.create(player(2), bad).error().code, "bad_field");
  bad = perico_night();
  bad.game = "chess";
  EXPECT_EQ(service_.create(player(2), bad).error().code, "no_such_game");
  bad = perico_night();
  bad.rounds = 0;
  EXPECT_EQ(service_.create(player(2), bad).error().code, "bad_field");
  bad = perico_night();
  bad.min_seats = 2;  // the game refuses a table of 2
  EXPECT_EQ(service_.create(player(2), bad).error().code, "bad_seat_count");
  Expected<Json> made = service_.create(player(2), perico_night());
  ASSERT_TRUE(made);
  EXPECT_EQ((*made)["min_seats"], 3) << "seats - 1 by default";
  EXPECT_EQ((*made)["status"], "signup");
  EXPECT_EQ((*made)["organiser"]["id"], "p02");
  EXPECT_EQ(saver_.writes, 1) << "saved at once";
}

TEST_F(EventServiceTest, SignUpClosesAtTheStartWhichOnlyTheOrganiserOrAnOperatorMakes) {
  std::string id = signed_up(2);
  EXPECT_EQ(service_.join(player(2), id).error().code, "already_entered");
  EXPECT_EQ(service_.start(player(1), id).error().code, "too_few_entrants");
  ASSERT_TRUE(service_.join(player(3), id));
  ASSERT_TRUE(service_.join(player(9), id));
  ASSERT_TRUE(service_.leave(player(9), id));  // withdrawn before the start: gone
  EXPECT_EQ(state(id).entrants.size(), 3u);
  EXPECT_EQ(service_.start(player(2), id).error().code, "forbidden");
  ASSERT_TRUE(service_.start(op(), id));
  EXPECT_EQ(service_.join(player(4), id).error().code, "signup_closed");
  EXPECT_EQ(service_.start(player(1), id).error().code, "already_started");
  EXPECT_EQ(service_.view("E99").error().code, "no_such_event");
}

TEST_F(EventServiceTest, EachTableGetsARoomWithItsPlayersSeatsHeld) {
  std::string id = signed_up(11);  // 11 at 4 seats, min 3: 4, 4, 3
  ASSERT_TRUE(service_.start(player(1), id));
  EventState now = state(id);
  ASSERT_EQ(now.rounds.size(), 1u);
  const EventRound& round = now.rounds[0];
  ASSERT_EQ(round.tables.size(), 3u);
  EXPECT_TRUE(round.byes.empty());
  std::set<std::string> seated;
  for (const EventTable& table : round.tables) {
    ASSERT_TRUE(tables_.held.contains(table.room_id));
    const auto& held = tables_.held[table.room_id];
    ASSERT_EQ(held.size(), table.players.size());
    for (std::size_t s = 0; s < held.size(); ++s) EXPECT_EQ(held[s].player_id, table.players[s]);
    EXPECT_EQ(tables_.requests[table.room_id].seats, static_cast<int>(table.players.size()));
    EXPECT_EQ(tables_.requests[table.room_id].event_id, id);
    EXPECT_EQ(tables_.requests[table.room_id].host_player_id, "p01");
    EXPECT_TRUE(tables_.requests[table.room_id].seed_hex.empty()) << "not duplicate";
    seated.insert(table.players.begin(), table.players.end());
  }
  EXPECT_EQ(seated.size(), 11u);
  // The start grace: every table not finished is started with bots for the absent.
  ASSERT_EQ(timer_.pending.size(), 1u);
  EXPECT_EQ(timer_.pending[0].first, std::chrono::milliseconds(5000));
  service_.match_ended(outcome(round.tables[0], {1, 2, 3, 4}));
  timer_.fire_all();
  EXPECT_EQ(tables_.started,
            (std::vector<std::string>{round.tables[1].room_id, round.tables[2].room_id}));
}

TEST_F(EventServiceTest, AnAbsentSeatScoresLastEvenWhenItsBotWon) {
  std::string id = signed_up(4);
  ASSERT_TRUE(service_.start(player(1), id));
  EventTable table = state(id).rounds[0].tables[0];
  TableOutcome out = outcome(table, {1, 2, 3, 4});
  out.seated[0] = "";  // a bot sat there (the seat was freed and refilled)
  out.left[1] = true;  // a bot played for the second seat's player, who never came back
  service_.match_ended(out);
  EventState now = state(id);
  ASSERT_TRUE(now.rounds[0].tables[0].result);
  EXPECT_EQ(now.rounds[0].tables[0].result->absent, (std::vector<bool>{true, true, false, false}));
  std::map<std::string, double> points;
  for (const Standing& s : standings(now.shape, now.entrants, now.results())) {
    points[s.player_id] = s.points;
  }
  // Present seats 3 and 4 take places 1 and 2 (3 and 2 points); the absent share 3rd-4th.
  EXPECT_DOUBLE_EQ(points[table.players[2]], 3);
  EXPECT_DOUBLE_EQ(points[table.players[3]], 2);
  EXPECT_DOUBLE_EQ(points[table.players[0]], 0.5);
  EXPECT_DOUBLE_EQ(points[table.players[1]], 0.5);
  // The client is shown the same points by seat, beside the match's own placings (the
  // winning bot's seat says placing 1 and earns the absent's share).
  const Json seats = (*service_.view(id))["played"][0]["tables"][0]["players"];
  EXPECT_EQ(seats[0]["placing"], 1);
  const std::vector<double> shown = {seats[0]["points"], seats[1]["points"], seats[2]["points"],
                                     seats[3]["points"]};
  EXPECT_EQ(shown, (std::vector<double>{0.5, 0.5, 3, 2}));
}

TEST_F(EventServiceTest, RoundsFollowEachOtherIntoTheStandingsAndTheEventFinishes) {
  std::string id = signed_up(8, perico_night(2));
  ASSERT_TRUE(service_.start(player(1), id));
  timer_.pending.clear();  // the start grace: not needed, everyone plays
  play_round(id);
  EventState after_one = state(id);
  ASSERT_EQ(after_one.rounds.size(), 1u);
  EXPECT_TRUE(after_one.rounds[0].over());
  ASSERT_EQ(timer_.pending.size(), 1u) << "the next round after the pause";
  EXPECT_EQ(timer_.pending[0].first, std::chrono::milliseconds(100));
  timer_.fire_all();
  ASSERT_EQ(state(id).rounds.size(), 2u);
  timer_.pending.clear();
  play_round(id);
  EventState done = state(id);
  EXPECT_EQ(done.status, EventStatus::kFinished);
  Json view = *service_.view(id);
  ASSERT_EQ(view["standings"].size(), 8u);
  // Each seat was placed by its index (1st, 2nd, ...): 3, 2, 1, 0 points a round.
  std::map<std::string, double> expected;
  for (const EventRound& round : done.rounds) {
    for (const EventTable& table : round.tables) {
      for (std::size_t s = 0; s < table.players.size(); ++s) expected[table.players[s]] += 3.0 - s;
    }
  }
  double previous = 1e9;
  for (const Json& row : view["standings"]) {
    EXPECT_DOUBLE_EQ(row["points"].get<double>(), expected[row["id"].get<std::string>()]);
    EXPECT_EQ(row["matches"], 2);
    EXPECT_LE(row["points"].get<double>(), previous) << "best first";
    previous = row["points"].get<double>();
  }
  EXPECT_EQ(view["standings"][0]["rank"], 1);
  EXPECT_FALSE(view["deal_secret"].is_null()) << "revealed at the end";
  EXPECT_TRUE(timer_.pending.empty());
  // Only the latest finished are listed after the open ones; this one is there.
  EXPECT_EQ(service_.list()[0]["status"], "finished");
}

TEST_F(EventServiceTest, ADropOutKeepsTheirStandingButIsSeatedNoMore) {
  std::string id = signed_up(5, perico_night(2));  // 5 at 4 seats min 3: one table of 4, a bye
  ASSERT_TRUE(service_.start(player(1), id));
  timer_.pending.clear();
  EventState now = state(id);
  ASSERT_EQ(now.rounds[0].tables.size(), 1u);
  ASSERT_EQ(now.rounds[0].byes.size(), 1u);
  const std::string leaver = now.rounds[0].tables[0].players[0];
  ASSERT_TRUE(service_.leave(Caller{leaver, "", false, false}, id));
  play_round(id);  // the leaver's seat still counts this round (a bot played it, say)
  timer_.fire_all();
  EventState two = state(id);
  ASSERT_EQ(two.rounds.size(), 2u);
  for (const EventTable& table : two.rounds[1].tables) {
    for (const std::string& p : table.players) EXPECT_NE(p, leaver);
  }
  EXPECT_EQ(two.rounds[1].tables.size(), 1u);
  EXPECT_EQ(two.rounds[1].tables[0].players.size(), 4u) << "the other four";
  Json view = *service_.view(id);
  bool found = false;
  for (const Json& row : view["standings"]) {
    if (row["id"] == leaver) {
      found = true;
      EXPECT_TRUE(row["dropped"].get<bool>());
      EXPECT_EQ(row["matches"], 1);
    }
  }
  EXPECT_TRUE(found);
  EXPECT_EQ(service_.leave(Caller{leaver, "", false, false}, id).error().code, "not_entered");
}

TEST_F(EventServiceTest, ADuplicateRoundDealsTheSameSeedAtEveryTableAndShowsItAfter) {
  CreateEvent create = perico_night(2);
  create.duplicate = true;
  std::string id = signed_up(8, create);
  ASSERT_TRUE(service_.start(player(1), id));
  EventState now = state(id);
  const std::string secret = now.deal_secret;
  ASSERT_EQ(secret.size(), 64u);
  const std::string seed1 = protocol::deal_commitment(*Seed::from_hex(secret), 1);
  for (const EventTable& table : now.rounds[0].tables) {
    EXPECT_EQ(tables_.requests[table.room_id].seed_hex, seed1);
  }
  Json view = *service_.view(id);
  EXPECT_TRUE(view["played"][0]["deal_seed"].is_null()) << "secret while the round is played";
  EXPECT_TRUE(view["deal_secret"].is_null());
  EXPECT_FALSE(view["played"][0]["tables"][0]["players"][0].contains("points"))
      << "matchpoints compare the tables: none before the round is over";
  timer_.pending.clear();
  play_round(id);
  const Json over = *service_.view(id);
  EXPECT_EQ(over["played"][0]["deal_seed"], seed1);
  // Every seat's matchpoints against the other table's same seat, as the rules score them.
  const std::vector<std::vector<double>> expected = matchpoints(state(id).rounds[0].result());
  for (std::size_t t = 0; t < expected.size(); ++t) {
    for (std::size_t seat = 0; seat < expected[t].size(); ++seat) {
      EXPECT_DOUBLE_EQ(over["played"][0]["tables"][t]["players"][seat]["points"].get<double>(),
                       expected[t][seat]);
    }
  }
  timer_.fire_all();
  EventState two = state(id);
  const std::string seed2 = protocol::deal_commitment(*Seed::from_hex(secret), 2);
  EXPECT_NE(seed1, seed2);
  for (const EventTable& table : two.rounds[1].tables) {
    EXPECT_EQ(tables_.requests[table.room_id].seed_hex, seed2);
  }
}

TEST_F(EventServiceTest, AnAbortedTableCountsEverySeatAbsent) {
  std::string id = signed_up(4, perico_night(1));
  ASSERT_TRUE(service_.start(player(1), id));
  EventTable table = state(id).rounds[0].tables[0];
  service_.match_ended(TableOutcome::aborted_in(table.room_id));
  EventState done = state(id);
  EXPECT_EQ(done.status, EventStatus::kFinished);
  EXPECT_EQ(done.rounds[0].tables[0].result->absent, std::vector<bool>(4, true));
}

// At shutdown the rooms close and their matches end unfinished; those are not results
// (the rooms come back after the restart), so a stopped service scores nothing.
TEST_F(EventServiceTest, AStoppedServiceTakesNoTableEndAsAResult) {
  std::string id = signed_up(4, perico_night(2));
  ASSERT_TRUE(service_.start(player(1), id));
  EventTable table = state(id).rounds[0].tables[0];
  service_.stop();
  service_.match_ended(TableOutcome::aborted_in(table.room_id));
  EventState kept = state(id);
  EXPECT_EQ(kept.status, EventStatus::kRunning);
  ASSERT_EQ(kept.rounds.size(), 1u);
  EXPECT_FALSE(kept.rounds[0].tables[0].result.has_value());
}

TEST_F(EventServiceTest, ASavedEventIsTakenBackAfterARestart) {
  std::string id = signed_up(8, perico_night(2));
  ASSERT_TRUE(service_.start(player(1), id));
  EventState before = state(id);
  service_.match_ended(outcome(before.rounds[0].tables[0], {1, 2, 3, 4}));
  // The restart: a new service over the same saved rows; the second table's room is gone.
  tables_.rooms.erase(before.rounds[0].tables[1].room_id);
  FakeTimer timer;
  EventService again(options(), tables_, saver_, timer.timer(), &testing::fixed_random);
  EXPECT_EQ(again.resume(saver_.texts()), 1);
  EventState after = *again.state(id);
  EXPECT_EQ(after.status, EventStatus::kRunning);
  ASSERT_EQ(after.rounds.size(), 1u);
  EXPECT_EQ(after.rounds[0].tables[0].result->placings, (std::vector<int>{1, 2, 3, 4}));
  EXPECT_EQ(after.rounds[0].tables[1].result->absent, std::vector<bool>(4, true)) << "room gone";
  ASSERT_EQ(timer.pending.size(), 1u) << "round 2 after the pause";
  timer.fire_all();
  EXPECT_EQ(again.state(id)->rounds.size(), 2u);
  // New events are numbered after the taken-back ones.
  EXPECT_EQ((*again.create(player(3), perico_night()))["id"], "E2");
}

// A table's match ended just before the server died: its end was saved, the event's
// record of it not (or recovery finished it from its journal before the event was back to
// hear it). After the restart the event reads that match from the store and counts it:
// the table is scored, not started again for a second match.
TEST_F(EventServiceTest, AMatchThatEndedUnheardBeforeTheRestartCounts) {
  std::string id = signed_up(8, perico_night(2));
  ASSERT_TRUE(service_.start(player(1), id));
  EventState before = state(id);
  service_.match_ended(outcome(before.rounds[0].tables[0], {1, 2, 3, 4}));
  const EventTable& unheard = before.rounds[0].tables[1];
  TableOutcome ended = outcome(unheard, {2, 1, 4, 3});
  ended.match_id = "M-unheard";
  ended.left[3] = true;  // its human left before the end: absent, as when heard live
  tables_.ended[unheard.room_id] = ended;
  FakeTimer timer;
  EventService again(options(), tables_, saver_, timer.timer(), &testing::fixed_random);
  ASSERT_EQ(again.resume(saver_.texts()), 1);
  EventState after = *again.state(id);
  const EventTable& scored = after.rounds[0].tables[1];
  ASSERT_TRUE(scored.result.has_value());
  EXPECT_EQ(scored.result->placings, (std::vector<int>{2, 1, 4, 3}));
  EXPECT_EQ(scored.result->absent, (std::vector<bool>{false, false, false, true}));
  EXPECT_EQ(scored.match_id, "M-unheard");
  EXPECT_TRUE(after.rounds[0].over());
  // No start grace for a second match: only the pause before round 2.
  ASSERT_EQ(timer.pending.size(), 1u);
  timer.fire_all();
  EXPECT_EQ(again.state(id)->rounds.size(), 2u);
  EXPECT_EQ(saver_.texts().size(), 1u);
  EXPECT_NE(saver_.saved.at(id).find("\"match\":\"M-unheard\""), std::string::npos)
      << "the event's saved state names the match, for its replay and verify";
}

}  // namespace
}  // namespace parlor::server::events
