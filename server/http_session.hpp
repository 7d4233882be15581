// One HTTP connection (Beast's advanced server): reads requests with header and body
// limits (431 and 413 beyond them), answers them through handle_http, and hands an
// upgrade to /ws over to a WebSocketSession after the Origin and per-IP checks.
#pragma once

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <memory>
#include <optional>

#include "server/http_routes.hpp"
#include "server/lobby.hpp"

namespace parlor::server {

namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, std::shared_ptr<Lobby> lobby,
              std::shared_ptr<const WebRoot> web_root);
  void run();

 private:
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes);
  void upgrade(http::request<http::string_body> request);
  void serve_history(http::request<http::string_body> request);
  void send(http::response<http::string_body> response);
  void on_write(bool keep_alive, beast::error_code ec, std::size_t bytes);
  void do_close();
  void fail(beast::error_code ec, const char* what);
  bool origin_allowed(const http::request<http::string_body>& request) const;

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::shared_ptr<Lobby> lobby_;
  std::shared_ptr<const WebRoot> web_root_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::shared_ptr<http::response<http::string_body>> response_;  // alive during its write
  std::string ip_;
};

}  // namespace parlor::server
