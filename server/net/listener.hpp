// Accepts TCP connections and starts an HttpSession for each, on its own strand (or on
// the io_context's one thread: Lobby::single_thread_io), with TLS when the listener has a
// context.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/beast/core.hpp>

#include <memory>

#include "engine/core/expected.hpp"
#include "server/http/http_routes.hpp"
#include "server/server_context.hpp"

namespace parlor::server {

namespace beast = boost::beast;
namespace net = boost::asio;
using tcp = boost::asio::ip::tcp;

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  // `tls`: null for plain HTTP and ws://.
  Listener(net::io_context& ioc, ServerContext context, std::shared_ptr<const WebRoot> web_root,
           std::shared_ptr<boost::asio::ssl::context> tls = nullptr);
  // Opens, binds and listens: the address it listens on (port 0 asks for a free one), or
  // why it cannot ("listen_failed", with a hint when another program has the port).
  Expected<tcp::endpoint> open(const tcp::endpoint& endpoint);
  void run();
  void stop();

 private:
  tcp::endpoint local_endpoint() const;
  void do_accept();
  void on_accept(beast::error_code ec, tcp::socket socket);

  net::io_context& ioc_;
  tcp::acceptor acceptor_;
  ServerContext context_;
  std::shared_ptr<const WebRoot> web_root_;
  std::shared_ptr<boost::asio::ssl::context> tls_;
};

}  // namespace parlor::server
