// Shared set-up for the integration tests against parlor-server-secret: one server
// process per configuration, started on first use and stopped at exit.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "tests/server/server_process.hpp"
#include "tests/server/ws_client.hpp"
#include "tests/support/built_paths.hpp"

namespace parlor::testing {

// Fast tables: bots act at once, no pause between rounds, a 1 s grace period, no rate
// limit (the limits have their own server).
inline const std::vector<std::string> kFastTables = {
    "--bot-delay-ms", "0", "--round-pause-ms", "0",   "--grace-seconds", "1",
    "--rate",         "0", "--log-level",      "warn"};

inline ServerProcess& server_with(const std::vector<std::string>& flags) {
  static std::map<std::vector<std::string>, std::unique_ptr<ServerProcess>> servers;
  auto& slot = servers[flags];
  if (!slot) slot = std::make_unique<ServerProcess>(secret_server_path(), flags);
  return *slot;
}

inline ServerProcess& fast_server() { return server_with(kFastTables); }

// A greeted client; fails the test if it cannot connect.
inline WsClient* greeted(ClientPool& pool, int port, const std::string& name,
                         Json* welcome = nullptr) {
  WsClient* client = pool.connect(port);
  EXPECT_NE(client, nullptr);
  if (!client) return nullptr;
  Json reply = pool.hello(*client, name);
  EXPECT_EQ(reply.value("type", ""), "welcome") << reply.dump();
  if (welcome) *welcome = reply;
  return client;
}

// Creates a "secret" room and returns the reply's room object.
inline Json create_room(ClientPool& pool, WsClient& host, int seats, Json extra = Json::object()) {
  Json message = {{"type", "create_room"}, {"game", "secret"}, {"seats", seats}};
  for (auto& [key, value] : extra.items()) message[key] = value;
  Json reply = pool.request(host, message);
  EXPECT_EQ(reply.value("type", ""), "room") << reply.dump();
  return reply.value("room", Json::object());
}

inline bool is_type(const Json& message, const std::string& type) {
  return message.value("type", "") == type;
}

}  // namespace parlor::testing
