// The byte stream under an HTTP or WebSocket session: the bare TCP socket, or TLS over it
// (--tls-cert/--tls-key). One type for both keeps the sessions free of templates: each
// read and write picks its branch, one predictable test beside a system call, and a
// plain server never touches OpenSSL.
//
// It meets Beast's AsyncStream requirements and provides the customization points a
// websocket::stream needs of its next layer: teardown/async_teardown (the TLS
// close_notify, then the TCP shutdown) and beast_close_socket (what the WebSocket's
// timeouts call).
#pragma once

#include <boost/asio/async_result.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <boost/beast/websocket/teardown.hpp>

#include <cstddef>
#include <memory>
#include <utility>
#include <variant>

namespace parlor::server {

namespace beast = boost::beast;
namespace net = boost::asio;
namespace ssl = boost::asio::ssl;
using tcp = boost::asio::ip::tcp;

class Transport {
 public:
  using executor_type = tcp::socket::executor_type;
  using TlsStream = beast::ssl_stream<tcp::socket>;

  explicit Transport(tcp::socket socket) : stream_(std::move(socket)) {}

  // From now on the socket carries TLS (the server's handshake is still to be done, with
  // tls_stream().async_handshake). `context` is kept alive with the stream.
  void start_tls(std::shared_ptr<ssl::context> context) {
    tcp::socket socket = std::move(std::get<tcp::socket>(stream_));
    stream_.emplace<TlsStream>(std::move(socket), *context);
    tls_context_ = std::move(context);
  }

  bool is_tls() const { return std::holds_alternative<TlsStream>(stream_); }
  TlsStream& tls_stream() { return std::get<TlsStream>(stream_); }
  // The lowest layer, for addresses, shutdown and close.
  tcp::socket& socket() {
    if (auto* tls = std::get_if<TlsStream>(&stream_)) return tls->next_layer();
    return std::get<tcp::socket>(stream_);
  }

  executor_type get_executor() { return socket().get_executor(); }

  template <class MutableBufferSequence, class ReadToken>
  auto async_read_some(const MutableBufferSequence& buffers, ReadToken&& token) {
    return net::async_initiate<ReadToken, void(beast::error_code, std::size_t)>(
        [this](auto handler, const MutableBufferSequence& to) {
          if (auto* tls = std::get_if<TlsStream>(&stream_)) {
            tls->async_read_some(to, std::move(handler));
          } else {
            std::get<tcp::socket>(stream_).async_read_some(to, std::move(handler));
          }
        },
        token, buffers);
  }

  template <class ConstBufferSequence, class WriteToken>
  auto async_write_some(const ConstBufferSequence& buffers, WriteToken&& token) {
    return net::async_initiate<WriteToken, void(beast::error_code, std::size_t)>(
        [this](auto handler, const ConstBufferSequence& from) {
          if (auto* tls = std::get_if<TlsStream>(&stream_)) {
            tls->async_write_some(from, std::move(handler));
          } else {
            std::get<tcp::socket>(stream_).async_write_some(from, std::move(handler));
          }
        },
        token, buffers);
  }

  friend void beast_close_socket(Transport& transport) {
    beast::error_code ignored;
    transport.socket().close(ignored);
  }

  friend void teardown(beast::role_type role, Transport& transport, beast::error_code& ec) {
    using beast::websocket::teardown;
    if (auto* tls = std::get_if<TlsStream>(&transport.stream_)) {
      teardown(role, *tls, ec);
    } else {
      teardown(role, std::get<tcp::socket>(transport.stream_), ec);
    }
  }

  template <class TeardownHandler>
  friend void async_teardown(beast::role_type role, Transport& transport,
                             TeardownHandler&& handler) {
    using beast::websocket::async_teardown;
    if (auto* tls = std::get_if<TlsStream>(&transport.stream_)) {
      async_teardown(role, *tls, std::forward<TeardownHandler>(handler));
    } else {
      async_teardown(role, std::get<tcp::socket>(transport.stream_),
                     std::forward<TeardownHandler>(handler));
    }
  }

 private:
  std::variant<tcp::socket, TlsStream> stream_;
  std::shared_ptr<ssl::context> tls_context_;
};

}  // namespace parlor::server
