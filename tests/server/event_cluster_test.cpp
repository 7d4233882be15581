// A club night in a cluster (server/cluster/event_registry.hpp; protocol/README.md, "Club
// nights"): two parlor-server nodes on one throwaway PostgreSQL. The night is created
// on node a, where four members sign up for two Swiss rounds of two-seat Perico; a client
// of node b asking about it is sent to node a (room_elsewhere naming the event), and so
// is one of a node c started while the event runs (it does not take the event). Round
// 1's first table is played on a; then node a is killed (SIGKILL, nothing flushed) with
// round 1's second table not yet played. Node b declares a dead, takes the event with
// its tables, and resumes it: the first table's result is kept, the second table waits
// in its room on b for its players, who come back on b with their tokens and play it;
// round 2 is paired and played on b, and the standings are the place points of every
// table's placings as the clients saw them. Skipped without PostgreSQL.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "engine/registry/registry.hpp"
#include "tests/server/event_clients.hpp"
#include "tests/server/match_driver.hpp"
#include "tests/server/server_process.hpp"
#include "tests/server/ws_client.hpp"
#include "tests/support/built_paths.hpp"
#include "tests/support/throwaway_postgres.hpp"

namespace parlor::testing {
namespace {

constexpr auto kMatchTimeout = std::chrono::seconds(120);

std::vector<std::string> node_flags(const std::string& uri, const std::string& node) {
  std::vector<std::string> flags = event_server_flags("60000");
  flags.insert(flags.end(), {"--db", uri, "--node", node});
  return flags;
}

// The players of `table` (their clients in `clients`) come to it and play it; each
// one's place points are added to `points`. They leave the room afterwards.
void play_table(ClientPool& pool, std::map<std::string, WsClient*>& clients, const Json& table,
                std::map<std::string, double>& points) {
  std::vector<TablePlayer> players;
  for (const Json& seat : table["players"]) {
    players.push_back(
        come_to_table(clients.at(seat["id"].get<std::string>()), "perico", table, seat));
  }
  pool.take_type(*players[0].client, "room");
  MatchLog log;
  std::string failure;
  ASSERT_TRUE(drive_match(pool, table["room"], players, log, kMatchTimeout, failure)) << failure;
  const std::vector<double> earned =
      place_points_by_hand(players[0].match_over["results"]["placings"].get<std::vector<int>>());
  for (std::size_t s = 0; s < players.size(); ++s) {
    points[table["players"][s]["id"].get<std::string>()] += earned[s];
  }
  for (TablePlayer& player : players) {
    ok(pool, *player.client, {{"type", "leave_room"}, {"room", table["room"]}});
    player.client->inbox.clear();
  }
}

TEST(EventCluster, ANodeDiesMidRoundAndASurvivorFinishesTheNight) {
  if (!find_game("perico")) GTEST_SKIP() << "no perico in this build";
  std::string why;
  std::unique_ptr<ThrowawayPostgres> postgres = ThrowawayPostgres::start(why);
  if (!postgres) GTEST_SKIP() << "PostgreSQL is not available: " << why;
  const std::string uri = postgres->create_database("events_cluster");
  auto node_a = std::make_unique<ServerProcess>(parlor_server_path(), node_flags(uri, "a"));
  ServerProcess node_b(parlor_server_path(), node_flags(uri, "b"));

  ClientPool pool;
  std::vector<Entrant> entrants = greet(pool, node_a->port(), 4);
  ASSERT_EQ(entrants.size(), 4u);
  Json created = ok(pool, *entrants[0].client,
                    {{"type", "create_event"},
                     {"name", "Cluster Perico"},
                     {"game", "perico"},
                     {"options", {{"scoring", "outranked"}, {"target", 3}}},
                     {"seats", 2},
                     {"rounds", 2}})["event"];
  const std::string id = created["id"];
  EXPECT_EQ(id.substr(id.size() - 2), "-a") << "minted by node a";
  for (Entrant& e : entrants) ok(pool, *e.client, {{"type", "join_event"}, {"event", id}});

  // Node b does not run it: its client is sent to node a, as for a room held there.
  WsClient* watcher = pool.connect(node_b.port());
  ASSERT_NE(watcher, nullptr);
  pool.hello(*watcher, "Watcher");
  Json sent = pool.request(*watcher, {{"type", "event"}, {"event", id}}, 20s);
  EXPECT_EQ(sent.value("code", ""), "room_elsewhere") << sent.dump();
  EXPECT_EQ(sent.value("event", ""), id) << sent.dump();
  EXPECT_EQ(sent.value("node", ""), "a") << sent.dump();
  EXPECT_NE(sent.value("url", "").find(":" + std::to_string(node_a->port()) + "/"),
            std::string::npos)
      << sent.dump();
  Json unknown = pool.request(*watcher, {{"type", "event"}, {"event", "E99-a"}}, 20s);
  EXPECT_EQ(unknown.value("code", ""), "no_such_event") << unknown.dump();

  Json started = ok(pool, *entrants[0].client, {{"type", "start_event"}, {"event", id}});
  const Json round1 = started["event"]["played"][0];
  ASSERT_EQ(round1["tables"].size(), 2u) << started.dump();
  {
    // A node started while the event runs leaves it to a: it sends its client there
    // (resumed by every node, the event's tables, absent from its lobby, would have been
    // scored as if nobody came). It leaves again before a dies, so that b is the survivor.
    ServerProcess node_c(parlor_server_path(), node_flags(uri, "c"));
    WsClient* client = pool.connect(node_c.port());
    ASSERT_NE(client, nullptr);
    pool.hello(*client, "Passer-by");
    Json elsewhere = pool.request(*client, {{"type", "event"}, {"event", id}}, 20s);
    EXPECT_EQ(elsewhere.value("code", ""), "room_elsewhere") << elsewhere.dump();
    EXPECT_EQ(elsewhere.value("node", ""), "a") << elsewhere.dump();
    EXPECT_EQ(node_c.stop(), 0) << node_c.log();
  }
  std::map<std::string, WsClient*> on_a;
  for (Entrant& e : entrants) on_a[e.id] = e.client;
  std::map<std::string, double> points;
  play_table(pool, on_a, round1["tables"][0], points);
  if (HasFatalFailure()) return;
  Json before = wait_event(pool, *entrants[0].client, id, [](const Json& e) {
    return e["played"][0]["tables"][0]["finished"].get<bool>();
  });
  ASSERT_TRUE(before["played"][0]["tables"][0]["finished"].get<bool>()) << before.dump();
  // The event's save is queued after the match's end: give the store's writer its commit.
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  node_a->kill_now();

  // Node b takes the event once a's lease has run out (asked meanwhile, it holds the
  // answer for a survivor to take the event, then answers it itself).
  Json resumed = wait_event(
      pool, *watcher, id, [](const Json& e) { return e["status"] == "running"; }, 60s);
  ASSERT_EQ(resumed["status"], "running") << resumed.dump();
  ASSERT_EQ(resumed["played"].size(), 1u) << resumed.dump();
  // Everyone comes back on node b with their token (the web client would be sent there
  // by the proxy, or by room_elsewhere).
  std::map<std::string, WsClient*> on_b;
  for (const Entrant& e : entrants) {
    WsClient* client = pool.connect(node_b.port());
    ASSERT_NE(client, nullptr);
    Json welcome = pool.hello(*client, "", e.token);
    ASSERT_EQ(welcome["player"]["id"], e.id) << welcome.dump();
    on_b[e.id] = client;
  }
  WsClient& asker = *on_b[entrants[0].id];
  const Json& kept = resumed["played"][0]["tables"][0];
  EXPECT_TRUE(kept["finished"].get<bool>()) << "played on a, kept: " << kept.dump();
  EXPECT_EQ(kept["players"], before["played"][0]["tables"][0]["players"]);
  const Json& waiting = resumed["played"][0]["tables"][1];
  EXPECT_FALSE(waiting["finished"].get<bool>()) << waiting.dump();
  EXPECT_EQ(waiting["room"], round1["tables"][1]["room"]) << "its room came to b";
  for (const Json& seat : waiting["players"]) on_b[seat["id"].get<std::string>()]->inbox.clear();
  play_table(pool, on_b, waiting, points);
  if (HasFatalFailure()) return;

  Json round2 = wait_event(pool, asker, id, [](const Json& e) { return e["played"].size() == 2; });
  ASSERT_EQ(round2["played"].size(), 2u) << round2.dump();
  for (const Json& table : round2["played"][1]["tables"]) {
    play_table(pool, on_b, table, points);
    if (HasFatalFailure()) return;
  }
  Json done = wait_event(pool, asker, id, [](const Json& e) { return e["status"] == "finished"; });
  ASSERT_EQ(done["status"], "finished") << done.dump();
  ASSERT_EQ(done["standings"].size(), 4u);
  double total = 0;
  for (const Json& row : done["standings"]) {
    EXPECT_DOUBLE_EQ(row["points"].get<double>(), points[row["id"].get<std::string>()])
        << row.dump();
    EXPECT_EQ(row["matches"], 2) << row.dump();
    total += row["points"].get<double>();
  }
  EXPECT_DOUBLE_EQ(total, 2 * 2 * 1.0) << "each two-seat table shares 1+0";
  for (const Json& round : done["played"]) {
    for (const Json& table : round["tables"]) {
      for (const Json& seat : table["players"]) {
        EXPECT_FALSE(seat["absent"].get<bool>()) << seat.dump();
      }
    }
  }
}

}  // namespace
}  // namespace parlor::testing
