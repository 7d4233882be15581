#include "clients/cli/net/ws_connection.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <chrono>
#include <utility>

namespace parlor::cli::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {
// The id of the liveness ping: its pong is recognised (and swallowed) by it.
constexpr std::string_view kPingId = "parlor-liveness";
}  // namespace

WsConnection::WsConnection(asio::io_context& ioc, Liveness liveness)
    : ioc_(ioc), liveness_(liveness), ws_(ioc), connect_timer_(ioc), silence_timer_(ioc) {}

void WsConnection::fail(const std::string& what, beast::error_code ec) {
  open_ = false;
  connect_timer_.cancel();
  silence_timer_.cancel();
  if (finished_) return;
  finished_ = true;
  std::string error;
  if (ec && ec != websocket::error::closed) error = what + ": " + ec.message();
  if (on_closed) on_closed(error);
}

void WsConnection::connect(const ServerUrl& url) {
  host_header_ = url.host + ":" + url.port;
  // The handshake is watched too: a paused node behind a proxy accepts TCP and then says
  // nothing.
  last_heard_ = std::chrono::steady_clock::now();
  watch_silence();
  auto self = shared_from_this();
  auto resolver = std::make_shared<tcp::resolver>(ioc_);
  std::string path = url.path;
  resolver->async_resolve(
      url.host, url.port,
      [self, resolver, path](beast::error_code ec, tcp::resolver::results_type results) {
        if (ec) return self->fail("resolve", ec);
        // Connect and handshake get 10 s together; closing the socket ends either.
        self->connect_timer_.expires_after(std::chrono::seconds(10));
        self->connect_timer_.async_wait([self](beast::error_code timer_ec) {
          if (!timer_ec && !self->open_) beast::get_lowest_layer(self->ws_).close(timer_ec);
        });
        asio::async_connect(
            beast::get_lowest_layer(self->ws_), results,
            [self, path](beast::error_code ec2, const tcp::endpoint&) {
              if (ec2) return self->fail("connect", ec2);
              auto& socket = beast::get_lowest_layer(self->ws_);
              socket.set_option(tcp::no_delay(true));
              self->ws_.async_handshake(self->host_header_, path, [self](beast::error_code ec3) {
                if (ec3) return self->fail("handshake", ec3);
                self->connect_timer_.cancel();
                self->last_heard_ = std::chrono::steady_clock::now();
                self->ping_outstanding_ = false;
                self->ws_.set_option(
                    websocket::stream_base::timeout::suggested(beast::role_type::client));
                self->ws_.text(true);
                self->open_ = true;
                if (self->on_open) self->on_open();
                self->read_next();
                self->write_next();
              });
            });
      });
}

void WsConnection::read_next() {
  auto self = shared_from_this();
  ws_.async_read(buffer_, [self](beast::error_code ec, std::size_t) {
    if (ec) return self->fail("read", ec);
    self->last_heard_ = std::chrono::steady_clock::now();
    // A flat_buffer holds the whole frame contiguously: read it in place.
    const auto data = self->buffer_.data();
    const std::string_view text(static_cast<const char*>(data.data()), data.size());
    const bool own_pong = self->ping_outstanding_ && self->is_own_pong(text);
    self->ping_outstanding_ = false;
    if (own_pong) {
      // Nothing for the owner: it asked for nothing.
    } else if (self->on_text) {
      self->on_text(text);
    } else if (self->on_message) {
      Json message = Json::parse(text, nullptr, false);
      if (message.is_object()) self->on_message(message);
    }
    self->buffer_.consume(self->buffer_.size());
    if (!self->finished_) self->read_next();
  });
}

void WsConnection::watch_silence() {
  if (!liveness_.enabled() || finished_) return;
  const auto due = last_heard_ + (ping_outstanding_ ? liveness_.ping_after + liveness_.give_up_after
                                                    : liveness_.ping_after);
  silence_timer_.expires_at(due);
  auto self = shared_from_this();
  silence_timer_.async_wait([self](beast::error_code ec) {
    if (!ec) self->on_silence_check();
  });
}

void WsConnection::on_silence_check() {
  if (finished_) return;
  const auto silent = std::chrono::steady_clock::now() - last_heard_;
  if (silent >= liveness_.ping_after + liveness_.give_up_after) {
    // Taken for gone: no close handshake (it would wait on the silent peer too).
    fail("silent", beast::error::timeout);
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).close(ignored);
    return;
  }
  if (silent >= liveness_.ping_after && !ping_outstanding_ && open_) {
    ping_outstanding_ = true;
    send_text(R"({"type":"ping","id":")" + std::string(kPingId) + R"("})");
  } else if (silent >= liveness_.ping_after && !open_) {
    ping_outstanding_ = true;  // still connecting: only the give-up deadline is left
  }
  watch_silence();
}

bool WsConnection::is_own_pong(std::string_view text) const {
  return text.size() < 128 && text.find(R"("pong")") != std::string_view::npos &&
         text.find(kPingId) != std::string_view::npos;
}

void WsConnection::send(const Json& message) { send_text(message.dump()); }

void WsConnection::send_text(std::string_view text) {
  if (finished_) return;
  if (spare_.empty()) {
    outgoing_.emplace_back(text);
  } else {
    outgoing_.push_back(std::move(spare_.back()));
    spare_.pop_back();
    outgoing_.back().assign(text);
  }
  if (open_) write_next();
}

void WsConnection::write_next() {
  if (writing_ || outgoing_.empty() || !open_) return;
  writing_ = true;
  auto self = shared_from_this();
  ws_.async_write(asio::buffer(outgoing_.front()), [self](beast::error_code ec, std::size_t) {
    self->writing_ = false;
    if (ec) return self->fail("write", ec);
    self->spare_.push_back(std::move(self->outgoing_.front()));
    self->outgoing_.pop_front();
    self->write_next();
  });
}

void WsConnection::close() {
  if (!open_ || finished_) return;
  open_ = false;
  silence_timer_.cancel();  // closing by choice: silence from now on is expected
  auto self = shared_from_this();
  ws_.async_close(websocket::close_code::normal,
                  [self](beast::error_code) { self->fail("close", {}); });
}

}  // namespace parlor::cli::net
