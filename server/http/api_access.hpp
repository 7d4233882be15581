// Who may read the HTTP API (/api/...: rooms, games, the match history, the leaderboard,
// players' pages) on a club's server: the same rule as the WebSocket's hello
// (server/accounts/access_policy.hpp). On an `open` server with guests on, anyone, as before;
// otherwise the request carries the player's token (`Authorization: Bearer TOKEN`, as the
// web client sends it) and is answered only if that player may come in: 401 with
// {"error": "login_required"} without a good token, 403 with the refusal's code otherwise.
// /healthz, /metrics and the web client's own files stay open (docs/operators.md says to
// keep /metrics behind the proxy).
#pragma once

#include <boost/beast/http.hpp>

#include <optional>

#include "server/server_context.hpp"

namespace parlor::server {

namespace http = boost::beast::http;

// The refusal to send instead of answering `request`; nothing when it may be answered.
std::optional<http::response<http::string_body>> api_refusal(
    const http::request<http::string_body>& request, const ServerContext& context);

}  // namespace parlor::server
