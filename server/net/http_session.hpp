// One HTTP connection (Beast's advanced server): reads requests with header and body
// limits (431 and 413 beyond them), answers them through handle_http, and hands an
// upgrade to /ws over to a WebSocketSession after the Origin and per-IP checks.
//
// With TLS (a context given) the connection's first bytes must open a TLS handshake: a
// plain HTTP request gets a 400 that says to use https:// and wss://, then the close.
#pragma once

#include <boost/asio/ssl/context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <memory>
#include <optional>

#include "server/http/http_routes.hpp"
#include "server/net/transport.hpp"
#include "server/server_context.hpp"

namespace parlor::server {

namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  // `tls`: null for plain HTTP.
  HttpSession(tcp::socket&& socket, ServerContext context, std::shared_ptr<const WebRoot> web_root,
              std::shared_ptr<ssl::context> tls);
  void run();

 private:
  void on_detect(beast::error_code ec, bool is_tls);
  void on_handshake(beast::error_code ec, std::size_t bytes_used);
  void refuse_plain_http(const http::request<http::string_body>& request);
  // The connection closes when `timeout` passes (reset by the next call): it bounds the
  // TLS handshake, each request's read and its answer's write.
  void arm_deadline(std::chrono::seconds timeout);
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes);
  void upgrade(http::request<http::string_body> request);
  void serve_history(http::request<http::string_body> request);
  void send(http::response<http::string_body> response);
  void on_write(bool keep_alive, beast::error_code ec, std::size_t bytes);
  void do_close();
  void fail(beast::error_code ec, const char* what);
  bool origin_allowed(const http::request<http::string_body>& request) const;

  // The bare socket or TLS over it, with one deadline timer beside it (not tcp_stream:
  // TLS over tcp_stream could not be handed to the WebSocket on the bare socket).
  Transport transport_;
  net::steady_timer deadline_;
  std::shared_ptr<ssl::context> tls_;
  bool plain_on_tls_port_ = false;
  beast::flat_buffer buffer_;
  ServerContext context_;
  std::shared_ptr<const WebRoot> web_root_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::shared_ptr<http::response<http::string_body>> response_;  // alive during its write
  std::string ip_;
};

}  // namespace parlor::server
