// The limits: message size, message rate, connections per IP, Origin, slow readers,
// empty rooms.
#include <gtest/gtest.h>

#include "tests/server/secret_server.hpp"

namespace parlor::testing {
namespace {

std::vector<std::string> with(std::vector<std::string> extra) {
  std::vector<std::string> flags = kFastTables;
  flags.insert(flags.end(), extra.begin(), extra.end());
  return flags;
}

TEST(ServerLimits, AnOversizedMessageClosesWith1009) {
  ClientPool pool;
  WsClient* client =
      greeted(pool, server_with(with({"--max-message-bytes", "1024"})).port(), "big");
  ASSERT_NE(client, nullptr);
  client->send({{"type", "ping"}, {"pad", std::string(2000, 'x')}});
  ASSERT_TRUE(pool.wait_for([&] { return client->closed; }, 5s));
  EXPECT_EQ(client->close_reason().code, websocket::close_code::too_big);
}

TEST(ServerLimits, AFloodIsRateLimitedThenClosed) {
  ClientPool pool;
  auto& server = server_with(with({"--rate", "5", "--burst", "5", "--flood-close-after", "10"}));
  WsClient* client = greeted(pool, server.port(), "flood");
  ASSERT_NE(client, nullptr);
  for (int i = 0; i < 60; ++i) client->send({{"type", "ping"}, {"id", i}});
  ASSERT_TRUE(pool.wait_for([&] { return client->closed; }, 5s));
  int pongs = 0, limited = 0, floods = 0;
  for (const Json& m : client->inbox) {
    if (is_type(m, "pong")) ++pongs;
    if (m.value("code", "") == "rate_limited") ++limited;
    if (m.value("code", "") == "flood") ++floods;
  }
  EXPECT_GE(pongs, 3);  // the burst (less the hello) got through
  EXPECT_LE(pongs, 8);
  EXPECT_GE(limited, 5);
  EXPECT_EQ(floods, 1);
  EXPECT_EQ(client->close_reason().code, websocket::close_code::policy_error);
}

TEST(ServerLimits, ARateLimitedClientThatSlowsDownGoesOn) {
  ClientPool pool;
  auto& server = server_with(with({"--rate", "20", "--burst", "3", "--flood-close-after", "50"}));
  WsClient* client = greeted(pool, server.port(), "eager");
  ASSERT_NE(client, nullptr);
  for (int i = 0; i < 10; ++i) client->send({{"type", "ping"}});
  ASSERT_TRUE(pool.wait_for([&] { return client->inbox.size() >= 10; }, 5s));
  pool.pump(300ms);
  EXPECT_EQ(pool.request(*client, {{"type", "ping"}}).value("type", ""), "pong");
  EXPECT_FALSE(client->closed);
}

TEST(ServerLimits, ConnectionsPerAddressAreCapped) {
  ClientPool pool;
  auto& server = server_with(with({"--max-connections-per-ip", "3"}));
  std::vector<WsClient*> open;
  for (int i = 0; i < 3; ++i) {
    WsClient* client = pool.connect(server.port());
    ASSERT_NE(client, nullptr);
    open.push_back(client);
  }
  std::string error;
  EXPECT_FALSE(pool.add()->connect(server.port(), "/ws", {}, &error));
  open[0]->close();
  EXPECT_TRUE(pool.wait_for([&] { return pool.add()->connect(server.port()); }, 5s));
}

TEST(ServerLimits, OnlyAllowedOriginsMayConnect) {
  ClientPool pool;
  auto& server = server_with(with({"--allowed-origins", "https://cards.example"}));
  EXPECT_FALSE(pool.add()->connect(server.port(), "/ws", {{"Origin", "https://evil.example"}}));
  EXPECT_TRUE(pool.add()->connect(server.port(), "/ws", {{"Origin", "https://cards.example"}}));
  EXPECT_TRUE(pool.add()->connect(server.port()));  // not a browser: no Origin
  EXPECT_FALSE(pool.add()->connect(server.port(), "/elsewhere"));
}

TEST(ServerLimits, AClientThatDoesNotReadIsDisconnected) {
  ClientPool pool;
  auto& server = server_with(with({"--max-queued-messages", "8"}));
  WsClient* host = greeted(pool, server.port(), "host");
  WsClient* sleeper = greeted(pool, server.port(), "sleeper");
  ASSERT_TRUE(host && sleeper);
  // Enough bot matches watched by a client that never reads to fill every buffer.
  std::vector<std::string> rooms;
  for (int r = 0; r < 12; ++r) {
    Json room = create_room(pool, *host, 6, {{"sit", false}, {"options", {{"rounds", 9}}}});
    rooms.push_back(room["id"]);
    for (int i = 0; i < 6; ++i) pool.request(*host, {{"type", "add_bot"}, {"room", room["id"]}});
    pool.request(*sleeper, {{"type", "spectate"}, {"room", room["id"]}});
  }
  sleeper->pause_reading();
  auto dropped = [&] {
    std::string metrics = http_body(http_get(server.port(), "/metrics"));
    return metrics.find("parlor_slow_consumers_dropped_total 0") == std::string::npos;
  };
  bool done = false;
  for (int round = 0; round < 40 && !done; ++round) {
    for (const std::string& id : rooms) pool.request(*host, {{"type", "start"}, {"room", id}}, 2s);
    pool.pump(100ms);
    host->inbox.clear();
    done = dropped();
  }
  EXPECT_TRUE(done);
  EXPECT_EQ(http_status(http_get(server.port(), "/healthz")), 200) << server.log();
}

TEST(ServerLimits, AnEmptyRoomCloses) {
  ClientPool pool;
  auto& server = server_with(with({"--empty-room-seconds", "1", "--grace-seconds", "0"}));
  WsClient* host = greeted(pool, server.port(), "leaves");
  Json room = create_room(pool, *host, 2);
  auto listed = [&] {
    Json rooms = Json::parse(http_body(http_get(server.port(), "/api/rooms")));
    for (const Json& r : rooms["rooms"]) {
      if (r["id"] == room["id"]) return true;
    }
    return false;
  };
  EXPECT_TRUE(listed());
  host->close();
  auto deadline = std::chrono::steady_clock::now() + 6s;
  while (listed() && std::chrono::steady_clock::now() < deadline) pool.pump(50ms);
  EXPECT_FALSE(listed());
}

}  // namespace
}  // namespace parlor::testing
