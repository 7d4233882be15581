// A club night end to end on the real parlor-server (protocol/README.md, "Club nights"):
// twelve players, network test clients, sign up for four Swiss rounds of four-seat
// Perico; each round every player asks `event` for their table, joins it by its code,
// and the table's match starts by itself once its four are seated; the clients play it
// with the game's own bot policy (match_driver.hpp). The standings are checked against
// place points worked out here from the placings the clients saw in their own
// match_over messages. Then: a table whose player stays away starts after the start
// grace with a bot in the seat, which scores as last; and the server restarted in the
// middle of an event takes it back.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "tests/server/event_clients.hpp"
#include "tests/server/match_driver.hpp"
#include "tests/server/server_process.hpp"
#include "tests/server/ws_client.hpp"
#include "tests/support/built_paths.hpp"

namespace parlor::testing {
namespace {

constexpr auto kMatchTimeout = std::chrono::seconds(120);
const Json kPericoOptions = {{"scoring", "outranked"}, {"target", 3}};

Json create_night(ClientPool& pool, WsClient& organiser, int rounds) {
  return ok(pool, organiser,
            {{"type", "create_event"},
             {"name", "Thursday Perico"},
             {"game", "perico"},
             {"options", kPericoOptions},
             {"seats", 4},
             {"rounds", rounds},
             {"pairing", "swiss"}})["event"];
}

// Plays every table of the event's current round: each player joins by the code the
// event gives them, the match starts by itself, the clients play it. Adds each player's
// place points (from their own match_over) to `points`.
void play_round(ClientPool& pool, std::map<std::string, Entrant*>& by_id, const Json& round,
                const std::string& event_id, std::map<std::string, double>& points) {
  for (const Json& table : round["tables"]) {
    std::vector<TablePlayer> players;
    for (const Json& seat : table["players"]) {
      players.push_back(
          come_to_table(by_id.at(seat["id"].get<std::string>())->client, "perico", table, seat));
    }
    // The room says it is the event's table, so a client that enters it leads back there.
    const Json room = pool.take_type(*players[0].client, "room");
    EXPECT_EQ(room["room"]["event"], event_id) << room.dump();
    MatchLog log;
    std::string failure;
    ASSERT_TRUE(drive_match(pool, table["room"], players, log, kMatchTimeout, failure)) << failure;
    std::vector<int> placings =
        players[0].match_over["results"]["placings"].get<std::vector<int>>();
    std::vector<double> earned = place_points_by_hand(placings);
    for (std::size_t s = 0; s < players.size(); ++s) {
      points[table["players"][s]["id"].get<std::string>()] += earned[s];
    }
    for (TablePlayer& player : players) {
      ok(pool, *player.client, {{"type", "leave_room"}, {"room", table["room"]}});
      player.client->inbox.clear();
    }
  }
}

TEST(EventServer, TwelvePlayersFourSwissRoundsOfPericoIntoTheStandings) {
  ServerProcess server(parlor_server_path(), event_server_flags("60000"));
  ClientPool pool;
  std::vector<Entrant> entrants = greet(pool, server.port(), 12);
  std::map<std::string, Entrant*> by_id;
  for (Entrant& e : entrants) by_id[e.id] = &e;
  Json event = create_night(pool, *entrants[0].client, 4);
  const std::string id = event["id"];
  EXPECT_EQ(event["status"], "signup");
  EXPECT_EQ(event["min_seats"], 3);
  for (Entrant& e : entrants) ok(pool, *e.client, {{"type", "join_event"}, {"event", id}});
  Json refused = pool.request(*entrants[3].client, {{"type", "start_event"}, {"event", id}});
  EXPECT_EQ(refused.value("code", ""), "forbidden") << "only the organiser or an operator";
  Json started = ok(pool, *entrants[0].client, {{"type", "start_event"}, {"event", id}});
  EXPECT_EQ(started["event"]["status"], "running");
  Json late = pool.request(*entrants[5].client, {{"type", "join_event"}, {"event", id}});
  EXPECT_EQ(late.value("code", ""), "signup_closed");

  std::map<std::string, double> points;
  std::map<std::string, std::set<std::string>> met;
  for (int r = 1; r <= 4; ++r) {
    SCOPED_TRACE("round " + std::to_string(r));
    Json now = wait_event(pool, *entrants[0].client, id, [&](const Json& e) {
      return e["round"] == r && e["played"].size() == static_cast<std::size_t>(r);
    });
    const Json& round = now["played"][r - 1];
    ASSERT_EQ(round["tables"].size(), 3u);
    EXPECT_TRUE(round["byes"].empty());
    for (const Json& table : round["tables"]) {
      ASSERT_EQ(table["players"].size(), 4u);
      EXPECT_FALSE(table["room"].get<std::string>().empty());
    }
    play_round(pool, by_id, round, id, points);
    if (::testing::Test::HasFatalFailure()) return;
  }
  Json done = wait_event(pool, *entrants[0].client, id,
                         [](const Json& e) { return e["status"] == "finished"; });
  ASSERT_EQ(done["status"], "finished");
  ASSERT_EQ(done["standings"].size(), 12u);
  double previous = 1e9;
  double total = 0;
  for (const Json& row : done["standings"]) {
    const std::string player = row["id"];
    EXPECT_DOUBLE_EQ(row["points"].get<double>(), points[player]) << player;
    EXPECT_EQ(row["matches"], 4);
    EXPECT_EQ(row["byes"], 0);
    EXPECT_FALSE(row["dropped"].get<bool>());
    EXPECT_LE(row["points"].get<double>(), previous + 1e-9) << "best first";
    previous = row["points"].get<double>();
    total += row["points"].get<double>();
  }
  EXPECT_DOUBLE_EQ(total, 4 * 3 * 6.0) << "each table shares 3+2+1+0";
  // Every table's result by seat is in the event too, no seat was absent, and each
  // seat's points are its place points (the sums are the standings checked above).
  std::map<std::string, double> shown;
  for (const Json& round : done["played"]) {
    for (const Json& table : round["tables"]) {
      EXPECT_TRUE(table["finished"].get<bool>());
      // The table names its match's record, which the history API serves.
      ASSERT_TRUE(table["match"].is_string()) << table.dump();
      const std::string record =
          http_get(server.port(), "/api/matches/" + table["match"].get<std::string>());
      EXPECT_EQ(http_status(record), 200) << record.substr(0, 300);
      EXPECT_NE(http_body(record).find(table["room"].get<std::string>()), std::string::npos);
      std::vector<int> placings;
      for (const Json& seat : table["players"]) placings.push_back(seat["placing"].get<int>());
      const std::vector<double> earned = place_points_by_hand(placings);
      for (std::size_t s = 0; s < table["players"].size(); ++s) {
        const Json& seat = table["players"][s];
        EXPECT_FALSE(seat["absent"].get<bool>());
        EXPECT_DOUBLE_EQ(seat["points"].get<double>(), earned[s]) << seat.dump();
        shown[seat["id"].get<std::string>()] += seat["points"].get<double>();
      }
    }
  }
  EXPECT_EQ(shown, points);
  Json list = ok(pool, *entrants[1].client, {{"type", "events"}});
  ASSERT_FALSE(list["events"].empty());
  EXPECT_EQ(list["events"][0]["id"], id);
}

TEST(EventServer, ARestartResumesTheEventAndAnAbsentPlayerGetsABotAndScoresLast) {
  TempFolder folder;
  ASSERT_FALSE(folder.path.empty());
  std::vector<std::string> flags = event_server_flags("4000");
  flags.insert(flags.end(), {"--db", folder.path + "/parlor.db"});
  std::string id;
  std::vector<Entrant> entrants;
  Json table;
  int port = 0;
  {
    // The first server: four sign up, the event starts, its one table waits for them...
    ServerProcess first(parlor_server_path(), flags);
    port = first.port();
    ClientPool pool;
    entrants = greet(pool, port, 4);
    id = create_night(pool, *entrants[0].client, 2)["id"];
    for (Entrant& e : entrants) ok(pool, *e.client, {{"type", "join_event"}, {"event", id}});
    Json started = ok(pool, *entrants[0].client, {{"type", "start_event"}, {"event", id}});
    ASSERT_EQ(started["event"]["played"].size(), 1u) << started.dump();
    table = started["event"]["played"][0]["tables"][0];
    // ...and the server stops before anyone sits down.
    ASSERT_EQ(first.stop(), 0) << first.log();
  }
  // The second server on the same database takes the event and its table back. Three of
  // the four come back; the fourth stays away (a hello would take them back to their seat).
  const std::string absent = table["players"][3]["id"];
  ServerProcess second(parlor_server_path(), flags, port);
  ClientPool pool;
  std::map<std::string, WsClient*> back;
  for (const Entrant& e : entrants) {
    if (e.id == absent) continue;
    WsClient* client = pool.connect(second.port());
    ASSERT_NE(client, nullptr);
    ASSERT_EQ(pool.hello(*client, "", e.token)["player"]["id"], e.id);
    back[e.id] = client;
  }
  WsClient* organiser = back[table["players"][0]["id"].get<std::string>()];
  Json resumed = ok(pool, *organiser, {{"type", "event"}, {"event", id}})["event"];
  EXPECT_EQ(resumed["status"], "running");
  ASSERT_EQ(resumed["played"].size(), 1u);
  EXPECT_EQ(resumed["played"][0]["tables"][0]["room"], table["room"]);
  // After the start grace the match starts with a bot in the absent seat, and the three
  // play it.
  std::vector<TablePlayer> players;
  for (int s = 0; s < 3; ++s) {
    const Json& seat = table["players"][s];
    players.push_back(come_to_table(back[seat["id"].get<std::string>()], "perico", table, seat));
  }
  MatchLog log;
  std::string failure;
  ASSERT_TRUE(drive_match(pool, table["room"], players, log, kMatchTimeout, failure)) << failure;
  // Round 2: nobody comes; after the grace bots play every seat, all absent, and the
  // event ends.
  Json done = wait_event(
      pool, *organiser, id, [](const Json& e) { return e["status"] == "finished"; }, 120s);
  ASSERT_EQ(done["status"], "finished") << done.dump();
  ASSERT_EQ(done["played"].size(), 2u);
  const Json& first_table = done["played"][0]["tables"][0];
  EXPECT_TRUE(first_table["match"].is_string()) << "kept across the restart: " << first_table;
  std::vector<int> present_placings;
  for (const Json& seat : first_table["players"]) {
    EXPECT_EQ(seat["absent"].get<bool>(), seat["id"] == absent) << seat.dump();
    if (seat["id"] != absent) present_placings.push_back(seat["placing"].get<int>());
    // Last, whatever its bot's placing: the event's points are the player's.
    if (seat["id"] == absent) {
      EXPECT_DOUBLE_EQ(seat["points"].get<double>(), 0) << seat.dump();
    }
  }
  // The absent seat is last whatever its bot did (0 points); the three present take the
  // first three places in the order of their placings.
  std::vector<double> present = place_points_by_hand(present_placings);
  std::map<std::string, double> expected;
  for (int s = 0; s < 3; ++s) expected[first_table["players"][s]["id"]] = present[s] + 1 + 1.5;
  expected[absent] = 0 + 1.5;  // round 2: four absent seats share 3+2+1+0
  for (const Json& row : done["standings"]) {
    EXPECT_DOUBLE_EQ(row["points"].get<double>(), expected[row["id"].get<std::string>()])
        << row.dump();
  }
  for (const Json& seat : done["played"][1]["tables"][0]["players"]) {
    EXPECT_TRUE(seat["absent"].get<bool>());
  }
}

}  // namespace
}  // namespace parlor::testing
