// Frames the session writes itself (Transport::write_now, TextFrameHeader): byte for byte
// the frames Beast writes, and never interleaved with Beast's own on the same socket: a
// pong that Beast owes while a direct frame's rest is still being written goes after it.
#include "server/net/transport.hpp"

#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/read.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <future>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "server/net/websocket_frame.hpp"

namespace parlor::server {
namespace {

namespace websocket = beast::websocket;
using namespace std::chrono_literals;
using DirectWrite = Transport::DirectWrite;

// A server's WebSocket over a Transport, its io_context on a thread of its own, and a
// client the test drives with blocking calls. `small_buffers` (bytes, 0 for the
// defaults) shrinks the client's receive and the server's send buffer, so that a large
// frame cannot be written at once.
class Connection {
 public:
  explicit Connection(int small_buffers = 0) : work_(net::make_work_guard(server_io_)) {
    tcp::acceptor acceptor(server_io_, {net::ip::make_address("127.0.0.1"), 0});
    tcp::socket client_socket(client_io_);
    client_socket.open(tcp::v4());
    if (small_buffers)
      client_socket.set_option(net::socket_base::receive_buffer_size(small_buffers));
    client_socket.connect(acceptor.local_endpoint());
    tcp::socket accepted = acceptor.accept();
    if (small_buffers) accepted.set_option(net::socket_base::send_buffer_size(small_buffers));
    server_.emplace(Transport(std::move(accepted)));
    server_->auto_fragment(false);  // as the session has it
    std::promise<beast::error_code> accepted_handshake;
    server_->async_accept(
        [&accepted_handshake](beast::error_code ec) { accepted_handshake.set_value(ec); });
    thread_ = std::thread([this] { server_io_.run(); });
    client_.emplace(std::move(client_socket));
    client_->handshake("127.0.0.1", "/");
    // The client may hear the handshake's answer before the server's stream is open (a
    // server's, unmasked): nothing is written before that.
    const beast::error_code ec = accepted_handshake.get_future().get();
    EXPECT_FALSE(ec) << ec.message();
  }

  // Runs `step` on the server's thread and returns what it returns.
  template <class Step>
  auto on_server(Step step) {
    std::packaged_task<decltype(step())()> task(std::move(step));
    auto result = task.get_future();
    net::post(server_io_, [&task] { task(); });
    return result.get();
  }

  ~Connection() {
    on_server([this] {
      beast::error_code ignored;
      server_->next_layer().socket().close(ignored);
      return 0;
    });
    work_.reset();
    thread_.join();
  }

  websocket::stream<Transport>& server() { return *server_; }
  Transport& transport() { return server_->next_layer(); }
  websocket::stream<tcp::socket>& client() { return *client_; }

