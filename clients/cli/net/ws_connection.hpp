// One asynchronous WebSocket connection speaking the Parlor protocol (Boost.Beast):
// JSON objects in text frames, a write queue, and callbacks on the owner's io_context.
// Many connections share one io_context, so a single thread drives thousands of them.
//
// A server that stops without closing (a paused node: SIGSTOP, a frozen VM) keeps its TCP
// connections open, and behind a proxy nothing ever drops. So a connection watches for
// silence: when nothing has arrived for `ping_after` it sends a protocol `ping`, and when
// still nothing has arrived `give_up_after` later it ends as a lost connection ("silent"),
// and its owner reconnects as after any drop (protocol/README.md, "Silent servers").
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
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

// When a silent server is taken for gone. Any frame counts as a sign of life; a healthy
// server answers a ping within milliseconds, so only a stopped or cut-off one trips it.
struct Liveness {
  // Defaults: a paused node's clients leave about 4 s after its last frame, about a second
  // after its lease (3 s) has run out and a survivor can take its rooms (docs/operators.md).
  static constexpr std::chrono::milliseconds kDefaultPingAfter{2000};
  static constexpr std::chrono::milliseconds kDefaultGiveUpAfter{2000};
  std::chrono::milliseconds ping_after = kDefaultPingAfter;  // 0: never ping nor give up
  std::chrono::milliseconds give_up_after = kDefaultGiveUpAfter;
  bool enabled() const { return ping_after.count() > 0 && give_up_after.count() > 0; }
};

class WsConnection : public std::enable_shared_from_this<WsConnection> {
 public:
  std::function<void()> on_open;
  std::function<void(const Json&)> on_message;
  // When set, receives each text frame as is instead of `on_message` (no JSON parse;
  // the view is valid only during the call).
  std::function<void(std::string_view text)> on_text;
  // Called once when the connection fails or closes; `error` empty for a clean close.
  std::function<void(const std::string& error)> on_closed;

  explicit WsConnection(boost::asio::io_context& ioc, Liveness liveness = {});
  void connect(const ServerUrl& url);
  void send(const Json& message);
  void send_text(std::string_view text);
  void close();
  bool open() const { return open_; }

 private:
  void fail(const std::string& what, boost::beast::error_code ec);
  void read_next();
  void write_next();
  // The silence watch: one timer, re-armed from the time of the last frame (not per frame).
  void watch_silence();
  void on_silence_check();
  // A pong to this connection's own ping: handled here, never shown to the owner.
  bool is_own_pong(std::string_view text) const;

  boost::asio::io_context& ioc_;
  const Liveness liveness_;
  // A plain socket typed on the io_context's executor, not beast::tcp_stream: no
  // per-operation timer bookkeeping nor type-erased executor on every read and write
  // (connect_timer_ covers connect and handshake; Beast's own timeouts cover the rest).
  boost::beast::websocket::stream<boost::asio::basic_stream_socket<
      boost::asio::ip::tcp, boost::asio::io_context::executor_type>>
      ws_;
  boost::asio::steady_timer connect_timer_;
  boost::asio::steady_timer silence_timer_;
  std::chrono::steady_clock::time_point last_heard_;  // last frame, or the connect's start
  bool ping_outstanding_ = false;                     // a ping sent since last_heard_
  boost::beast::flat_buffer buffer_;
  std::deque<std::string> outgoing_;
  std::vector<std::string> spare_;  // sent messages' strings, reused for their capacity
  std::string host_header_;
  bool writing_ = false;
  bool open_ = false;
  bool finished_ = false;
};

}  // namespace parlor::cli::net
