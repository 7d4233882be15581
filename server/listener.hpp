// Accepts TCP connections and starts an HttpSession for each, on its own strand.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>

#include <memory>

#include "server/http_routes.hpp"
#include "server/lobby.hpp"

namespace parlor::server {

namespace beast = boost::beast;
namespace net = boost::asio;
using tcp = boost::asio::ip::tcp;

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(net::io_context& ioc, std::shared_ptr<Lobby> lobby,
           std::shared_ptr<const WebRoot> web_root);
  // Opens, binds and listens; false (with `error` set) if it cannot.
  bool open(const tcp::endpoint& endpoint, std::string& error);
  tcp::endpoint local_endpoint() const;
  void run();
  void stop();

 private:
  void do_accept();
  void on_accept(beast::error_code ec, tcp::socket socket);

  net::io_context& ioc_;
  tcp::acceptor acceptor_;
  std::shared_ptr<Lobby> lobby_;
  std::shared_ptr<const WebRoot> web_root_;
};

}  // namespace parlor::server
