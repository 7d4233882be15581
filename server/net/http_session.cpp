#include "server/net/http_session.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/detect_ssl.hpp>
#include <boost/beast/websocket.hpp>

#include <algorithm>

#include "server/http/api_access.hpp"
#include "server/http/history_routes.hpp"
#include "server/http/replay_cache.hpp"
#include "server/lobby.hpp"
#include "server/net/connection_gate.hpp"
#include "server/net/websocket_session.hpp"

namespace parlor::server {

HttpSession::HttpSession(tcp::socket&& socket, ServerContext context,
                         std::shared_ptr<const WebRoot> web_root, std::shared_ptr<ssl::context> tls)
    : transport_(std::move(socket)),
      deadline_(transport_.get_executor()),
      tls_(std::move(tls)),
      context_(std::move(context)),
      web_root_(std::move(web_root)) {
  beast::error_code ec;
  auto endpoint = transport_.socket().remote_endpoint(ec);
  ip_ = ec ? "?" : endpoint.address().to_string();
}

void HttpSession::run() {
  net::dispatch(transport_.get_executor(), [self = shared_from_this()] {
    if (!self->tls_) return self->do_read();
    // A TLS client speaks first with a ClientHello; anything else is plain HTTP.
    self->arm_deadline(
        std::chrono::seconds(self->context_.lobby->config().handshake_timeout_seconds));
    beast::async_detect_ssl(self->transport_.socket(), self->buffer_,
                            beast::bind_front_handler(&HttpSession::on_detect, self));
  });
}

void HttpSession::on_detect(beast::error_code ec, bool is_tls) {
  if (ec) return fail(ec, "tls detect");
  if (!is_tls) {
    // Read the request before answering: closing with it unread would reset the
    // connection, and the client might never see why.
    plain_on_tls_port_ = true;
    return do_read();
  }
  transport_.start_tls(tls_);
  transport_.tls_stream().async_handshake(
      ssl::stream_base::server, buffer_.data(),
      beast::bind_front_handler(&HttpSession::on_handshake, shared_from_this()));
}

void HttpSession::on_handshake(beast::error_code ec, std::size_t bytes_used) {
  if (ec) return fail(ec, "tls handshake");
  buffer_.consume(bytes_used);  // the ClientHello bytes the detector had read
  do_read();
}

void HttpSession::arm_deadline(std::chrono::seconds timeout) {
  deadline_.expires_after(timeout);
  deadline_.async_wait([weak = weak_from_this()](beast::error_code ec) {
    if (ec) return;  // re-armed, cancelled, or the session is gone
    if (auto self = weak.lock()) {
      beast::error_code ignored;
      self->transport_.socket().close(ignored);  // the pending operation fails and ends it
    }
  });
}

void HttpSession::do_read() {
  const ServerConfig& config = context_.lobby->config();
  parser_.emplace();
  parser_->header_limit(static_cast<std::uint32_t>(config.max_header_bytes));
  parser_->body_limit(config.max_body_bytes);
  arm_deadline(std::chrono::seconds(config.handshake_timeout_seconds + 20));
  http::async_read(transport_, buffer_, *parser_,
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
  if (plain_on_tls_port_) return refuse_plain_http(request);
  if (websocket::is_upgrade(request)) return upgrade(std::move(request));
  std::string_view target = request.target();
  if (auto refused = api_refusal(request, context_)) return send(std::move(*refused));
  if (context_.store.store && is_history_path(target.substr(0, target.find('?')))) {
    return serve_history(std::move(request));
  }
  send(handle_http(request, context_, *web_root_));
}

void HttpSession::refuse_plain_http(const http::request<http::string_body>& request) {
  spdlog::info("refused plain HTTP from {} on the TLS port", ip_);
  auto host = request.find(http::field::host);
  std::string where = host == request.end() ? "this server" : std::string(host->value());
  send(error_response(http::status::bad_request, request.version(),
                      "This port speaks HTTPS only: open https://" + where +
                          "/ (the WebSocket is at wss://" + where + "/ws)."));
}

void HttpSession::serve_history(http::request<http::string_body> request) {
  net::post(context_.store.reads, [self = shared_from_this(), request = std::move(request)] {
    auto response = handle_history(
        request, *self->context_.store.store,
        [lobby = self->context_.lobby](const std::string& name) { return lobby->find_game(name); },
        self->context_.store.replay_cache);
    net::post(self->transport_.get_executor(), [self, response = std::move(response)]() mutable {
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
    context_.lobby->metrics().connections_refused.fetch_add(1);
    spdlog::info("refused a WebSocket from {}: origin not allowed", ip_);
    return send(error_response(http::status::forbidden, request.version(), "origin not allowed"));
  }
  if (context_.gate->closing()) {
    return send(
        error_response(http::status::service_unavailable, request.version(), "shutting down"));
  }
  if (!context_.gate->admit(ip_)) {
    context_.lobby->metrics().connections_refused.fetch_add(1);
    spdlog::info("refused a WebSocket from {}: too many connections from it", ip_);
    return send(error_response(http::status::too_many_requests, request.version(),
                               "too many connections from your address"));
  }
  deadline_.cancel();  // the WebSocket's own timeouts take over
  std::make_shared<WebSocketSession>(std::move(transport_), context_, ip_)->run(std::move(request));
}

bool HttpSession::origin_allowed(const http::request<http::string_body>& request) const {
  const auto& allowed = context_.lobby->config().allowed_origins;
  if (allowed.empty()) return true;
  auto origin = request.find(http::field::origin);
  if (origin == request.end()) return true;  // not a browser: no Origin to check
  return std::find(allowed.begin(), allowed.end(), std::string(origin->value())) != allowed.end();
}

void HttpSession::send(http::response<http::string_body> response) {
  add_security_headers(response);
  response_ = std::make_shared<http::response<http::string_body>>(std::move(response));
  bool keep_alive = response_->keep_alive();
  http::async_write(
      transport_, *response_,
      beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep_alive));
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
  if (ec) return fail(ec, "write");
  response_.reset();
  if (!keep_alive) return do_close();
  do_read();
}

void HttpSession::do_close() {
  if (transport_.is_tls()) {
    // TLS's close_notify first, so the client knows nothing was cut off; a client that
    // never answers it is closed by the deadline.
    arm_deadline(std::chrono::seconds(5));
    return transport_.tls_stream().async_shutdown(
        [self = shared_from_this()](beast::error_code) { self->deadline_.cancel(); });
  }
  deadline_.cancel();
  beast::error_code ec;
  transport_.socket().shutdown(tcp::socket::shutdown_send, ec);
}

void HttpSession::fail(beast::error_code ec, const char* what) {
  if (ec == net::error::operation_aborted || ec == beast::error::timeout ||
      ec == net::error::connection_reset || ec == net::error::bad_descriptor ||
      ec == net::ssl::error::stream_truncated) {
    return;  // the deadline closed the socket, or the client left without a word
  }
  spdlog::debug("http {}: {}: {}", ip_, what, ec.message());
}

}  // namespace parlor::server
