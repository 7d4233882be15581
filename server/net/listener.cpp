#include "server/net/listener.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

#include "server/lobby.hpp"
#include "server/net/http_session.hpp"

namespace parlor::server {

Listener::Listener(net::io_context& ioc, ServerContext context,
                   std::shared_ptr<const WebRoot> web_root,
                   std::shared_ptr<boost::asio::ssl::context> tls)
    : ioc_(ioc),
      acceptor_(net::make_strand(ioc)),
      context_(std::move(context)),
      web_root_(std::move(web_root)),
      tls_(std::move(tls)) {}

Expected<tcp::endpoint> Listener::open(const tcp::endpoint& endpoint) {
  beast::error_code ec;
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
  if (ec == net::error::address_in_use) {
    return Error{"listen_failed",
                 ec.message() +
                     ": another program (perhaps another parlor-server) has this port; stop it, "
                     "or pick another port with --port N (or PARLOR_PORT=N)"};
  }
  if (ec) return Error{"listen_failed", ec.message()};
  return local_endpoint();
}

tcp::endpoint Listener::local_endpoint() const {
  beast::error_code ec;
  return acceptor_.local_endpoint(ec);
}

void Listener::run() { do_accept(); }

void Listener::stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    beast::error_code ec;
    self->acceptor_.close(ec);
  });
}

void Listener::do_accept() {
  // A strand per connection, unless one thread runs everything (Lobby::single_thread_io).
  net::any_io_executor executor = context_.lobby->single_thread_io()
                                      ? net::any_io_executor(ioc_.get_executor())
                                      : net::any_io_executor(net::make_strand(ioc_));
  acceptor_.async_accept(executor,
                         beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(beast::error_code ec, tcp::socket socket) {
  if (ec == net::error::operation_aborted) return;  // stopped
  if (ec) {
    spdlog::warn("accept: {}", ec.message());  // e.g. out of file descriptors: go on
  } else {
    socket.set_option(tcp::no_delay(true), ec);
    std::make_shared<HttpSession>(std::move(socket), context_, web_root_, tls_)->run();
  }
  if (acceptor_.is_open()) do_accept();
}

}  // namespace parlor::server
