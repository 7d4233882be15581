// fuzz_http_target: request targets of the history API (/api/matches?player=..&game=..
// &limit=..&before=.., /api/matches/ID, /api/leaderboard?game=.., /api/players/NAME)
// answered from a real database holding a few finished and live matches.
//
// The first byte picks a path prefix the rest of the input is appended to (or none), so
// that most inputs reach the routes. Properties: every answer is 200, 400, 404 or 405
// with a JSON object body (never 500: a malformed target is the client's error), no
// live match's seed or actions leave, and percent-encoding any bytes then url_decode
// gives the bytes back.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "server/http/history_routes.hpp"
#include "server/http/http_responses.hpp"
#include "tests/fuzz/fuzz_check.hpp"

namespace {

namespace http = boost::beast::http;
namespace store = parlor::server::store;
using parlor::fuzz::check;
using Json = nlohmann::json;

constexpr const char* kSeedHex = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

store::MatchStart match_start(const std::string& id, const std::string& game, store::Millis at) {
  store::MatchStart start;
  start.id = id;
  start.room_id = "room-" + id;
  start.match_number = 1;
  start.game = game;
  start.options = Json{{"target", 3}};
  start.room_settings = Json{{"public", true}};
  start.seed_hex = kSeedHex;
  start.started_at = at;
  const char* names[] = {"ana", "bo b", "caf\xc3\xa9", "bot"};
  for (int seat = 0; seat < 4; ++seat) {
    const bool bot = seat == 3;
    start.seats.push_back(store::SeatRow{.seat = seat,
                                         .kind = bot ? "bot" : "human",
                                         .player_id = bot ? "" : std::string("p") + names[seat],
                                         .name = names[seat],
                                         .bot_level = bot ? "sensible" : ""});
  }
  return start;
}

// A database in a temporary directory: players, two finished matches and a live one.
store::Store& history_store() {
  static std::unique_ptr<store::Store> opened = [] {
    const auto dir =
        std::filesystem::temp_directory_path() / ("parlor-fuzz-http-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    store::StoreOptions options;
    options.path = (dir / "history.db").string();
    auto result = store::Store::open(options);
    check(result.ok(), "cannot open the fuzz database");
    std::unique_ptr<store::Store> db = std::move(result).value();
    for (const char* name : {"ana", "bo b", "caf\xc3\xa9"}) {
      db->save_player({.id = std::string("p") + name,
                       .name = name,
                       .token_hash = "h",
                       .first_seen = 1,
                       .last_seen = 2});
    }
    const char* games[] = {"perico", "loc", "poker"};
    for (int i = 0; i < 3; ++i) {
      const std::string id = "m" + std::to_string(i + 1);
      db->match_started(match_start(id, games[i], 1000 + i));
      db->action(id, {.seq = 1, .seat = 0, .action = Json{{"type", "draw"}}, .at = 1001});
      db->commitment(id, {.deal = 1, .sha256 = std::string(64, 'a')});
      if (i == 2) continue;  // m3 stays live
      db->round_ended(id, 1, Json{{"scores", {1, 0, 0, 0}}}.dump());
      db->match_ended(id, 2000 + i,
                      Json{{"scores", {3, 1, 0, 0}},
                           {"placings", {1, 2, 3, 3}},
                           {"round_results", Json::array()}},
                      {{0, 3, 1}, {1, 1, 2}, {2, 0, 3}, {3, 0, 3}});
    }
    db->flush();
    return db;
  }();
  return *opened;
}

const std::string_view kPrefixes[] = {
    "/api/matches?", "/api/matches/",    "/api/leaderboard?", "/api/players/",
    "/api/matches",  "/api/leaderboard", "/api/matches/m",    ""};

void check_response(const http::response<http::string_body>& response, const std::string& target,
                    bool head) {
  const unsigned status = response.result_int();
  check(status == 200 || status == 400 || status == 404 || status == 405,
        "status " + std::to_string(status) + " for " + target + ": " + response.body());
  if (head) return;
  const Json body = Json::parse(response.body(), nullptr, false);
  check(body.is_object(), "a body that is not a JSON object for " + target);
  // The live match (m3) never shows its seed or actions.
  if (body.contains("id") && body["id"] == "m3") {
    check(!body.contains("seed") && !body.contains("actions"), "a live match's secrets leaked");
  }
}

void check_url_decode(std::string_view bytes) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string encoded;
  for (unsigned char c : bytes) {
    encoded += '%';
    encoded += kHex[c >> 4];
    encoded += kHex[c & 15];
  }
  auto decoded = parlor::server::url_decode(encoded);
  check(decoded && *decoded == bytes, "url_decode does not invert percent-encoding");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > 2048) return -1;
  const std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::string target =
      std::string(kPrefixes[data[0] % std::size(kPrefixes)]) + std::string(rest);
  check_url_decode(rest);
  for (const char* name : {"player", "game", "limit", "before", ""}) {
    parlor::server::query_value(target, name);
  }
  const std::string_view path = std::string_view(target).substr(0, target.find('?'));
  if (!parlor::server::is_history_path(path)) return 0;
  const http::verb verbs[] = {http::verb::get, http::verb::head, http::verb::post};
  const http::verb verb = verbs[(data[0] / std::size(kPrefixes)) % std::size(verbs)];
  http::request<http::string_body> request{verb, target, 11};
  check_response(parlor::server::handle_history(request, history_store()), target,
                 verb == http::verb::head);
  return 0;
}
