// The clients' tests' shared helpers (clients_test_support.hpp).
#include "tests/clients/clients_test_support.hpp"

#include <deque>
#include <sstream>

#include "tests/support/built_paths.hpp"

namespace parlor::testing {

ServerProcess start_server() {
  return ServerProcess(parlor_server_path(), {"--rate", "0", "--max-connections-per-ip", "0",
                                              "--round-pause-ms", "0", "--bot-delay-ms", "0"});
}

std::string url(const ServerProcess& server) {
  return "ws://127.0.0.1:" + std::to_string(server.port());
}

ScriptedServer other_node_sending_to(const std::string& target_url) {
  const Json redirect = {
      {"type", "error"},    {"code", "room_elsewhere"}, {"message", "this room is on another node"},
      {"room", "R1-node2"}, {"node", "node2"},          {"url", target_url}};
  return ScriptedServer({{"hello", std::deque<Json>(16, redirect)}},
                        ScriptedServer::kCloseAfterEachReply);
}

std::vector<Json> json_lines(const std::string& text) {
  std::vector<Json> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    Json parsed = Json::parse(line, nullptr, false);
    if (parsed.is_object()) lines.push_back(parsed);
  }
  return lines;
}

}  // namespace parlor::testing
