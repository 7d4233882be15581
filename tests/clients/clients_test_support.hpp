// Helpers the clients' tests share (clients_test.cpp, load_client_test.cpp): a fast real
// server, its address, a stand-in cluster node that redirects, and a run's JSON lines.
#pragma once

#include <string>
#include <vector>

#include "tests/clients/scripted_server.hpp"
#include "tests/server/server_process.hpp"
#include "tests/server/ws_client.hpp"

namespace parlor::testing {

// Fast tables: no bot delay, no pause between rounds, no rate limit for many clients.
ServerProcess start_server();

// The WebSocket address of `server`.
std::string url(const ServerProcess& server);

// A cluster's other node, as a client meets it: every hello answered `room_elsewhere`,
// pointing at `target_url`, and the connection closed.
ScriptedServer other_node_sending_to(const std::string& target_url);

// Every line of `text` that is a JSON object, parsed.
std::vector<Json> json_lines(const std::string& text);

}  // namespace parlor::testing
