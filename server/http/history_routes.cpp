#include "server/http/history_routes.hpp"

#include <charconv>
#include <optional>

#include "server/http/http_responses.hpp"
#include "server/http/replay_cache.hpp"

namespace parlor::server {
namespace {

using Json = nlohmann::json;

constexpr std::string_view kMatches = "/api/matches";
constexpr std::string_view kMatchPrefix = "/api/matches/";
constexpr std::string_view kLeaderboard = "/api/leaderboard";
constexpr std::string_view kPlayerPrefix = "/api/players/";
// A player by id: /api/players/NAME stays what it was (a name, the most recent of that
// name), and a name with a '/' in it arrives percent-encoded, so it never looks like this.
constexpr std::string_view kPlayerByIdPrefix = "/api/players/by-id/";
constexpr std::string_view kReplaySuffix = "/replay";

http::response<http::string_body> json_text_reply(const http::request<http::string_body>& request,
                                                  http::status status, std::string text) {
  auto response = respond(request, status, "application/json", std::move(text));
  response.set(http::field::cache_control, "no-store");
  return response;
}

http::response<http::string_body> json_reply(const http::request<http::string_body>& request,
                                             http::status status, const Json& body) {
  return json_text_reply(request, status,
                         body.dump(-1, ' ', false, Json::error_handler_t::replace));
}

http::response<http::string_body> api_error(const http::request<http::string_body>& request,
                                            http::status status, const std::string& code,
                                            const std::string& message) {
  return json_reply(request, status, {{"error", code}, {"message", message}});
}

std::optional<int> parse_limit(const std::string& text) {
  if (text.empty()) return 20;
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 1) return std::nullopt;
  return std::min(value, 100);
}

http::response<http::string_body> list_matches(const http::request<http::string_body>& request,
                                               store::Store& store) {
  std::string_view target = request.target();
  auto player = query_value(target, "player");
  auto player_id = query_value(target, "player_id");
  auto game = query_value(target, "game");
  auto limit_text = query_value(target, "limit");
  auto before = query_value(target, "before");
  if (!player || !player_id || !game || !limit_text || !before) {
    return api_error(request, http::status::bad_request, "bad_request", "malformed query string");
  }
  auto limit = parse_limit(*limit_text);
  if (!limit) {
    return api_error(request, http::status::bad_request, "bad_request",
                     "limit must be a whole number from 1 to 100");
  }
  store::MatchQuery query;
  query.player_name = *player;
  query.player_id = *player_id;
  query.game = *game;
  query.limit = *limit;
  query.before = *before;
  Json page = store.list_matches(query);
  if (page.contains("error")) return json_reply(request, http::status::bad_request, page);
  return json_reply(request, http::status::ok, page);
}

// GET /api/matches/ID/replay[?seat=N]: 409 while the match is live (or if it was aborted).
http::response<http::string_body> replay_match(const http::request<http::string_body>& request,
                                               store::Store& store, std::string_view id_text,
                                               const FindGameByName& find_game,
                                               ReplayCache* cache) {
  auto id = url_decode(id_text);
  auto seat_text = query_value(request.target(), "seat");
  if (!id || id->empty() || !seat_text) {
    return api_error(request, http::status::bad_request, "bad_request", "malformed path or query");
  }
  std::optional<int> seat;
  if (!seat_text->empty()) {
    int value = 0;
    auto [end, ec] =
        std::from_chars(seat_text->data(), seat_text->data() + seat_text->size(), value);
    if (ec != std::errc() || end != seat_text->data() + seat_text->size()) {
      return api_error(request, http::status::bad_request, "bad_request", "seat must be a number");
    }
    seat = value;
  }
  const std::string key = replay_cache_key(*id, seat);
  if (cache) {
    if (ReplayCache::Text kept = cache->find(key)) {
      return json_text_reply(request, http::status::ok, *kept);
    }
  }
  std::optional<Json> record = store.match_record(*id);
  if (!record || !find_game) {
    return api_error(request, http::status::not_found, "not_found", "no match " + *id);
  }
  Expected<Json> replay = replay_match_cards(*record, find_game, seat);
  if (replay) {
    // Only a finished match replays, and it never changes again: keep it.
    auto text = std::make_shared<const std::string>(
        replay->dump(-1, ' ', false, Json::error_handler_t::replace));
    if (cache) cache->put(key, text);
    return json_text_reply(request, http::status::ok, *text);
  }
  const std::string& code = replay.error().code;
  const http::status status = code == "not_finished" ? http::status::conflict
                              : code == "bad_seat"   ? http::status::bad_request
                                                     : http::status::internal_server_error;
  return api_error(request, status, code, replay.error().message);
}

}  // namespace

bool is_history_path(std::string_view path) {
  return path == kMatches || path == kLeaderboard || path.starts_with(kMatchPrefix) ||
         path.starts_with(kPlayerPrefix);
}

http::response<http::string_body> handle_history(const http::request<http::string_body>& request,
                                                 store::Store& store,
                                                 const FindGameByName& find_game,
                                                 ReplayCache* replay_cache) {
  if (request.method() != http::verb::get && request.method() != http::verb::head) {
    return api_error(request, http::status::method_not_allowed, "bad_request", "only GET and HEAD");
  }
  std::string_view target = request.target();
  std::string_view path = target.substr(0, target.find('?'));
  try {
    if (path == kMatches) return list_matches(request, store);
    if (path == kLeaderboard) {
      auto game = query_value(target, "game");
      if (!game) {
        return api_error(request, http::status::bad_request, "bad_request", "malformed game");
      }
      return json_reply(request, http::status::ok, store.leaderboard(*game));
    }
    bool is_match = path.starts_with(kMatchPrefix);
    if (is_match && path.ends_with(kReplaySuffix)) {
      std::string_view id = path.substr(kMatchPrefix.size());
      return replay_match(request, store, id.substr(0, id.size() - kReplaySuffix.size()), find_game,
                          replay_cache);
    }
    const bool by_id = path.starts_with(kPlayerByIdPrefix);
    const std::size_t prefix = is_match ? kMatchPrefix.size()
                               : by_id  ? kPlayerByIdPrefix.size()
                                        : kPlayerPrefix.size();
    auto key = url_decode(path.substr(prefix));
    if (!key || key->empty()) {
      return api_error(request, http::status::bad_request, "bad_request", "malformed path");
    }
    std::optional<Json> found = is_match ? store.match_record(*key)
                                : by_id  ? store.player_profile_by_id(*key)
                                         : store.player_profile(*key);
    if (!found) {
      return api_error(request, http::status::not_found, "not_found",
                       (is_match ? "no match " : "no player ") + *key);
    }
    return json_reply(request, http::status::ok, *found);
  } catch (const std::exception& e) {
    return api_error(request, http::status::internal_server_error, "internal_error", e.what());
  }
}

}  // namespace parlor::server
