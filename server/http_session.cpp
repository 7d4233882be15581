#include "server/http_session.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/websocket.hpp>

#include <algorithm>

#include "server/history_routes.hpp"
#include "server/websocket_session.hpp"

namespace parlor::server {

HttpSession::HttpSession(tcp::socket&& socket, std::shared_ptr<Lobby> lobby,
                         std::shared_ptr<const WebRoot> web_root)
    : stream_(std::move(socket)), lobby_(std::move(lobby)), web_root_(std::move(web_root)) {
  beast::error_code ec;
  auto endpoint = stream_.socket().remote_endpoint(ec);
  ip_ = ec ? "?" : endpoint.address().to_string();
}

void HttpSession::run() {
  net::dispatch(stream_.get_executor(),
                beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

void HttpSession::do_read() {
  const ServerConfig& config = lobby_->config();
  parser_.emplace();
  parser_->header_limit(static_cast<std::uint32_t>(config.max_header_bytes));
  parser_->body_limit(config.max_body_bytes);
  stream_.expires_after(std::chrono::seconds(config.handshake_timeout_seconds + 20));
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) return do_close();
  if (ec == http::error::header_limit) {
    return send(error_response(http::status::request_header_fields_too_large, 11,
                               "request header fields too large"));
  }
  if (ec == http::error::body_limit) {
    return send(error_response(http::status::payload_too_large, 11, "request body too large"));
  }
  if (ec) return fail(ec, "read");
  http::request<http::string_body> request = parser_->release();
  if (websocket::is_upgrade(request)) return upgrade(std::move(request));
  std::string_view target = request.target();
  if (lobby_->history_store() && is_history_path(target.substr(0, target.find('?')))) {
    return serve_history(std::move(request));
  }
  send(handle_http(request, *lobby_, *web_root_));
}

void HttpSession::serve_history(http::request<http::string_body> request) {
  net::post(lobby_->history_executor(), [self = shared_from_this(), request = std::move(request)] {
    auto response = handle_history(request, *self->lobby_->history_store());
    net::post(self->stream_.get_executor(), [self, response = std::move(response)]() mutable {
      self->send(std::move(response));
    });
  });
}

void HttpSession::upgrade(http::request<http::string_body> request) {
  std::string_view target = request.target();
  if (target.substr(0, target.find('?')) != "/ws") {
    return send(error_response(http::status::not_found, request.version(),
                               "WebSocket connections go to /ws"));
  }
  if (!origin_allowed(request)) {
    lobby_->metrics().connections_refused.fetch_add(1);
    spdlog::info("refused a WebSocket from {}: origin not allowed", ip_);
    return send(error_response(http::status::forbidden, request.version(), "origin not allowed"));
  }
  if (lobby_->shutting_down()) {
    return send(
        error_response(http::status::service_unavailable, request.version(), "shutting down"));
  }
  if (!lobby_->admit(ip_)) {
    lobby_->metrics().connections_refused.fetch_add(1);
    spdlog::info("refused a WebSocket from {}: too many connections from it", ip_);
    return send(error_response(http::status::too_many_requests, request.version(),
                               "too many connections from your address"));
  }
  std::make_shared<WebSocketSession>(stream_.release_socket(), lobby_, ip_)
      ->run(std::move(request));
}

bool HttpSession::origin_allowed(const http::request<http::string_body>& request) const {
  const auto& allowed = lobby_->config().allowed_origins;
  if (allowed.empty()) return true;
  auto origin = request.find(http::field::origin);
  if (origin == request.end()) return true;  // not a browser: no Origin to check
  return std::find(allowed.begin(), allowed.end(), std::string(origin->value())) != allowed.end();
}

void HttpSession::send(http::response<http::string_body> response) {
  response_ = std::make_shared<http::response<http::string_body>>(std::move(response));
  bool keep_alive = response_->keep_alive();
  http::async_write(
      stream_, *response_,
      beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep_alive));
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
  if (ec) return fail(ec, "write");
  response_.reset();
  if (!keep_alive) return do_close();
  do_read();
}

void HttpSession::do_close() {
  beast::error_code ec;
  stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
}

void HttpSession::fail(beast::error_code ec, const char* what) {
  if (ec == net::error::operation_aborted || ec == beast::error::timeout ||
      ec == net::error::connection_reset) {
    return;
  }
  spdlog::debug("http {}: {}: {}", ip_, what, ec.message());
}

}  // namespace parlor::server
