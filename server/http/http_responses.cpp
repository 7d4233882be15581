#include "server/http/http_responses.hpp"

#include <charconv>

namespace parlor::server {

void add_security_headers(http::response<http::string_body>& response) {
  response.set("Content-Security-Policy", kContentSecurityPolicy);
  response.set("X-Content-Type-Options", "nosniff");
  response.set("Referrer-Policy", "no-referrer");
  response.set("X-Frame-Options", "DENY");
}

http::response<http::string_body> respond(const http::request<http::string_body>& request,
                                          http::status status, std::string content_type,
                                          std::string body) {
  http::response<http::string_body> response{status, request.version()};
  response.set(http::field::server, "parlor-server");
  response.set(http::field::content_type, content_type);
  response.keep_alive(request.keep_alive());
  if (request.method() == http::verb::head) {
    response.content_length(body.size());
  } else {
    response.body() = std::move(body);
    response.prepare_payload();
  }
  return response;
}

http::response<http::string_body> error_response(http::status status, unsigned version,
                                                 const std::string& message) {
  http::response<http::string_body> response{status, version};
  response.set(http::field::server, "parlor-server");
  response.set(http::field::content_type, "text/plain");
  response.keep_alive(false);
  response.body() = message + "\n";
  response.prepare_payload();
  return response;
}

std::optional<std::string> url_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '+') {
      out += ' ';
    } else if (c == '%') {
      if (i + 2 >= text.size()) return std::nullopt;
      int value = 0;
      auto [end, ec] = std::from_chars(text.data() + i + 1, text.data() + i + 3, value, 16);
      if (ec != std::errc() || end != text.data() + i + 3) return std::nullopt;
      out += static_cast<char>(value);
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

// The decoded value of `name` in the query string; "" when absent; nothing when malformed.
std::optional<std::string> query_value(std::string_view target, std::string_view name) {
  auto q = target.find('?');
  if (q == std::string_view::npos) return std::string();
  std::string_view query = target.substr(q + 1);
  while (!query.empty()) {
    auto amp = query.find('&');
    std::string_view pair = query.substr(0, amp);
    auto eq = pair.find('=');
    if (pair.substr(0, eq) == name) {
      return eq == std::string_view::npos ? std::string() : url_decode(pair.substr(eq + 1));
    }
    if (amp == std::string_view::npos) break;
    query = query.substr(amp + 1);
  }
  return std::string();
}

}  // namespace parlor::server
