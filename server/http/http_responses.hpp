// What every HTTP route shares, and nothing else: the server's response headers, plain
// error responses, and reading a target's query string. Apart from http_routes.hpp (the
// lobby's routes) so that the history routes, and the fuzz target that drives them,
// need neither the lobby nor the connections.
#pragma once

#include <boost/beast/http.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace parlor::server {

namespace http = boost::beast::http;

// A response to `request` (HEAD: headers only) with the server's common headers.
http::response<http::string_body> respond(const http::request<http::string_body>& request,
                                          http::status status, std::string content_type,
                                          std::string body);

// The security headers every response carries (docs/operators.md, "Security"): a strict
// Content-Security-Policy (no inline script or style, nothing from elsewhere, no framing),
// nosniff, no referrer.
void add_security_headers(http::response<http::string_body>& response);
inline constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
    "form-action 'self'";

// A plain-text error that closes the connection (for requests that cannot be answered).
http::response<http::string_body> error_response(http::status status, unsigned version,
                                                 const std::string& message);

// Percent-decoding of one query-string value ('+' is a space); nothing on a bad escape.
std::optional<std::string> url_decode(std::string_view text);
// The decoded value of `name` in the target's query string: "" when absent, nothing when
// malformed.
std::optional<std::string> query_value(std::string_view target, std::string_view name);

}  // namespace parlor::server
