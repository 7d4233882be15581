// The byte stream under an HTTP or WebSocket session: the bare TCP socket, or TLS over it
// (--tls-cert/--tls-key). One type for both keeps the sessions free of templates: each
// read and write picks its branch, one predictable test beside a system call, and a
// plain server never touches OpenSSL.
//
// It meets Beast's AsyncStream requirements and provides the customization points a
// websocket::stream needs of its next layer: teardown/async_teardown (the TLS
// close_notify, then the TCP shutdown) and beast_close_socket (what the WebSocket's
// timeouts call).
//
// On the plain socket it also writes whole frames the session framed itself (write_now),
// beside Beast's own writes on the same socket; see "Frames written directly" below.
#pragma once

#include <sys/socket.h>
#include <sys/uio.h>

#include <boost/asio/associator.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/detail/handler_cont_helpers.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <boost/beast/websocket/teardown.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <variant>

namespace parlor::server {

namespace beast = boost::beast;
namespace net = boost::asio;
namespace ssl = boost::asio::ssl;
using tcp = boost::asio::ip::tcp;

// Beast's write handler, counted while under way. Its executor, allocator and
// cancellation slot are the wrapped handler's (the associator at the end of this file),
// so it runs where and as Beast's would.
template <class Handler>
struct CountedWrite {
  int* writes_under_way;
  Handler handler;

  void operator()(beast::error_code ec, std::size_t bytes) {
    --*writes_under_way;
    std::move(handler)(ec, bytes);
  }

  friend bool asio_handler_is_continuation(CountedWrite* counted) {
    return boost_asio_handler_cont_helpers::is_continuation(counted->handler);
  }
};

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

  // Beast's writes: its frames' (when the session does not write directly), its pongs and
  // its closing handshake. On the plain socket each is counted while under way, and one
  // that comes while a direct frame's rest is still being written waits for it.
  template <class ConstBufferSequence, class WriteToken>
  auto async_write_some(const ConstBufferSequence& buffers, WriteToken&& token) {
    return net::async_initiate<WriteToken, void(beast::error_code, std::size_t)>(
        [this](auto handler, const ConstBufferSequence& from) {
          if (auto* tls = std::get_if<TlsStream>(&stream_)) {
            tls->async_write_some(from, std::move(handler));
          } else if (rest_pending_) {
            wait_for_rest(from, std::move(handler));
          } else {
            start_counted_write(from, std::move(handler));
          }
        },
        token, buffers);
  }

  // ---- Frames written directly (the plain socket only) ----
  //
  // Why: a frame written through Beast is Beast's write operation, Asio's write and
  // reactor operations and a posted completion, about 3,800 instructions (callgrind) to
  // put 900 bytes in the kernel: a sixth of the server's own work for a move, of which
  // each seat's update is a frame. Nearly every frame fits the socket's send buffer; such a
  // frame is written here with one sendmsg, and is done when write_now returns.
  //
  // Beast still writes on the same socket (its pongs, its closing handshake, and
  // everything over TLS), and the bytes of two frames must never interleave:
  // - write_now declines (busy) while a write of Beast's is under way; the session then
  //   writes through Beast, whose own lock orders it after Beast's frame;
  // - a write of Beast's that starts while a direct frame's rest is still to go waits for
  //   it (wait_for_rest). Beast has one write under way at a time, so one waits at most.
  enum class DirectWrite {
    whole,         // all of the frame is in the kernel
    rest_pending,  // part (or none) of it is: the rest is being written
    busy,          // nothing written: write it through Beast
  };

