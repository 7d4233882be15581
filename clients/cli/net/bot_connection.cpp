// BotPlayer's line to the server (bot_player.hpp): connecting, saying hello, coming back
// to its seat after a lost connection (with backoff, through the next URL), following a
// cluster's room_elsewhere, closing. Its moves and messages are in bot_player.cpp.
#include <algorithm>
#include <utility>

#include "clients/cli/net/bot_player.hpp"

namespace parlor::cli::net {

namespace {
// Reconnection: the first retry comes soon (a proxy or a surviving node is usually there
// already), then the wait doubles up to kMaxReconnectDelay; after kMaxReconnectAttempts
// failures in a row (about half a minute) the seat is given up.
constexpr std::chrono::milliseconds kFirstReconnectDelay{100};
constexpr std::chrono::milliseconds kMaxReconnectDelay{2000};
constexpr int kMaxReconnectAttempts = 20;
}  // namespace

void BotPlayer::connect_to(const ServerUrl& url) {
  const std::uint64_t generation = ++generation_;
  welcomed_ = false;
  current_url_ = url;
  connection_ = std::make_shared<WsConnection>(ioc_, config_.liveness);
  connection_->on_open = [this, generation] {
    if (generation == generation_) say_hello();
  };
  connection_->on_text = [this, generation](std::string_view text) {
    if (generation == generation_) handle_text(text);
  };
  connection_->on_closed = [this, generation](const std::string& error) {
    if (generation == generation_) on_connection_closed(error);
  };
  connection_->connect(url);
}

void BotPlayer::say_hello() {
  Json hello = {{"type", "hello"}, {"version", 1}, {"name", config_.name}};
  if (!token_.empty()) hello["token"] = token_;
  request(std::move(hello));
}

void BotPlayer::on_connection_closed(const std::string& error) {
  welcomed_ = false;
  // A seat to come back to, and nobody asked this bot to stop: the server (or its node)
  // went away. Come back with the token, through the next URL.
  if (!closing_by_me_ && !stopping_ && !done_ && !token_.empty() &&
      reconnect_attempts_ < kMaxReconnectAttempts) {
    return reconnect_later();
  }
  if (!error.empty() && !stopping_) {
    ++stats_.connection_errors;
    stats_.note_error(error);
  }
  finish(error.empty() && (matches_seen_ > 0 || stopping_));
}

void BotPlayer::reconnect_later() {
  forget_in_flight();
  dropped_ = true;
  // A lost line is not a redirect loop (a node sent us to one that was not reachable,
  // such as one still draining or restarting): the next row starts from the first URL.
  // The reconnect attempts, with their backoff, bound how long this goes on.
  redirects_in_a_row_ = 0;
  const int shift = std::min(reconnect_attempts_, 5);
  const auto delay =
      std::min<std::chrono::milliseconds>(kFirstReconnectDelay * (1 << shift), kMaxReconnectDelay);
  ++reconnect_attempts_;
  url_index_ = (url_index_ + 1) % config_.urls.size();
  reconnect_timer_.expires_after(delay);
  reconnect_timer_.async_wait([this](boost::system::error_code ec) {
    if (ec || done_ || stopping_ || closing_by_me_) return;
    connect_to(config_.urls[url_index_]);
  });
}

void BotPlayer::forget_in_flight() {
  // Not yet seen accepted (its update, or an `accepted` reply, would have set awaiting_seq_).
  if (action_id_ != 0 && awaiting_seq_ < 0) resend_id_ = action_id_;
  action_id_ = 0;
  awaiting_seq_ = -1;
  my_turn_ = false;
  start_pending_ = false;
  timer_armed_ = false;
  pace_timer_.cancel();
  store_retry_timer_.cancel();
}

void BotPlayer::on_welcome(const Json& welcome) {
  welcomed_ = true;
  reconnect_attempts_ = 0;
  if (welcome.contains("token") && welcome["token"].is_string()) {
    token_ = welcome["token"].get<std::string>();
  }
  if (dropped_) {
    dropped_ = false;
    ++stats_.reconnects;
  }
  if (seated_) {
    forget_in_flight();
    // The server gives the seat back by itself (room, then the seat's view) if it still
    // has the room; a room it no longer has cannot be played on.
    const Json rooms = welcome.value("rooms", Json::array());
    if (std::find(rooms.begin(), rooms.end(), Json(room_id_)) == rooms.end()) {
      stats_.note_error("room " + room_id_ + " was gone after reconnecting");
      resend_id_ = 0;
      close();
      return;
    }
    resend_move();
    return;
  }
  if (config_.join_code.empty()) {
    request({{"type", "create_room"},
             {"game", config_.game},
             {"seats", config_.seats},
             {"visibility", "private"},
             {"turn_seconds", config_.turn_seconds},
             {"bot_delay_ms", 0}});
  } else {
    request({{"type", "join_room"}, {"code", config_.join_code}});
  }
}

// The same request, id and `after` included: the server tells a move it has applied
// (answered `accepted` with its old seq) from one it never had (judged as new).
void BotPlayer::resend_move() {
  if (resend_id_ == 0 || stopping_) {
    resend_id_ = 0;
    return;
  }
  action_id_ = resend_id_;
  resend_id_ = 0;
  awaiting_seq_ = -1;
  ++stats_.moves_resent;
  action_sent_at_ = Clock::now();
  connection_->send_text(action_text_);
}

void BotPlayer::follow_redirect(const Json& error) {
  // Nodes that keep sending each other's clients on would be a loop: give up.
  static constexpr int kMaxRedirectsInARow = 5;
  if (++redirects_in_a_row_ > kMaxRedirectsInARow) {
    stats_.note_error("room_elsewhere " + std::to_string(kMaxRedirectsInARow) +
                      " times in a row: " + error.dump());
    return close();
  }
  ServerUrl target;
  if (!resolve_url(current_url_, error.value("url", ""), &target)) {
    stats_.note_error("cannot follow room_elsewhere: " + error.dump());
    return close();
  }
  ++stats_.redirects;
  forget_in_flight();
  // The old connection's end is of no interest (its generation is over).
  ++generation_;
  if (connection_) connection_->close();
  connect_to(target);
}

Json BotPlayer::request(Json message) {
  message["id"] = next_id_++;
  connection_->send(message);
  return message;
}

void BotPlayer::close() {
  closing_by_me_ = true;
  pace_timer_.cancel();
  store_retry_timer_.cancel();
  reconnect_timer_.cancel();
  if (connection_ && connection_->open()) return connection_->close();  // on_closed finishes
  // Between two connections: one still being made is dropped, and the bot is done.
  ++generation_;
  finish(stopping_ || matches_seen_ > 0);
}

void BotPlayer::finish(bool ok) {
  if (done_) return;
  done_ = true;
  pace_timer_.cancel();
  store_retry_timer_.cancel();
  reconnect_timer_.cancel();
  if (on_done) on_done(ok);
}

}  // namespace parlor::cli::net
