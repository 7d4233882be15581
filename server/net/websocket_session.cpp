#include "server/net/websocket_session.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/bind_allocator.hpp>
#include <boost/asio/defer.hpp>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>

#include <cctype>

#include "server/lobby.hpp"
#include "server/net/connection_gate.hpp"
#include "server/net/op_memory.hpp"
#include "server/net/websocket_frame.hpp"

namespace parlor::server {

WebSocketSession::WebSocketSession(Transport&& transport, const ServerContext& context,
                                   std::string ip)
    : ws_(std::move(transport)),
      lobby_(context.lobby),
      gate_(context.gate),
      ip_(std::move(ip)),
      backlog_(lobby_->config().max_queued_messages),
      limiter_(lobby_->config().rate_per_second, lobby_->config().rate_burst),
      keep_alive_(ws_.get_executor()),
      single_thread_io_(lobby_->single_thread_io()),
      router_(*lobby_, *gate_, context.store, *this, ip_, context.club) {
  lobby_->metrics().connections_open.fetch_add(1);
  lobby_->metrics().connections_total.fetch_add(1);
}

WebSocketSession::~WebSocketSession() {
  lobby_->metrics().connections_open.fetch_sub(1);
  gate_->release(ip_);
  gate_->unregister_session(this);
}

void WebSocketSession::run(http::request<http::string_body> request) {
  const ServerConfig& config = lobby_->config();
  // Beast times the handshake and the closing handshake; the session times idleness
  // itself (do_tick).
  websocket::stream_base::timeout timeouts{std::chrono::seconds(config.handshake_timeout_seconds),
                                           websocket::stream_base::none(),
                                           /*keep_alive_pings=*/false};
  ws_.set_option(timeouts);
  // Pongs (and pings, and a close) never complete a read of ours: they count as hearing
  // from the peer here. The callback runs inside a read on the session's strand.
  ws_.control_callback([this](websocket::frame_type, beast::string_view) {
    last_heard_ = std::chrono::steady_clock::now();
  });
  // Never permessage-deflate: Boost 1.81's inflater can be crashed by a crafted frame.
  websocket::permessage_deflate no_deflate;
  no_deflate.server_enable = false;
  no_deflate.client_enable = false;
  ws_.set_option(no_deflate);
  ws_.read_message_max(config.max_message_bytes);
  // One frame per message: Beast's default splits anything over 4 KB (the games list,
  // history, a large view) into a frame, and a write, per 4 KB.
  ws_.auto_fragment(false);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(http::field::server, "parlor-server"); }));
  gate_->register_session(shared_from_this());
  ws_.async_accept(request,
                   beast::bind_front_handler(&WebSocketSession::on_accept, shared_from_this()));
}

void WebSocketSession::on_accept(beast::error_code ec) {
  if (ec) return fail(ec, "accept");
  if (gate_->closing()) return do_close({websocket::close_code::going_away, "shutdown"});
  last_heard_ = std::chrono::steady_clock::now();
  do_tick(last_heard_ + half_idle_timeout());
  do_read();
}

namespace {

// What a waiting read asks of the session's buffer: every connection holds this much
// while it waits. Beast's whole-message read prepares a TCP frame's worth (1,536 bytes)
// before it waits: a fifth of what an idle connection costs the server. A move is
// 100-200 bytes, so it fits one read of this size; a longer message takes a few reads of
// what Beast already holds (no more system calls).
// A buffer that a longer message grew past one chunk is given back once the message is
// handled, so a connection waits with one chunk whatever it sent before.
constexpr std::size_t kReadChunk = 256;

}  // namespace

void WebSocketSession::do_read() {
  ws_.async_read_some(
      buffer_, kReadChunk,
      net::bind_allocator(OpAllocator<void>(), beast::bind_front_handler(&WebSocketSession::on_read,
                                                                         shared_from_this())));
}

void WebSocketSession::on_read(beast::error_code ec, std::size_t) {
  if (ec) return fail(ec, "read");
  const auto received = std::chrono::steady_clock::now();
  last_heard_ = received;
  if (!ws_.is_message_done()) return do_read();  // the rest of the message
  lobby_->metrics().messages_received.fetch_add(1, std::memory_order_relaxed);
  if (!ws_.got_text()) {
    buffer_.consume(buffer_.size());
    send_error(nullptr, "binary_not_supported", "send JSON as text frames");
  } else {
    // A flat_buffer holds the frame contiguously: parse it in place, no copy.
    const auto data = buffer_.data();
    handle_text(std::string_view(static_cast<const char*>(data.data()), data.size()));
    buffer_.consume(buffer_.size());
  }
  if (buffer_.capacity() > kReadChunk) buffer_.shrink_to_fit();
  lobby_->metrics().observe_latency(std::chrono::steady_clock::now() - received);
  if (!closing_) do_read();
}

