// One client's WebSocket connection (in the manner of Beast's advanced server): its own
// strand, one read at a time, one write in flight with a bounded queue of shared
// immutable messages behind it, do_x/on_x handler pairs.
//
// The transport only: frames in and out, the rate limit, closing. What a request means
// is the RequestRouter's (request_router.hpp); rooms answer through send().
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "server/net/connection.hpp"
#include "server/net/connection_gate.hpp"
#include "server/net/outgoing_queue.hpp"
#include "server/net/rate_limiter.hpp"
#include "server/net/reader_backlog.hpp"
#include "server/net/transport.hpp"
#include "server/requests/request_router.hpp"
#include "server/server_context.hpp"

namespace parlor::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;

class WebSocketSession : public Connection,
                         public ClientLink,
                         public Closable,
                         public std::enable_shared_from_this<WebSocketSession> {
 public:
  // `ip` has already been admitted by the gate; the session releases it.
  WebSocketSession(Transport&& transport, const ServerContext& context, std::string ip);
  ~WebSocketSession() override;

  void run(http::request<http::string_body> request);

  void send(SharedMessage message) override;
  void close_going_away() override;

  // ClientLink (for the router)
  void send_text(std::string text) override;
  void close_for_policy(std::string reason) override;
  bool closed() const override { return closing_ || ended_; }
  void post(std::function<void()> step) override;
  std::shared_ptr<Connection> connection() override { return shared_from_this(); }

 private:
  void on_accept(beast::error_code ec);
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes);
  void on_send(SharedMessage message);
  // Closes a client that does not read its messages (an abortive close), and says so.
  void drop_slow_reader(ReaderBacklog::Clock::time_point now);
  // Writes the queue's frames: directly while the socket takes them whole, else through
  // Beast (write_through_beast) or the transport's rest (both end in on_write).
  void do_write();
  void write_through_beast();
  void on_write(beast::error_code ec, std::size_t bytes);
  // After a write: a ping waiting for it, else the queue's next message, else a close
  // waiting for the queue to drain.
  void write_next();

  // The idle timeout, kept here rather than by Beast: Beast re-arms its timer at every
  // read, a cancelled wait and a new one for each message received. Here a read only notes
  // the time, and the timer wakes when the silence would reach half --idle-timeout, as
  // Beast's did: then it pings, and half the timeout after an unanswered ping it closes.
  // A connection that is heard from wakes the timer about once every half timeout.
  std::chrono::steady_clock::duration half_idle_timeout() const;
  void do_tick(std::chrono::steady_clock::time_point at);
  void on_tick(beast::error_code ec);
  void do_ping();
  void on_ping(beast::error_code ec);
  void time_out();
  void do_close(websocket::close_reason reason);
  void on_close(beast::error_code ec);
  void fail(beast::error_code ec, const char* what);
  void end_session();

  // A text frame: past the rate limit, to the router.
  void handle_text(std::string_view text);
  void send_error(const Json& id, const std::string& code, const std::string& message);
  // Closes once the write in flight (and what is queued) is done.
  void close_after_writing(websocket::close_reason reason);

  // On the bare socket (or TLS over it): the WebSocket's own timeouts (the handshakes) and
  // the session's idle ticks (keep-alive pings) cover the connection, and tcp_stream's
  // per-operation timer layer would cost every read and write for nothing.
  websocket::stream<Transport> ws_;
  beast::flat_buffer buffer_;
  std::shared_ptr<Lobby> lobby_;
  std::shared_ptr<ConnectionGate> gate_;
  std::string ip_;
  OutgoingQueue queue_;
  ReaderBacklog backlog_;          // when the queue's client counts as not reading
  std::uint64_t writes_done_ = 0;  // completed writes: a reader's progress
  RateLimiter limiter_;
  int limited_in_a_row_ = 0;
  bool writing_ = false;
  net::steady_timer keep_alive_;
  // When the last frame (data, ping, pong or close) came in.
  std::chrono::steady_clock::time_point last_heard_;
  // When the last ping went out (never: the clock's epoch). Unanswered while it is not
  // before last_heard_.
  std::chrono::steady_clock::time_point ping_sent_;
  bool ping_due_ = false;  // a ping waits for the write in flight
  bool closing_ = false;
  bool ended_ = false;
  // Held only while closing: a close_reason is 130 bytes (its reason a 123-byte static
  // string), which every connection would otherwise carry.
  std::unique_ptr<websocket::close_reason> close_after_drain_;

  // Set with --threads 1 (Lobby::single_thread_io): send() on that thread calls on_send.
  net::io_context* single_thread_io_;
  RequestRouter router_;
};

}  // namespace parlor::server
