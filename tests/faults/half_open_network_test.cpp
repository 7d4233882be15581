// Half-open connections made by the network itself: players whose side vanishes without
// a FIN or a RST (a laptop lid closed, a NAT that forgot the flow, a cable pulled). The
// server runs in a network namespace of the test's own and these players in another,
// joined by a veth pair; until the cut they are ordinary clients that read and answer
// the server's pings, then their end of the pair goes down and nothing crosses again.
// The server must notice within its idle timeout, close their sockets (descriptors back
// to the baseline, the connection gauge too), give their seats up after the grace period
// (a seat in a waiting room is freed; in a match a bot plays it and the match goes on),
// and meanwhile serve the other rooms at their usual pace.
#include <gtest/gtest.h>

#include <memory>

#include "tests/faults/fault_support.hpp"
#include "tests/faults/thread_network_namespace.hpp"
#include "tests/faults/veth_namespaces.hpp"
#include "tests/server/server_process.hpp"
#include "tests/support/built_paths.hpp"

namespace parlor::testing {
namespace {

constexpr int kIdleSeconds = 2;
constexpr int kGraceSeconds = 2;

// The room's object from a `room` reply or push (null if none).
Json room_state(ClientPool& pool, WsClient& host, const std::string& room_id) {
  Json reply = pool.request(host, {{"type", "get_state"}, {"room", room_id}});
  return reply.value("type", "") == "room" ? reply["room"] : Json();
}

int count_seats(const Json& room, const std::function<bool(const Json&)>& match) {
  int count = 0;
  if (!room.is_object()) return -1;
  for (const Json& seat : room["seats"]) count += match(seat) ? 1 : 0;
  return count;
}

bool connected_human(const Json& seat) {
  return seat.value("kind", "") == "human" && seat.value("connected", false);
}

// Players on the far side of the pair: each says hello and takes a seat in `room_code`.
std::vector<WsClient*> seat_players(ClientPool& pool, int port, const std::string& room_code,
                                    int count, const std::string& name) {
  std::vector<WsClient*> players;
  for (int i = 0; i < count; ++i) {
    WsClient* player = pool.connect(port);
    if (!player || pool.hello(*player, name + std::to_string(i)).value("type", "") != "welcome") {
      return {};
    }
    Json joined = pool.request(*player, {{"type", "join_room"}, {"code", room_code}});
    if (joined.value("type", "") != "room") return {};
    players.push_back(player);
  }
  return players;
}

TEST(NetworkFaults, PlayersWhoseNetworkVanishesAreDroppedAndTheirSeatsGiven) {
  VethNamespaces network;
  if (!network.ready()) GTEST_SKIP() << "no network namespaces here: " << network.why_not();
  const int port = free_port();  // free in the machine's namespace, so server_pid is unique
  ThreadNetworkNamespace server_side(network.server_namespace());
  ASSERT_TRUE(server_side.entered());
  // Started from this thread, the server lives in the server's namespace; 0.0.0.0 there
  // is its loopback and its end of the pair only.
  ServerProcess server(parlor_server_path(),
                       {"--address", "0.0.0.0", "--idle-timeout", std::to_string(kIdleSeconds),
                        "--grace-seconds", std::to_string(kGraceSeconds), "--bot-delay-ms", "0",
                        "--round-pause-ms", "0", "--turn-seconds", "0", "--rate", "0",
                        "--max-connections-per-ip", "0", "--log-level", "info"},
                       port);
  const pid_t pid = server_pid(port);
  ASSERT_GT(pid, 0);

  ClientPool pool;  // on the server's side: a table that keeps playing, and a host
  TimedTable table(pool, port);
  ASSERT_TRUE(table.ready());
  WsClient* host = pool.connect(port);
  ASSERT_NE(host, nullptr);
  ASSERT_EQ(pool.hello(*host, "host").value("type", ""), "welcome");
  auto create_room = [&] {
    return pool.request(*host, {{"type", "create_room"},
                                {"game", "perico"},
                                {"seats", 4},
                                {"visibility", "private"},
                                {"turn_seconds", 0},
                                {"bot_delay_ms", 0},
                                {"sit", false}})["room"];
  };
  const Json waiting_room = create_room();  // four far players wait for a match
  const Json playing_room = create_room();  // two far players and two bots play
  ASSERT_TRUE(waiting_room.contains("code") && playing_room.contains("code"));
  table.play_for(2s);
  table.take_round_trips();
  table.play_for(3s);
  const std::vector<double> before = table.take_round_trips();
  const int sockets_before = open_sockets(pid);
  const int fds_before = open_fds(pid);
  const long long connections_before = metric(port, "parlor_connections");

  ClientPool far_pool;  // created in the clients' namespace, reaching the server's address
  far_pool.address = network.server_address();
  std::vector<WsClient*> waiting_players, playing_players;
  {
    ThreadNetworkNamespace client_side(network.client_namespace());
    ASSERT_TRUE(client_side.entered());
    waiting_players = seat_players(far_pool, port, waiting_room["code"], 4, "waiting");
    playing_players = seat_players(far_pool, port, playing_room["code"], 2, "playing");
  }
  ASSERT_EQ(waiting_players.size(), 4u);
  ASSERT_EQ(playing_players.size(), 2u);
  const std::string playing_id = playing_room["id"];
  for (int i = 0; i < 2; ++i) {
    ASSERT_EQ(pool.request(*host, {{"type", "add_bot"}, {"room", playing_id}, {"level", "random"}})
                  .value("type", ""),
              "ok");
  }
  ASSERT_EQ(pool.request(*host, {{"type", "start"}, {"room", playing_id}}).value("type", ""), "ok");
  // Connected and answering pings for longer than the idle timeout: they are not idle.
  for (int i = 0; i < 3 * kIdleSeconds * 10; ++i) {
    far_pool.pump(50ms);
    table.play_for(50ms);
  }
  for (WsClient* player : waiting_players) ASSERT_FALSE(player->closed);
  for (WsClient* player : playing_players) ASSERT_FALSE(player->closed);
  const int sockets_with_far = open_sockets(pid);
  EXPECT_EQ(sockets_with_far, sockets_before + 6) << fd_targets(pid);
  EXPECT_EQ(count_seats(room_state(pool, *host, waiting_room["id"]), connected_human), 4);
  const Json playing_before = room_state(pool, *host, playing_id);
  EXPECT_EQ(playing_before.value("status", ""), "playing");
  EXPECT_EQ(count_seats(playing_before, connected_human), 2);

  // Timed from before the command: the link is down somewhere within it.
  const auto cut_at = std::chrono::steady_clock::now();
  ASSERT_TRUE(network.cut_clients_link(true));
  bool dropped = false;
  for (int i = 0; i < 200 && !dropped; ++i) {  // at most ~10 s
    far_pool.pump(1ms);                        // their side still runs: only the wire is gone
    table.play_for(50ms);
    dropped = open_sockets(pid) <= sockets_before;
  }
  const std::chrono::duration<double> noticed = std::chrono::steady_clock::now() - cut_at;
  EXPECT_TRUE(dropped) << fd_targets(pid);
  // Not before the ping had its chance. The server pings half the idle timeout after it
  // last heard from a player and closes half the timeout after that, so the drop comes
  // more than half the timeout after the cut, less one thing: a ping sent just before
  // the cut whose pong the players' side had not yet written (it runs every ~50 ms here)
  // goes unanswered too.
  EXPECT_GE(noticed.count(), kIdleSeconds * 0.5 - 0.1);
  EXPECT_LE(noticed.count(), kIdleSeconds + 3.0);
  EXPECT_EQ(metric(port, "parlor_connections"), connections_before);

  // After the grace period: the waiting room's seats are free, the match's are the bots'.
  Json waiting_after, playing_after;
  for (int i = 0; i < 100; ++i) {  // ~10 s at most
    table.play_for(100ms);
    waiting_after = room_state(pool, *host, waiting_room["id"]);
    playing_after = room_state(pool, *host, playing_id);
    auto bot_plays = [](const Json& seat) { return seat.value("bot_plays", false); };
    auto empty = [](const Json& seat) { return seat.value("kind", "") == "empty"; };
    if (count_seats(waiting_after, empty) == 4 && count_seats(playing_after, bot_plays) == 2) break;
  }
  EXPECT_EQ(
      count_seats(waiting_after, [](const Json& s) { return s.value("kind", "") == "empty"; }), 4)
      << waiting_after.dump();
  EXPECT_EQ(count_seats(playing_after, [](const Json& s) { return s.value("bot_plays", false); }),
            2)
      << playing_after.dump();
  // The match goes on with the bots in their seats: the host, watching, sees it end.
  const Json over = pool.take_type(*host, "match_over", 30s);
  EXPECT_EQ(over.value("room", ""), playing_id) << over.dump();

  table.play_for(3s);
  const std::vector<double> during = table.take_round_trips();
  const int fds_after = open_fds(pid);
  std::printf(
      "network half-open: 6 players cut off, sockets dropped %.1f s after the cut (idle %d s); "
      "sockets %d -> %d -> %d; descriptors %d -> %d; the other table: before n=%zu p99 %.1f "
      "ms, after the cut n=%zu p99 %.1f ms\n",
      noticed.count(), kIdleSeconds, sockets_before, sockets_with_far, open_sockets(pid),
      fds_before, fds_after, before.size(), percentile(before, 99), during.size(),
      percentile(during, 99));
  EXPECT_EQ(open_sockets(pid), sockets_before);
  // One more descriptor is allowed: SQLite opens a connection's WAL handle lazily.
  EXPECT_LE(fds_after, fds_before + 1) << fd_targets(pid);
  EXPECT_FALSE(table.broken());
  ASSERT_GE(before.size(), 10u);
  ASSERT_GE(during.size(), 10u);
  EXPECT_LE(percentile(during, 99), 4 * percentile(before, 99) + 100);
  EXPECT_EQ(server.stop(), 0) << server.log();
}

}  // namespace
}  // namespace parlor::testing
