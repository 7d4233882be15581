#include "clients/cli/net/bot_player.hpp"

#include <algorithm>
#include <charconv>
#include <utility>

#include "clients/cli/net/json_scan.hpp"
#include "clients/cli/net/open_loop_slots.hpp"
#include "engine/registry/registry.hpp"
#include "protocol/json_reuse.hpp"

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
      reconnect_timer_(ioc),
      rng_(Seed::from_os(), config_.rng_stream),
      pace_timer_(ioc),
      store_retry_timer_(ioc) {}

void BotPlayer::start() {
  if (!config_.game.empty()) {
    if (const GameDefinition* game = find_game(config_.game))
      policy_ = game->make_bot(config_.level);
  }
  if (config_.urls.empty()) {
    stats_.note_error("no server URL");
    return finish(false);
  }
  url_index_ = config_.first_url % config_.urls.size();
  connect_to(config_.urls[url_index_]);
}

void BotPlayer::handle_text(std::string_view text) {
  if (stats_.measuring) ++stats_.messages_received;
  static constexpr std::string_view kKeys[] = {"type", "id",       "seq",  "seat",
                                               "view", "accepted", "match"};
  static constexpr std::size_t kView = 4;
  std::string_view values[std::size(kKeys)];
  // What tells whether this seat must move, read on the way through the view.
  static constexpr std::string_view kViewKeys[] = {"over", "waiting"};
  std::string_view view_values[std::size(kViewKeys)];
  if (scan::members(text, kKeys, values, kView, kViewKeys, view_values)) {
    const auto type = scan::plain_string(values[0]);
    const bool reply = !values[1].empty() && values[1] != "null";
    if (type == "update" && !reply) {
      if (const auto match = scan::integer(values[6])) last_match_ = *match;
      return handle_update_text(values[2], values[3], values[kView], values[5], view_values[0],
                                view_values[1]);
    }
    // One per seat and deal, and nothing in it a bot uses: not worth a parse.
    if (type == "deal_commitment") return;
    const auto id = scan::integer(values[1]);
    const auto seq = scan::integer(values[2]);
    if (type == "accepted" && id && seq) {
      if (*id == action_id_) {
        if (*seq <= last_seq_) return note_accepted_before();
        note_accepted(*seq);
      }
      return;
    }
  }
  Json message = Json::parse(text, nullptr, false);
  if (message.is_object()) handle(message);
}

void BotPlayer::handle_update_text(std::string_view seq, std::string_view seat,
                                   std::string_view view, std::string_view accepted,
                                   std::string_view over, std::string_view waiting) {
  note_update(scan::integer(seat), scan::integer(seq).value_or(-1), scan::integer(accepted));
  // The view is kept (and parsed, when the bot acts) only when this seat is asked to
  // move: the other seats' turns need nothing from it.
  my_turn_ = false;
  if (seat_ && !view.empty() && view.front() == '{') {
    static constexpr std::string_view kWaitingKeys[] = {"seats"};
    std::string_view waiting_values[std::size(kWaitingKeys)];
    my_turn_ = !scan::is_true(over) && scan::members(waiting, kWaitingKeys, waiting_values) &&
               scan::array_has_integer(waiting_values[0], *seat_);
  }
  if (my_turn_) view_text_.assign(view);
  consecutive_rejections_ = 0;
  maybe_act();
}

void BotPlayer::handle(const Json& message) {
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
      if (stats_.measuring) ++stats_.matches_finished;
    }
  }
}