void WebSocketSession::send(SharedMessage message) {
  // On the io_context's only thread, the session has no strand to hop to: queueing the
  // message now is what the post would do, without the post (its allocation, its queue).
  // on_send only queues and starts a write, so a caller in the middle of anything is safe.
  if (single_thread_io_ && single_thread_io_->get_executor().running_in_this_thread()) {
    return on_send(std::move(message));
  }
  // Deferred, not posted: the same "later, on the session's strand", but from an io thread
  // the strand's turn is queued as this thread's continuation, so a room's broadcast to
  // four seats does not wake the other io threads four times (each wake a futex call and
  // often a context switch); whichever thread is free next runs them. From any other
  // thread it is a post.
  net::defer(ws_.get_executor(), beast::bind_front_handler(&WebSocketSession::on_send,
                                                           shared_from_this(), std::move(message)));
}

void WebSocketSession::on_send(SharedMessage message) {
  if (closing_ || ended_) return;
  // A client that does not read is dropped rather than allowed to grow memory; one that
  // reads is not dropped for a burst (reader_backlog.hpp). The clock is read only past
  // the limit, once.
  if (queue_.size() >= backlog_.limit()) {
    const auto now = ReaderBacklog::Clock::now();
    if (backlog_.should_drop(queue_.size(), writes_done_, now)) return drop_slow_reader(now);
  }
  queue_.push_back(std::move(message));
  if (!writing_) do_write();
}

void WebSocketSession::drop_slow_reader(ReaderBacklog::Clock::time_point now) {
  spdlog::warn("player {} ({}): {} messages unread; disconnecting (nothing taken for {:.1f} s)",
               router_.player_id(), ip_, queue_.size(), backlog_.seconds_behind(now));
  lobby_->metrics().slow_consumers_dropped.fetch_add(1);
  closing_ = true;  // the write in flight fails and ends the session
  // An abortive close (linger 0: a reset): what the kernel still holds for this peer is
  // discarded at once. An orderly close would keep the socket, its send buffer (megabytes,
  // autotuned) and a FIN behind them alive for as long as the peer keeps its window shut,
  // and the peer would learn of the drop only after reading it all.
  beast::error_code ignored;
  auto& socket = ws_.next_layer().socket();
  socket.set_option(net::socket_base::linger(true, 0), ignored);
  socket.close(ignored);
}

void WebSocketSession::do_write() {
  // A frame the socket takes whole is done at once (Transport::write_now); the first it
  // does not, or one it cannot write directly, ends in on_write.
  while (!queue_.empty() && !ping_due_) {
    // Closing (Beast's handshake, or a socket closed under a reader that fell behind):
    // Beast's write says so, as it always has.
    if (closing_ || !ws_.is_open()) return write_through_beast();
    const std::string& text = *queue_.front();
    const TextFrameHeader header(text.size());
    auto rest_handler = [this] {
      return [self = shared_from_this()](beast::error_code ec) { self->on_write(ec, 0); };
    };
    switch (ws_.next_layer().write_now(header.buffer(), net::buffer(text), rest_handler)) {
      case Transport::DirectWrite::whole:
        queue_.pop_front();
        ++writes_done_;
        continue;
      case Transport::DirectWrite::rest_pending:
        writing_ = true;
        return;
      case Transport::DirectWrite::busy:
        return write_through_beast();
    }
  }
  write_next();
}

void WebSocketSession::write_through_beast() {
  writing_ = true;
  ws_.text(true);
  // The operations of a frame's write (Beast's and Asio's) come from OpMemory
  // (op_memory.hpp): a move's four writes are all under way before the first is done.
  ws_.async_write(net::buffer(*queue_.front()),
                  net::bind_allocator(
                      OpAllocator<void>(),
                      beast::bind_front_handler(&WebSocketSession::on_write, shared_from_this())));
}

void WebSocketSession::on_write(beast::error_code ec, std::size_t) {
  writing_ = false;
  if (ec) {
    queue_.clear();
    return fail(ec, "write");
  }
  queue_.pop_front();
  ++writes_done_;
  write_next();
}

void WebSocketSession::write_next() {
  if (ping_due_) return do_ping();
  if (!queue_.empty()) return do_write();  // not when called from do_write: it drained it
  if (close_after_drain_) {
    const websocket::close_reason reason = *close_after_drain_;
    close_after_drain_.reset();
    do_close(reason);
  }
}

// ---- The idle timeout ----

std::chrono::steady_clock::duration WebSocketSession::half_idle_timeout() const {
  return std::chrono::duration_cast<std::chrono::steady_clock::duration>(
             std::chrono::seconds(lobby_->config().idle_timeout_seconds)) /
         2;
}

void WebSocketSession::do_tick(std::chrono::steady_clock::time_point at) {
  keep_alive_.expires_at(at);
  // A weak reference: a closed session is not kept alive until the timer's next wake.
  keep_alive_.async_wait([weak = weak_from_this()](beast::error_code ec) {
    if (auto self = weak.lock()) self->on_tick(ec);
  });
}