  // `header` (at most 10 bytes, copied) and `payload` are one frame; `payload` must stay
  // alive until the rest is written. Only then is make_rest_handler called: it returns the
  // handler (void(beast::error_code)) that hears of the rest and keeps the payload's owner
  // alive. That handler runs on the socket's executor (the session's strand, if it has one).
  template <class MakeRestHandler>
  DirectWrite write_now(net::const_buffer header, net::const_buffer payload,
                        MakeRestHandler&& make_rest_handler) {
    auto* socket = std::get_if<tcp::socket>(&stream_);
    if (!socket || rest_pending_ || beast_writes_ > 0) return DirectWrite::busy;
    const std::size_t total = header.size() + payload.size();
    std::array<iovec, 2> parts{iovec{const_cast<void*>(header.data()), header.size()},
                               iovec{const_cast<void*>(payload.data()), payload.size()}};
    msghdr message{};
    message.msg_iov = parts.data();
    message.msg_iovlen = parts.size();
    const ssize_t sent = ::sendmsg(socket->native_handle(), &message, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (sent == static_cast<ssize_t>(total)) return DirectWrite::whole;
    // A full send buffer, or an error: Asio writes the rest (or meets the error again and
    // reports it).
    const std::size_t done = sent > 0 ? static_cast<std::size_t>(sent) : 0;
    rest_header_size_ = static_cast<std::uint8_t>(header.size() > done ? header.size() - done : 0);
    net::buffer_copy(net::buffer(rest_header_),
                     net::buffer(header + (header.size() - rest_header_size_)));
    const std::size_t payload_done = done > header.size() ? done - header.size() : 0;
    rest_pending_ = true;
    net::async_write(
        *socket,
        std::array<net::const_buffer, 2>{net::buffer(rest_header_.data(), rest_header_size_),
                                         payload + payload_done},
        [this, handler = make_rest_handler()](beast::error_code ec, std::size_t) mutable {
          rest_written();
          std::move(handler)(ec);
        });
    return DirectWrite::rest_pending;
  }

  // A write of Beast's waits for a direct frame's rest (for tests).
  bool write_waits() const { return waiting_ != nullptr; }

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
  template <class ConstBufferSequence, class Handler>
  void start_counted_write(const ConstBufferSequence& buffers, Handler&& handler) {
    ++beast_writes_;
    std::get<tcp::socket>(stream_).async_write_some(
        buffers,
        CountedWrite<std::decay_t<Handler>>{&beast_writes_, std::forward<Handler>(handler)});
  }

  // A write of Beast's, waiting: its buffers and its handler, whose type (and so its
  // executor and allocator) is kept.
  struct WaitingWrite {
    virtual ~WaitingWrite() = default;
    virtual void start(Transport& transport) = 0;
  };
  template <class ConstBufferSequence, class Handler>
  struct WaitingWriteOf final : WaitingWrite {
    WaitingWriteOf(const ConstBufferSequence& b, Handler&& h) : buffers(b), handler(std::move(h)) {}
    void start(Transport& transport) override {
      transport.start_counted_write(buffers, std::move(handler));
    }
    ConstBufferSequence buffers;
    Handler handler;
  };

  template <class ConstBufferSequence, class Handler>
  void wait_for_rest(const ConstBufferSequence& buffers, Handler&& handler) {
    waiting_ = std::make_unique<WaitingWriteOf<ConstBufferSequence, std::decay_t<Handler>>>(
        buffers, std::forward<Handler>(handler));
  }

  // A direct frame's rest is written: a write of Beast's that waited starts now, before the
  // session hears of it (and writes its next frame through Beast, behind this one).
  void rest_written() {
    rest_pending_ = false;
    if (auto waiting = std::move(waiting_)) waiting->start(*this);
  }

  std::variant<tcp::socket, TlsStream> stream_;
  std::shared_ptr<ssl::context> tls_context_;
  // Every connection has these (24 bytes): kept small.
  int beast_writes_ = 0;       // Beast's writes under way (at most one)
  bool rest_pending_ = false;  // a direct frame's rest is being written
  std::uint8_t rest_header_size_ = 0;
  std::array<char, 10> rest_header_{};  // the part of its header still to go
  std::unique_ptr<WaitingWrite> waiting_;
};

}  // namespace parlor::server

namespace boost::asio {

template <template <typename, typename> class Associator, typename Handler,
          typename DefaultCandidate>
struct associator<Associator, parlor::server::CountedWrite<Handler>, DefaultCandidate>
    : Associator<Handler, DefaultCandidate> {
  static typename Associator<Handler, DefaultCandidate>::type get(
      const parlor::server::CountedWrite<Handler>& counted) noexcept {
    return Associator<Handler, DefaultCandidate>::get(counted.handler);
  }
  static auto get(const parlor::server::CountedWrite<Handler>& counted,
                  const DefaultCandidate& candidate) noexcept
      -> decltype(Associator<Handler, DefaultCandidate>::get(counted.handler, candidate)) {
    return Associator<Handler, DefaultCandidate>::get(counted.handler, candidate);
  }
};

}  // namespace boost::asio
