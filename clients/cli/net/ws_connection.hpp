// One asynchronous WebSocket connection speaking the Parlor protocol (Boost.Beast):
// JSON objects in text frames, a write queue, and callbacks on the owner's io_context.
// Many connections share one io_context, so a single thread drives thousands of them.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "clients/cli/net/server_url.hpp"

namespace parlor::cli::net {

using Json = nlohmann::json;

class WsConnection : public std::enable_shared_from_this<WsConnection> {
 public:
  std::function<void()> on_open;
  std::function<void(const Json&)> on_message;
  // When set, receives each text frame as is instead of `on_message` (no JSON parse;
  // the view is valid only during the call).
  std::function<void(std::string_view text)> on_text;
  // Called once when the connection fails or closes; `error` empty for a clean close.
  std::function<void(const std::string& error)> on_closed;

  explicit WsConnection(boost::asio::io_context& ioc);
  void connect(const ServerUrl& url);
  void send(const Json& message);
  void send_text(std::string_view text);
  void close();
  bool open() const { return open_; }

 private:
  void fail(const std::string& what, boost::beast::error_code ec);
  void read_next();
  void write_next();

  boost::asio::io_context& ioc_;
  // A plain socket typed on the io_context's executor, not beast::tcp_stream: no
  // per-operation timer bookkeeping nor type-erased executor on every read and write
  // (connect_timer_ covers connect and handshake; Beast's own timeouts cover the rest).
  boost::beast::websocket::stream<boost::asio::basic_stream_socket<
      boost::asio::ip::tcp, boost::asio::io_context::executor_type>>
      ws_;
  boost::asio::steady_timer connect_timer_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::string> outgoing_;
  std::vector<std::string> spare_;  // sent messages' strings, reused for their capacity
  std::string host_header_;
  bool writing_ = false;
  bool open_ = false;
  bool finished_ = false;
};

}  // namespace parlor::cli::net