 private:
  net::io_context server_io_;
  net::io_context client_io_;
  net::executor_work_guard<net::io_context::executor_type> work_;
  std::optional<websocket::stream<Transport>> server_;
  std::optional<websocket::stream<tcp::socket>> client_;
  std::thread thread_;
};

// What the rest's handler reports, and when.
struct RestReport {
  std::promise<beast::error_code> written;
  auto handler_maker() {
    return [this] { return [this](beast::error_code ec) { written.set_value(ec); }; };
  }
};

std::string text_of(std::size_t bytes, char first) {
  std::string text(bytes, ' ');
  for (std::size_t i = 0; i < bytes; ++i) text[i] = static_cast<char>('a' + (first - 'a' + i) % 26);
  return text;
}

// RFC 6455 5.2, for a server's unmasked frame: 2 bytes, 2 more for a 16-bit length, 8 more
// for a 64-bit one.
std::size_t header_bytes(std::size_t payload) {
  return payload < 126 ? 2 : payload <= 0xFFFF ? 4 : 10;
}

TEST(DirectFrames, AreByteForByteTheFramesBeastWrites) {
  Connection connection;
  for (std::size_t size : {0, 1, 125, 126, 127, 65535, 65536, 300000}) {
    const std::string text = text_of(size, 'a');
    const TextFrameHeader header(size);
    RestReport rest;
    std::promise<DirectWrite> direct;
    // Beast's frame, and once it is written, the same message framed here.
    connection.on_server([&] {
      connection.server().text(true);
      connection.server().async_write(net::buffer(text), [&](beast::error_code ec, std::size_t) {
        EXPECT_FALSE(ec) << ec.message();
        direct.set_value(connection.transport().write_now(header.buffer(), net::buffer(text),
                                                          rest.handler_maker()));
      });
      return 0;
    });
    const std::size_t frame = header_bytes(size) + size;
    std::string bytes(2 * frame, '\0');
    net::read(connection.client().next_layer(), net::buffer(bytes));
    const DirectWrite how = direct.get_future().get();
    ASSERT_NE(how, DirectWrite::busy) << size;
    if (how == DirectWrite::rest_pending) {
      EXPECT_FALSE(rest.written.get_future().get());
    }
    EXPECT_EQ(bytes.substr(frame), bytes.substr(0, frame)) << size << " bytes";
    EXPECT_EQ(static_cast<unsigned char>(bytes[0]), 0x81);  // FIN, text
  }
}

TEST(DirectFrames, APongBeastOwesWaitsForADirectFramesRest) {
  beast::flat_buffer server_buffer;  // the server's read's: outlives the connection
  Connection connection(4096);
  std::vector<std::string> heard;  // by the client, in order
  connection.client().control_callback([&](websocket::frame_type kind, beast::string_view) {
    if (kind == websocket::frame_type::pong) heard.push_back("pong");
  });
  // A read waits on the server, as a session's always does: it answers pings.
  connection.on_server([&] {
    connection.server().async_read(server_buffer, [](beast::error_code, std::size_t) {});
    return 0;
  });

  // A megabyte cannot be written at once through these buffers: its rest is pending.
  const std::string large = text_of(1 << 20, 'a');
  const TextFrameHeader large_header(large.size());
  RestReport rest;
  ASSERT_EQ(connection.on_server([&] {
    return connection.transport().write_now(large_header.buffer(), net::buffer(large),
                                            rest.handler_maker());
  }),
            DirectWrite::rest_pending);

  // The client pings; Beast's pong must wait for the rest.
  connection.client().ping({});
  bool pong_waits = false;
  for (int i = 0; i < 500 && !pong_waits; ++i) {
    pong_waits = connection.on_server([&] { return connection.transport().write_waits(); });
    if (!pong_waits) std::this_thread::sleep_for(10ms);
  }
  ASSERT_TRUE(pong_waits) << "the server's Beast never wrote its pong";

  // Meanwhile nothing can be written directly; a frame goes through Beast, after the pong.
  const std::string small = text_of(1000, 'n');
  const TextFrameHeader small_header(small.size());
  std::promise<beast::error_code> small_written;
  EXPECT_EQ(connection.on_server([&] {
    const DirectWrite how = connection.transport().write_now(
        small_header.buffer(), net::buffer(small), rest.handler_maker());
    connection.server().async_write(net::buffer(small), [&](beast::error_code ec, std::size_t) {
      small_written.set_value(ec);
    });
    return how;
  }),
            DirectWrite::busy);

  beast::flat_buffer buffer;
  for (int message = 0; message < 2; ++message) {
    connection.client().read(buffer);
    heard.push_back(beast::buffers_to_string(buffer.data()));
    buffer.consume(buffer.size());
  }
  EXPECT_FALSE(rest.written.get_future().get());
  EXPECT_FALSE(small_written.get_future().get());
  ASSERT_EQ(heard.size(), 3u);
  EXPECT_TRUE(heard[0] == large) << "the large frame arrived whole and first";
  EXPECT_EQ(heard[1], "pong");
  EXPECT_TRUE(heard[2] == small);

  // Nothing under way any more: the next frame is written directly again.
  RestReport unused;
  EXPECT_EQ(connection.on_server([&] {
    return connection.transport().write_now(small_header.buffer(), net::buffer(small),
                                            unused.handler_maker());
  }),
            DirectWrite::whole);
  connection.client().read(buffer);
  EXPECT_TRUE(beast::buffers_to_string(buffer.data()) == small);
}

}  // namespace
}  // namespace parlor::server
