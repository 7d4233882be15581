// The HTTP side of the server's one port: /healthz, /metrics, /api/rooms, /api/games,
// and the web client's files at /.
#pragma once

#include <boost/beast/http.hpp>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "server/server_context.hpp"

namespace parlor::server {

namespace http = boost::beast::http;

// Where the web client's files are. An empty directory means the built-in placeholder.
struct WebRoot {
  std::string directory;
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
};

// Picks the web root: the flag, else clients/web/dist, else clients/web/placeholder
// (looked for beside the working directory and beside the executable), else built in.
WebRoot resolve_web_root(const std::string& configured, const std::string& executable_path);

http::response<http::string_body> handle_http(const http::request<http::string_body>& request,
                                              const ServerContext& context,
                                              const WebRoot& web_root);

// A response to `request` (HEAD: headers only) with the server's common headers.
http::response<http::string_body> respond(const http::request<http::string_body>& request,
                                          http::status status, std::string content_type,
                                          std::string body);

// Percent-decoding of one query-string value ('+' is a space); nothing on a bad escape.
std::optional<std::string> url_decode(std::string_view text);
// The decoded value of `name` in the target's query string: "" when absent, nothing when
// malformed.
std::optional<std::string> query_value(std::string_view target, std::string_view name);

http::response<http::string_body> error_response(http::status status, unsigned version,
                                                 const std::string& message);

}  // namespace parlor::server
