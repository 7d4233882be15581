#include "clients/cli/net/bot_player.hpp"

#include <algorithm>
#include <utility>

#include "engine/registry/registry.hpp"

namespace parlor::cli::net {

namespace {
// After this many rejected choices in a row the bot waits for the next update instead
// of retrying (a policy bug must not turn into a flood).
constexpr int kMaxRejectionsInARow = 5;
}  // namespace

BotPlayer::BotPlayer(boost::asio::io_context& ioc, BotConfig config, BotStats& stats)
    : ioc_(ioc),
      config_(std::move(config)),
      stats_(stats),
      rng_(Seed::from_os(), config_.rng_stream),
      pace_timer_(ioc) {}

void BotPlayer::start() {
  if (!config_.game.empty()) {
    if (const GameDefinition* game = find_game(config_.game))
      policy_ = game->make_bot(config_.level);
  }
  connection_ = std::make_shared<WsConnection>(ioc_);
  connection_->on_open = [this] {
    request({{"type", "hello"}, {"version", 1}, {"name", config_.name}});
  };
  connection_->on_message = [this](const Json& message) { handle(message); };
  connection_->on_closed = [this](const std::string& error) {
    if (!error.empty() && !stopping_) {
      ++stats_.connection_errors;
      stats_.note_error(error);
    }
    finish(error.empty() && (matches_seen_ > 0 || stopping_));
  };
  connection_->connect(config_.url);
}

Json BotPlayer::request(Json message) {
  message["id"] = next_id_++;
  connection_->send(message);
  return message;
}

void BotPlayer::close() {
  pace_timer_.cancel();
  if (connection_) connection_->close();
}

void BotPlayer::finish(bool ok) {
  if (done_) return;
  done_ = true;
  pace_timer_.cancel();
  if (on_done) on_done(ok);
}

void BotPlayer::handle(const Json& message) {
  ++stats_.messages_received;
  const std::string type = message.value("type", "");
  if (message.contains("id") && !message["id"].is_null()) return handle_reply(message);
  if (type == "room") {
    handle_room(message["room"]);
  } else if (type == "update") {
    handle_update(message);
  } else if (type == "match_over") {
    ++matches_seen_;
    if (!config_.join_code.empty() || !config_.replay) {
      if (config_.leave_after_match) close();
    } else {
      ++stats_.matches_finished;
    }
  }
}

void BotPlayer::handle_reply(const Json& message) {
  const std::string type = message.value("type", "");
  const bool is_action = message["id"].is_number_integer() && message["id"] == action_id_;
  if (type == "welcome") {
    if (config_.join_code.empty()) {
      request({{"type", "create_room"},
               {"game", config_.game},
               {"seats", config_.seats},
               {"visibility", "private"},
               {"turn_seconds", 0},
               {"bot_delay_ms", 0}});
    } else {
      request({{"type", "join_room"}, {"code", config_.join_code}});
    }
  } else if (type == "room") {
    handle_room(message["room"]);
    if (config_.join_code.empty() && on_room_created) {
      on_room_created(message["room"].value("code", ""));
    }
  } else if (type == "accepted" && is_action) {
    ++stats_.actions_accepted;
    consecutive_rejections_ = 0;
    awaiting_seq_ = message.value("seq", std::int64_t{-1});
  } else if (type == "error") {
    if (is_action) {
      ++stats_.rejections;
      stats_.note_error(message.dump());
      action_id_ = 0;
      if (++consecutive_rejections_ < kMaxRejectionsInARow) maybe_act();
    } else {
      start_pending_ = false;
      if (message.value("code", "") != "match_running") {
        stats_.note_error(message.dump());
        if (message.value("code", "") != "seats_not_full") close();
      }
    }
  } else if (type == "ok" && message.value("request", "") == "start") {
    start_pending_ = false;
  }
}

void BotPlayer::handle_room(const Json& room) {
  if (!room.is_object()) return;
  room_id_ = room.value("id", room_id_);
  if (!policy_ && room.contains("game")) {
    config_.game = room["game"].get<std::string>();
    if (const GameDefinition* game = find_game(config_.game))
      policy_ = game->make_bot(config_.level);
  }
  // The host starts a match whenever the table is full and idle.
  const bool host = config_.join_code.empty();
  const std::string status = room.value("status", "");
  if (!host || stopping_ || start_pending_ || status == "playing") return;
  if (status == "finished" && !config_.replay) return;
  for (const Json& seat : room["seats"]) {
    if (seat.value("kind", "") == "empty") return;
  }
  start_pending_ = true;
  request({{"type", "start"}, {"room", room_id_}});
}

void BotPlayer::handle_update(const Json& update) {
  if (update.contains("seat") && update["seat"].is_number_integer())
    seat_ = update["seat"].get<int>();
  const std::int64_t seq = update.value("seq", std::int64_t{-1});
  if (action_id_ != 0 && awaiting_seq_ >= 0 && seq >= awaiting_seq_) {
    if (seq == awaiting_seq_) {
      ++stats_.updates_matched;
      stats_.latencies_ms.push_back(
          std::chrono::duration<double, std::milli>(Clock::now() - action_sent_at_).count());
    }
    action_id_ = 0;
    awaiting_seq_ = -1;
  }
  if (seq == 0) {  // a new deal: whatever was in flight belonged to the last match
    action_id_ = 0;
    awaiting_seq_ = -1;
  }
  last_view_ = update["view"];
  consecutive_rejections_ = 0;
  maybe_act();
}

void BotPlayer::maybe_act() {
  if (stopping_ || action_id_ != 0 || timer_armed_ || !seat_ || !policy_) return;
  if (!last_view_.is_object() || last_view_.value("over", false)) return;
  const Json& seats = last_view_["waiting"]["seats"];
  if (!seats.is_array() || std::find(seats.begin(), seats.end(), Json(*seat_)) == seats.end()) {
    return;
  }
  if (config_.rate > 0) {
    const Clock::time_point now = Clock::now();
    if (now < next_slot_) {
      timer_armed_ = true;
      pace_timer_.expires_at(next_slot_);
      pace_timer_.async_wait([this](boost::system::error_code ec) {
        timer_armed_ = false;
        if (!ec) maybe_act();
      });
      return;
    }
    next_slot_ = std::max(next_slot_, now - std::chrono::seconds(1)) +
                 std::chrono::duration_cast<Clock::duration>(
                     std::chrono::duration<double>(1.0 / config_.rate));
  }
  act_now();
}

void BotPlayer::act_now() {
  Json action;
  try {
    action = policy_->choose(last_view_, rng_);
  } catch (const std::exception& e) {
    stats_.note_error(std::string("policy: ") + e.what());
    return;
  }
  action_sent_at_ = Clock::now();
  awaiting_seq_ = -1;
  Json sent = request({{"type", "action"}, {"room", room_id_}, {"action", action}});
  action_id_ = sent["id"].get<std::int64_t>();
  ++stats_.actions_sent;
}

}  // namespace parlor::cli::net
