// The HTTP side of the server's one port: /healthz, /metrics, /api/rooms, /api/games,
// and the web client's files at /.
#pragma once

#include <boost/beast/http.hpp>

#include <chrono>
#include <string>

#include "server/http/http_responses.hpp"
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

}  // namespace parlor::server
