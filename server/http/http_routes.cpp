#include "server/http/http_routes.hpp"

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "protocol/protocol.hpp"
#include "server/http/replay_cache.hpp"
#include "server/lobby.hpp"
#include "server/net/connection_gate.hpp"
#include "server/store/store.hpp"
#include "server/store/time_format.hpp"

namespace parlor::server {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPlaceholderPage = R"(<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Parlor</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>Parlor</h1>
<p>The server is running. The web client is not built yet: WebSocket clients connect
to <code>/ws</code> (see <code>protocol/README.md</code>).</p>
<p><a href="/healthz">/healthz</a> · <a href="/api/rooms">/api/rooms</a> ·
<a href="/api/games">/api/games</a> · <a href="/metrics">/metrics</a></p>
</body></html>
)";

std::string mime_type(const std::string& path) {
  auto ext = fs::path(path).extension().string();
  if (ext == ".html" || ext == ".htm") return "text/html; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".json" || ext == ".map") return "application/json";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".jpg" || ext == ".jpeg") return "image/jpeg";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".woff2") return "font/woff2";
  if (ext == ".wasm") return "application/wasm";
  if (ext == ".txt") return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

http::response<http::string_body> json_response(const http::request<http::string_body>& request,
                                                const Json& body) {
  return respond(request, http::status::ok, "application/json",
                 body.dump(-1, ' ', false, Json::error_handler_t::replace));
}

std::optional<std::string> read_file(const fs::path& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec) || fs::file_size(path, ec) > (64u << 20)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

http::response<http::string_body> serve_static(const http::request<http::string_body>& request,
                                               std::string path, const WebRoot& web_root) {
  if (path.empty() || path[0] != '/' || path.find("..") != std::string::npos ||
      path.find('\0') != std::string::npos) {
    return respond(request, http::status::bad_request, "text/plain", "bad path\n");
  }
  if (path.back() == '/') path += "index.html";
  if (web_root.directory.empty()) {
    if (path == "/index.html") {
      return respond(request, http::status::ok, "text/html; charset=utf-8", kPlaceholderPage);
    }
    return respond(request, http::status::not_found, "text/plain", "not found\n");
  }
  fs::path file = fs::path(web_root.directory) / path.substr(1);
  auto content = read_file(file);
  if (!content && fs::path(path).extension().empty()) {  // client-side routes
    file = fs::path(web_root.directory) / "index.html";
    content = read_file(file);
  }
  if (!content) return respond(request, http::status::not_found, "text/plain", "not found\n");
  return respond(request, http::status::ok, mime_type(file.string()), std::move(*content));
}

}  // namespace

WebRoot resolve_web_root(const std::string& configured, const std::string& executable_path) {
  WebRoot root;
  if (!configured.empty()) {
    root.directory = configured;
    return root;
  }
  std::error_code ec;
  fs::path exe_dir = fs::weakly_canonical(fs::path(executable_path), ec).parent_path();
  std::vector<fs::path> bases = {fs::current_path(ec), exe_dir / ".." / ".."};
  for (const char* sub : {"clients/web/dist", "clients/web/placeholder"}) {
    for (const fs::path& base : bases) {
      fs::path candidate = base / sub;
      if (fs::is_regular_file(candidate / "index.html", ec)) {
        root.directory = fs::weakly_canonical(candidate, ec).string();
        return root;
      }
    }
  }
  return root;  // the built-in placeholder
}

http::response<http::string_body> handle_http(const http::request<http::string_body>& request,
                                              const ServerContext& context,
                                              const WebRoot& web_root) {
  const Lobby& lobby = *context.lobby;
  if (request.method() != http::verb::get && request.method() != http::verb::head) {
    auto response =
        respond(request, http::status::method_not_allowed, "text/plain", "only GET and HEAD\n");
    response.set(http::field::allow, "GET, HEAD");
    return response;
  }
  std::string target(request.target());
  std::string path = target.substr(0, target.find('?'));
  if (path == "/healthz") {
    auto uptime = std::chrono::duration_cast<std::chrono::seconds>(
                      std::chrono::steady_clock::now() - web_root.started)
                      .count();
    Json games = Json::array();
    for (const GameDefinition* game : lobby.games()) games.push_back(game->name());
    std::string status = context.gate->closing() ? "stopping" : "ok";
    Json database = nullptr;
    if (const store::Store* store = context.store.store) {
      store::Store::Health health = store->health();
      database = {{"writable", health.writable}};
      if (!health.writable) {
        // Moves are refused until writes succeed again: not a healthy node to send to.
        if (status == "ok") status = "degraded";
        database["reason"] = health.reason;
        if (health.since > 0) database["failing_since"] = store::iso8601_utc(health.since);
      }
    }
    Json body = {{"status", status},
                 {"protocol_version", protocol::kVersion},
                 {"uptime_seconds", uptime},
                 {"connections", lobby.metrics().connections_open.load()},
                 {"rooms", lobby.room_count()},
                 {"games", games},
                 {"database", database}};
    auto response = json_response(request, body);
    if (status == "degraded") response.result(http::status::service_unavailable);
    return response;
  }
  if (path == "/metrics") {
    std::string text = lobby.metrics().render(lobby.all_room_summaries());
    if (const store::Store* store = context.store.store) {
      text += render_store_metrics(*store);
      if (context.store.replay_cache)
        text += render_replay_cache_metrics(*context.store.replay_cache);
    }
    return respond(request, http::status::ok, "text/plain; version=0.0.4", std::move(text));
  }
  if (path == "/api/rooms") {
    return json_response(request,
                         {{"rooms", lobby.list_rooms(query_value(target, "game").value_or(""))}});
  }
  if (path == "/api/games") return json_response(request, {{"games", lobby.describe_games()}});
  if (path == "/ws") {
    return respond(request, http::status::upgrade_required, "text/plain",
                   "connect with a WebSocket client\n");
  }
  return serve_static(request, path, web_root);
}

}  // namespace parlor::server