void WebSocketSession::on_tick(beast::error_code ec) {
  if (ec || closing_ || ended_) return;
  const auto now = std::chrono::steady_clock::now();
  const auto half = half_idle_timeout();
  if (last_heard_ <= ping_sent_) {
    // A ping went out and nothing came in since: gone, or too far behind in reading to
    // see it.
    if (now - ping_sent_ >= half) return time_out();
    return do_tick(ping_sent_ + half);
  }
  if (now - last_heard_ < half) return do_tick(last_heard_ + half);
  ping_sent_ = now;
  // Behind the write in flight, ahead of the queue: a client that reads gets it soon; one
  // that does not never answers it.
  if (writing_) {
    ping_due_ = true;
  } else {
    do_ping();
  }
  do_tick(now + half);
}

void WebSocketSession::do_ping() {
  ping_due_ = false;
  writing_ = true;
  ws_.async_ping({}, beast::bind_front_handler(&WebSocketSession::on_ping, shared_from_this()));
}

void WebSocketSession::on_ping(beast::error_code ec) {
  writing_ = false;
  if (ec) {
    queue_.clear();
    return fail(ec, "ping");
  }
  write_next();
}

// The whole idle timeout without a frame from the peer, the second half after a ping. The
// socket is closed, as Beast's own timeout did; the read (and any write) waiting on it
// fails, and that ends the session.
void WebSocketSession::time_out() {
  lobby_->metrics().connections_timed_out.fetch_add(1);
  closing_ = true;
  beast_close_socket(ws_.next_layer());
}

void WebSocketSession::close_going_away() {
  net::post(ws_.get_executor(), [self = shared_from_this()] {
    if (self->closing_ || self->ended_) return;
    websocket::close_reason reason{websocket::close_code::going_away, "server shutting down"};
    if (self->writing_) {
      self->close_after_drain_ =
          std::make_unique<websocket::close_reason>(reason);  // nothing half-written
    } else {
      self->do_close(reason);
    }
  });
}

void WebSocketSession::do_close(websocket::close_reason reason) {
  if (closing_) return;
  closing_ = true;
  if (!ws_.is_open()) return;
  ws_.async_close(reason,
                  beast::bind_front_handler(&WebSocketSession::on_close, shared_from_this()));
}

void WebSocketSession::on_close(beast::error_code ec) {
  if (ec) return fail(ec, "close");
  end_session();
}

void WebSocketSession::fail(beast::error_code ec, const char* what) {
  end_session();
  // Not logged: a peer that vanished is ordinary. Counted, as it is also how a client too
  // far behind in reading (its pong waits behind everything unread) leaves. Beast reports
  // a timeout to one pending operation only (the others see operation_aborted).
  if (ec == beast::error::timeout) lobby_->metrics().connections_timed_out.fetch_add(1);
  if (ec == websocket::error::closed || ec == net::error::operation_aborted ||
      ec == beast::error::timeout || ec == net::error::eof || ec == net::error::connection_reset) {
    return;
  }
  if (ec == websocket::error::message_too_big) {
    lobby_->metrics().messages_rejected.fetch_add(1);
    spdlog::info("player {} ({}): message over the size limit; closed (1009)", router_.player_id(),
                 ip_);
    return;
  }
  spdlog::debug("player {} ({}): {}: {}", router_.player_id(), ip_, what, ec.message());
}

void WebSocketSession::end_session() {
  if (ended_) return;
  ended_ = true;
  keep_alive_.cancel();
  if (!writing_) queue_.clear();  // a write in flight still uses the front message
  router_.connection_ended();
}

// ---- Requests ----

void WebSocketSession::handle_text(std::string_view text) {
  if (close_after_drain_) return;  // closing: nothing more is handled
  if (!limiter_.try_take()) {
    lobby_->metrics().messages_rejected.fetch_add(1, std::memory_order_relaxed);
    if (++limited_in_a_row_ >= lobby_->config().flood_close_after) {
      spdlog::warn("player {} ({}): message flood; closing", router_.player_id(), ip_);
      send_error(nullptr, "flood", "too many messages; closing the connection");
      return close_after_writing({websocket::close_code::policy_error, "flood"});
    }
    return send_error(protocol::extract_id(Json::parse(text, nullptr, false)), "rate_limited",
                      "too many messages; slow down");
  }
  limited_in_a_row_ = 0;
  router_.route(text);
}

void WebSocketSession::send_error(const Json& id, const std::string& code,
                                  const std::string& message) {
  send_text(protocol::error_message(id, code, message));
}

void WebSocketSession::send_text(std::string text) { on_send(make_message(std::move(text))); }

void WebSocketSession::close_for_policy(std::string reason) {
  close_after_writing({websocket::close_code::policy_error, std::move(reason)});
}

void WebSocketSession::close_after_writing(websocket::close_reason reason) {
  close_after_drain_ = std::make_unique<websocket::close_reason>(std::move(reason));
  if (!writing_) do_close(*close_after_drain_);
}

void WebSocketSession::post(std::function<void()> step) {
  net::post(ws_.get_executor(), [self = shared_from_this(), step = std::move(step)] { step(); });
}

}  // namespace parlor::server