void BotPlayer::handle_reply(const Json& message) {
  const std::string type = message.value("type", "");
  const bool is_action = message["id"].is_number_integer() && message["id"] == action_id_;
  if (type == "welcome") {
    on_welcome(message);
  } else if (type == "error" && message.value("code", "") == "room_elsewhere") {
    follow_redirect(message);
  } else if (type == "error" && message.value("code", "") == "shutting_down") {
    forget_in_flight();  // the server closes next: the reconnection asks again
  } else if (type == "room") {
    seated_ = true;
    redirects_in_a_row_ = 0;
    handle_room(message["room"]);
    if (config_.join_code.empty() && !server_bots_asked_) {
      server_bots_asked_ = true;
      for (int i = 0; i < config_.server_bots; ++i) {
        request({{"type", "add_bot"},
                 {"room", room_id_},
                 {"level", bot_level_name(config_.server_bot_level)}});
      }
    }
    if (config_.join_code.empty() && on_room_created) {
      on_room_created(message["room"].value("code", ""));
    }
  } else if (type == "accepted" && is_action) {
    const std::int64_t seq = message.value("seq", std::int64_t{-1});
    if (seq >= 0 && seq <= last_seq_) return note_accepted_before();
    note_accepted(seq);
  } else if (type == "error" && is_action && message.value("code", "") == "stale_match") {
    // A move sent again after its match ended: nothing to do (not a rejection).
    action_id_ = 0;
    maybe_act();
  } else if (type == "error" && message.value("code", "") == "store_unavailable") {
    ++stats_.store_refusals;
    retry_after_store_refusal(is_action);
  } else if (type == "error") {
    if (is_action) {
      ++stats_.rejections;
      // The move as sent (with its "after"): enough to tell a stale view from a resend.
      stats_.note_error(message.dump() + " for " + action_text_);
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

void BotPlayer::retry_after_store_refusal(bool action) {
  static constexpr std::chrono::milliseconds kStoreRetryDelay{500};
  if (action) {
    action_id_ = 0;
  } else {
    start_pending_ = false;
  }
  store_retry_timer_.expires_after(kStoreRetryDelay);
  store_retry_timer_.async_wait([this, action](boost::system::error_code ec) {
    if (ec || done_ || stopping_) return;
    if (action) {
      maybe_act();
    } else if (table_full_ && !config_.hold_start && !start_pending_ && welcomed_) {
      start_pending_ = true;
      request({{"type", "start"}, {"room", room_id_}});
    }
  });
}

void BotPlayer::handle_room(const Json& room) {
  if (!room.is_object()) return;
  set_room_id(room.value("id", room_id_));
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
  if (!table_full_) {
    table_full_ = true;
    if (on_table_full) on_table_full();
  }
  if (config_.hold_start) return;
  start_pending_ = true;
  request({{"type", "start"}, {"room", room_id_}});
}

void BotPlayer::allow_start() {
  config_.hold_start = false;
  if (!table_full_ || start_pending_ || stopping_ || !connection_ || !welcomed_) return;
  start_pending_ = true;
  request({{"type", "start"}, {"room", room_id_}});
}

void BotPlayer::handle_update(const Json& update) {
  std::optional<std::int64_t> seat;
  if (update.contains("seat") && update["seat"].is_number_integer())
    seat = update["seat"].get<std::int64_t>();
  std::optional<std::int64_t> accepted;
  if (update.contains("accepted") && update["accepted"].is_number_integer())
    accepted = update["accepted"].get<std::int64_t>();
  if (update.contains("match") && update["match"].is_number_integer())
    last_match_ = update["match"].get<std::int64_t>();
  note_update(seat, update.value("seq", std::int64_t{-1}), accepted);
  // The same test as the pre-scanner's in handle_update_text.
  my_turn_ = false;
  const auto view = update.find("view");
  if (seat_ && view != update.end() && view->is_object()) {
    const auto over = view->find("over");
    const auto waiting = view->find("waiting");
    my_turn_ = !(over != view->end() && over->is_boolean() && over->get<bool>()) &&
               waiting != view->end() && waiting->is_object() && waiting->contains("seats") &&
               (*waiting)["seats"].is_array() &&
               std::find((*waiting)["seats"].begin(), (*waiting)["seats"].end(), Json(*seat_)) !=
                   (*waiting)["seats"].end();
  }
  if (my_turn_) view_text_ = view->dump();
  consecutive_rejections_ = 0;
  maybe_act();
}

void BotPlayer::note_accepted(std::int64_t seq) {
  if (action_counted_) ++stats_.actions_accepted;
  stats_.note_table_accept(config_.table, Clock::now());
  consecutive_rejections_ = 0;
  awaiting_seq_ = seq;
}

void BotPlayer::note_accepted_before() {
  // Accepted now, and its update is already here (the state sent on the seat's return
  // includes it); not a new accept at the table, which played it before the wait.
  if (action_counted_) {
    ++stats_.actions_accepted;
    ++stats_.updates_matched;
    stats_.latencies_ms.push_back(
        std::chrono::duration<double, std::milli>(Clock::now() - action_sent_at_).count());
  }
  consecutive_rejections_ = 0;
  action_id_ = 0;
  awaiting_seq_ = -1;
  maybe_act();
}

void BotPlayer::note_update(std::optional<std::int64_t> seat, std::int64_t seq,
                            std::optional<std::int64_t> accepted) {
  if (seat) seat_ = static_cast<int>(*seat);
  if (!seen_update_) {
    seen_update_ = true;
    start_pacing();
    if (on_first_update) on_first_update();
  }
  // With "ack": "update" the update for the action's seq says so itself.
  if (accepted && action_id_ != 0 && *accepted == action_id_) note_accepted(seq);
  if (action_id_ != 0 && awaiting_seq_ >= 0 && seq >= awaiting_seq_) {
    if (seq == awaiting_seq_ && action_counted_) {
      ++stats_.updates_matched;
      stats_.latencies_ms.push_back(
          std::chrono::duration<double, std::milli>(Clock::now() - action_sent_at_).count());
    }
    action_id_ = 0;
    awaiting_seq_ = -1;
  }
  // A new match: whatever was in flight belonged to the last one. (Not "seq 0": the
  // state sent on a seat's return is seq 0 too when the match had not moved, and the
  // move sent again then is still this match's.)
  if (action_id_ != 0 && last_match_ != action_match_) {
    action_id_ = 0;
    awaiting_seq_ = -1;
  }
  if (seq >= 0) last_seq_ = seq;
}

// Open loop: the slots of open_loop_slots.hpp.
void BotPlayer::start_pacing() {
  if (config_.rate <= 0) return;
  next_slot_ = first_slot(Clock::now(), config_.rate, rng_.next_u32() / 4294967296.0);
}

void BotPlayer::maybe_act() {
  if (stopping_ || !welcomed_ || action_id_ != 0 || timer_armed_ || !seat_ || !policy_ ||
      !my_turn_) {
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
    next_slot_ = slot_after_acting(next_slot_, now, config_.rate);
  }
  act_now();
}

void BotPlayer::act_now() {
  // One tree for every bot of the thread: successive views of a game have the same shape,
  // so parsing into it reuses its nodes instead of allocating a tree per turn.
  thread_local Json view;
  if (!protocol::parse_into(view_text_, &view)) view = Json::parse(view_text_, nullptr, false);
  if (!view.is_object()) {
    stats_.note_error("view is not a JSON object: " + view_text_.substr(0, 80));
    my_turn_ = false;
    return;
  }
  Json action;
  try {
    action = policy_->choose(view, rng_);
  } catch (const std::exception& e) {
    stats_.note_error(std::string("policy: ") + e.what());
    return;
  }
  awaiting_seq_ = -1;
  action_id_ = send_action(action);
  action_counted_ = stats_.measuring;
  if (action_counted_) ++stats_.actions_sent;
}

void BotPlayer::set_room_id(std::string id) {
  if (id == room_id_ && !action_head_.empty()) return;
  room_id_ = std::move(id);
  // It asks for the acceptance inside its own update: one message less per move.
  action_head_ = R"({"type":"action","ack":"update","room":)";
  action_head_ += Json(room_id_).dump();
  action_head_ += R"(,"action":)";
}

// The action request written into a reused buffer, its head prepared once per room.
std::int64_t BotPlayer::send_action(const Json& action) {
  const std::int64_t id = next_id_++;
  action_text_.assign(action_head_);
  protocol::append_json(&action_text_, action);
  char digits[24];
  if (last_seq_ >= 0) {
    action_text_ += R"(,"after":)";
    action_text_.append(digits, std::to_chars(digits, digits + sizeof digits, last_seq_).ptr);
  }
  action_match_ = last_match_;
  if (last_match_ > 0) {
    action_text_ += R"(,"match":)";
    action_text_.append(digits, std::to_chars(digits, digits + sizeof digits, last_match_).ptr);
  }
  action_text_ += R"(,"id":)";
  action_text_.append(digits, std::to_chars(digits, digits + sizeof digits, id).ptr);
  action_text_ += '}';
  action_sent_at_ = Clock::now();
  connection_->send_text(action_text_);
  return id;
}

}  // namespace parlor::cli::net
