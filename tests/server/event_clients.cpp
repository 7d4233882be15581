#include "tests/server/event_clients.hpp"

#include <gtest/gtest.h>

#include <stdlib.h>

#include <algorithm>
#include <filesystem>

#include "engine/registry/registry.hpp"
#include "tests/server/server_process.hpp"
#include "tests/server/test_patience.hpp"

namespace parlor::testing {

std::vector<std::string> event_server_flags(const std::string& grace_ms) {
  return instant_table_flags(
      {"--event-start-grace-ms", grace_ms, "--event-round-pause-ms", "0", "--log-level", "warn"});
}

Json ok(ClientPool& pool, WsClient& client, Json message) {
  Json reply = pool.request(client, message, std::chrono::seconds(20));
  EXPECT_NE(reply.value("type", ""), "error") << message.dump() << " -> " << reply.dump();
  return reply;
}

std::vector<Entrant> greet(ClientPool& pool, int port, int count) {
  std::vector<Entrant> out;
  for (int i = 0; i < count; ++i) {
    Entrant e;
    e.client = pool.connect(port);
    EXPECT_NE(e.client, nullptr);
    if (!e.client) return out;
    Json welcome = pool.hello(*e.client, "Member" + std::to_string(i + 1));
    e.id = welcome["player"]["id"];
    e.token = welcome.value("token", "");
    out.push_back(e);
  }
  return out;
}

Json wait_event(ClientPool& pool, WsClient& client, const std::string& id,
                const std::function<bool(const Json&)>& done, std::chrono::milliseconds timeout) {
  Json event;
  pool.wait_for(
      [&] {
        event = pool.request(client, {{"type", "event"}, {"event", id}})["event"];
        return event.is_object() && done(event);
      },
      patience(timeout));
  return event;
}

TablePlayer come_to_table(WsClient* client, const std::string& game, const Json& table,
                          const Json& seat) {
  TablePlayer player;
  player.client = client;
  player.seat = seat["seat"].get<int>();
  player.policy = find_game(game)->make_bot(BotLevel::kSensible);
  client->send({{"type", "join_room"}, {"code", table["code"]}});
  return player;
}

std::vector<double> place_points_by_hand(const std::vector<int>& placings) {
  const int n = static_cast<int>(placings.size());
  std::vector<double> points(placings.size());
  for (std::size_t s = 0; s < placings.size(); ++s) {
    const int better = static_cast<int>(
        std::count_if(placings.begin(), placings.end(), [&](int p) { return p < placings[s]; }));
    const int equal = static_cast<int>(std::count(placings.begin(), placings.end(), placings[s]));
    double sum = 0;
    for (int place = better + 1; place <= better + equal; ++place) sum += n - place;
    points[s] = sum / equal;
  }
  return points;
}

TempFolder::TempFolder() {
  char name[] = "/tmp/parlor-events-XXXXXX";
  path = mkdtemp(name) ? name : "";
}

TempFolder::~TempFolder() {
  if (path.empty()) return;
  std::error_code ignored;
  std::filesystem::remove_all(path, ignored);
}

}  // namespace parlor::testing
