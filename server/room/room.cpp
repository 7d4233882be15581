#include "server/room/room.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <utility>

#include "protocol/protocol.hpp"
#include "server/room/room_summary.hpp"

namespace parlor::server {

using protocol::reply_message;

Room::Room(net::any_io_executor executor, RoomSettings settings, RoomDirectory& directory,
           MatchJournal& journal, Metrics& metrics, BotThinker* thinker)
    : strand_(std::move(executor)),
      settings_(std::move(settings)),
      directory_(directory),
      metrics_(metrics),
      seating_(*settings_.game, settings_.seats, settings_.host_player_id, settings_.grace),
      session_(journal, outbox_,
               [this](DurableOutbox::Hold hold) { return release_when_durable(hold); }),
      // Every armed timer holds the room until its handler has run.
      timers_(strand_, [this] { return shared_from_this(); }),
      stand_ins_(settings_.id, {settings_.turn_time, settings_.bot_delay, settings_.bot_budget},
                 timers_, stand_in_table(thinker), Rng(Seed::from_os(), 0)),
      chat_(settings_.chat) {}

// Made on the strand while the room lives; the release it returns may run on the store's
// writer thread after the room is gone, so it holds the room weakly.
std::function<void()> Room::release_when_durable(DurableOutbox::Hold hold) {
  return [strand = strand_, room = weak_from_this(), hold] {
    post_to(strand, room, &Room::release_held, hold);
  };
}

StandInScheduler::Table Room::stand_in_table(BotThinker* thinker) {
  return {[this] { return match_in_play() ? &session_.state() : nullptr; },
          [this] { return session_.store_writable(); },
          seating_,
          [this](int seat, Json action, bool timeout) {
            return play_move(seat, std::move(action), timeout, nullptr);
          },
          [this] { return session_.sequence(); },
          thinker};
}

// ---- Public entry points: each hops onto the room's strand. ----

void Room::open(Member creator, Json request_id, bool sit) {
  post_to_strand(&Room::do_open, std::move(creator), std::move(request_id), sit);
}
void Room::join(Member who, Json request_id, std::optional<int> seat) {
  post_to_strand(&Room::do_join, std::move(who), std::move(request_id), seat);
}
void Room::spectate(Member who, Json request_id) {
  post_to_strand(&Room::do_spectate, std::move(who), std::move(request_id));
}
void Room::leave(Member who, Json request_id) {
  post_to_strand(&Room::do_leave, std::move(who), std::move(request_id));
}
void Room::add_bot(Member who, Json request_id, std::optional<int> seat, BotLevel level) {
  post_to_strand(&Room::do_add_bot, std::move(who), std::move(request_id), seat, level);
}
void Room::remove_bot(Member who, Json request_id, int seat) {
  post_to_strand(&Room::do_remove_bot, std::move(who), std::move(request_id), seat);
}
void Room::start(Member who, Json request_id) {
  post_to_strand(&Room::do_start, std::move(who), std::move(request_id));
}
void Room::act(Member who, Json request_id, Json action, Clock::time_point received,
               bool ack_in_update, MoveContext context) {
  post_to_strand(&Room::do_act, std::move(who), std::move(request_id), std::move(action), received,
                 ack_in_update, context);
}
void Room::get_state(Member who, Json request_id) {
  post_to_strand(&Room::do_get_state, std::move(who), std::move(request_id));
}
void Room::start_event_table() { post_to_strand(&Room::do_start_event_table); }
void Room::shutdown() { post_to_strand(&Room::do_shutdown); }

// ---- Requests ----

void Room::do_open(Member creator, Json request_id, bool sit) {
  if (sit) {
    seating_.sit(0, creator);
    directory_.seat_changed(creator.player_id, id(), true);
  } else {
    seating_.add_spectator(creator);
  }
  spdlog::info("room {}: opened by player {} ({}, {} seats)", id(), creator.player_id,
               settings_.game->name(), settings_.seats);
  send_to(creator, protocol::room_reply(request_id, summary()));
  publish();
}

void Room::do_join(Member who, Json request_id, std::optional<int> seat) {
  if (refuse_if_closed(who, request_id)) return;
  // A seat already theirs (a reconnect, or a club night's seat held for them): the reply
  // names the request, so the client's join settles like any other.
  if (seating_.seat_of(who.player_id)) return do_attach(std::move(who), std::move(request_id));
  if (status_ == Status::kPlaying) {
    return reply_error(who, request_id,
                       {"match_running", "a match is being played here; spectate until it ends"});
  }
  Expected<int> chosen = seating_.choose_empty_seat(seat);
  if (!chosen) return reply_error(who, request_id, chosen.error());
  seating_.sit(*chosen, who);
  directory_.seat_changed(who.player_id, id(), true);
  spdlog::info("room {}: player {} sits at seat {}", id(), who.player_id, *chosen);
  send_to(who, protocol::room_reply(request_id, summary()));
  send_room_to_all();
  send_state_to(who, *chosen);
  check_empty();
  maybe_start_event_table();
}

void Room::do_spectate(Member who, Json request_id) {
  if (refuse_if_closed(who, request_id)) return;
  if (seating_.seat_of(who.player_id)) {
    return reply_error(who, request_id, {"already_seated", "you have a seat in this room"});
  }
  if (!settings_.spectators_allowed && !seating_.is_host(who.player_id)) {
    return reply_error(who, request_id,
                       {"spectators_refused", "the host does not allow spectators here"});
  }
  seating_.add_spectator(who);
  send_to(who, protocol::room_reply(request_id, summary()));
  send_room_to_all();
  send_state_to(who, std::nullopt);
  check_empty();
}

void Room::do_leave(Member who, Json request_id) {
  auto seat = seating_.seat_of(who.player_id);
  const bool was_spectating = seating_.remove_spectator(who.player_id);
  if (!seat && !was_spectating) {
    return reply_error(who, request_id, {"not_in_room", "you are not in this room"});
  }
  const bool held = seat && seats_are_held();
  if (held) {
    // Leaving an event table steps away: the seat stays the player's (nobody else may
    // take it, the host stays), a bot plays it, and join_room gives it back
    // (protocol/README.md).
    seating_.step_away(*seat, status_ == Status::kPlaying, Clock::now());
    spdlog::info("room {}: player {} steps away from seat {}", id(), who.player_id, *seat);
  } else if (seat) {
    directory_.seat_changed(who.player_id, id(), false);
    seating_.leave_seat(*seat, status_ == Status::kPlaying);
    spdlog::info("room {}: player {} leaves seat {}", id(), who.player_id, *seat);
  }
  if (seat) stand_ins_.drop_deadline(*seat);  // a bot plays it, or nobody: no turn timer
  if (!held && seating_.is_host(who.player_id)) seating_.reassign_host();
  send_to(who, reply_message(request_id, "ok", {{"request", "leave_room"}, {"room", id()}}));
  send_room_to_all();
  if (held) arm_grace_timer();
  stand_ins_.schedule();
  check_empty();
}

void Room::do_add_bot(Member who, Json request_id, std::optional<int> seat, BotLevel level) {
  if (!seating_.is_host(who.player_id)) {
    return reply_error(who, request_id, {"not_host", "only the host can add bots"});
  }
  if (status_ == Status::kPlaying) {
    return reply_error(who, request_id, {"match_running", "wait for the match to end"});
  }
  Expected<int> chosen = seating_.add_bot(seat, level);
  if (!chosen) return reply_error(who, request_id, chosen.error());
  send_to(who, reply_message(request_id, "ok", {{"request", "add_bot"}, {"seat", *chosen}}));
  send_room_to_all();
}

void Room::do_remove_bot(Member who, Json request_id, int seat) {
  if (!seating_.is_host(who.player_id)) {
    return reply_error(who, request_id, {"not_host", "only the host can remove bots"});
  }
  if (status_ == Status::kPlaying) {
    return reply_error(who, request_id, {"match_running", "wait for the match to end"});
  }
  if (auto error = seating_.remove_bot(seat)) return reply_error(who, request_id, *error);
  send_to(who, reply_message(request_id, "ok", {{"request", "remove_bot"}, {"seat", seat}}));
  send_room_to_all();
}

void Room::do_start(Member who, Json request_id) {
  if (!settings_.event_id.empty()) {
    return reply_error(who, request_id,
                       {"event_table", "this table's match starts when the event says"});
  }
  if (!seating_.is_host(who.player_id)) {
    return reply_error(who, request_id, {"not_host", "only the host can start"});
  }
  if (status_ == Status::kPlaying) {
    return reply_error(who, request_id, {"match_running", "a match is already being played"});
  }
  if (refuse_if_closed(who, request_id)) return;
  if (!seating_.all_seats_taken()) {
    return reply_error(who, request_id, {"seats_not_full", "fill every seat first"});
  }
  Expected<int> number = start_match();
  if (!number) return reply_error(who, request_id, number.error());
  send_to(who, reply_message(request_id, "ok", {{"request", "start"}, {"match", *number}}));
  broadcast_started();
}

void Room::do_start_event_table() {
  // Only the first match: a restarted room whose match was played is not started again.
  if (settings_.event_id.empty() || status_ != Status::kWaiting || session_.number() > 0) return;
  for (int seat : seating_.stand_in_for_absent()) {
    spdlog::info("room {}: event {}: a bot plays seat {} for its absent player", id(),
                 settings_.event_id, seat);
  }
  Expected<int> number = start_match();
  if (!number) {
    spdlog::error("room {}: event table cannot start: {}", id(), number.error().message);
    return;
  }
  broadcast_started();
}

bool Room::seats_are_held() const {
  return !settings_.event_id.empty() &&
         (status_ == Status::kPlaying || (status_ == Status::kWaiting && session_.number() == 0));
}

void Room::maybe_start_event_table() {
  if (settings_.event_id.empty() || status_ != Status::kWaiting || session_.number() > 0) return;
  if (!seating_.all_humans_here()) return;
  Expected<int> number = start_match();
  if (number) broadcast_started();
}

Expected<int> Room::start_match() {
  RoomSettings current = settings_;
  current.host_player_id = seating_.host();
  Expected<int> number = session_.start(current, seating_.records());
  if (!number) return number;
  status_ = Status::kPlaying;
  paused_ = false;
  stand_ins_.stop();
  resent_ = ResentMoves();  // the last match's moves: its seqs are not this match's
  seal_new_deals();
  metrics_.matches_started.fetch_add(1, std::memory_order_relaxed);
  return number;
}

void Room::broadcast_started() {
  send_room_to_all();
  stand_ins_.update_deadlines();
  broadcast_update();
  stand_ins_.schedule();
}

void Room::do_act(Member who, Json request_id, Json action, Clock::time_point received,
                  bool ack_in_update, MoveContext context) {
  auto seat = seating_.seat_of(who.player_id);
  if (!seat) {
    return reply_error(who, request_id, {"not_seated", "you have no seat in this room"});
  }
  if (refuse_if_not_playing(who, request_id, context)) return;
  seating_.take_back(*seat);  // the player is back at the keyboard
  const auto& after = context.after;
  if (after && handle_resent(who, request_id, *seat, action, *after)) return;
  std::optional<std::string> kept;
  if (after) kept = ResentMoves::text_of(action);  // only clients that may send it again pay
  const Actor actor{who, request_id, ack_in_update};
  if (auto error = play_move(*seat, std::move(action), false, &actor)) {
    metrics_.actions_rejected.fetch_add(1, std::memory_order_relaxed);
    reply_error(who, request_id, *error);
  } else if (kept) {
    resent_.record(*seat, session_.sequence(), std::move(*kept));
  }
  metrics_.observe_latency(Clock::now() - received);
}

bool Room::refuse_if_not_playing(const Member& who, const Json& request_id,
                                 const MoveContext& context) {
  const bool playing = status_ == Status::kPlaying && session_.has_match();
  if (context.match && (!playing || *context.match != session_.number())) {
    // Sent again after its match ended (resent_moves.hpp): never judged in another match.
    reply_error(who, request_id,
                {"stale_match",
                 "match " + std::to_string(*context.match) + ", which this move was for, is over"});
    return true;
  }
  if (playing) return false;
  reply_error(who, request_id, {"no_match", "no match is being played"});
  return true;
}

bool Room::handle_resent(const Member& who, const Json& request_id, int seat, const Json& action,
                         std::int64_t after) {
  std::optional<std::int64_t> seq = resent_.applied_seq(seat, action, after);
  if (!seq) return false;
  send_to(who, reply_message(request_id, "accepted", {{"seq", *seq}}));
  return true;
}

bool Room::refuse_if_closed(const Member& who, const Json& request_id) {
  if (status_ != Status::kClosed) return false;
  reply_error(who, request_id, {"no_such_room", "this room has closed"});
  return true;
}

void Room::do_get_state(Member who, Json request_id) {
  if (refuse_if_closed(who, request_id)) return;
  auto seat = seating_.seat_of(who.player_id);
  if (!seat && !seating_.is_spectating(who.player_id)) {
    return reply_error(who, request_id, {"not_in_room", "join or spectate the room first"});
  }
  send_to(who, protocol::room_reply(request_id, summary()));
  send_state_to(who, seat);
}

void Room::do_shutdown() {
  timers_.cancel_all();
  paused_ = true;  // nothing more is scheduled
}

// ---- The match ----

std::optional<Error> Room::play_move(int seat, Json action, bool timeout, const Actor* actor) {
  Expected<MatchSession::Applied> applied = session_.apply(seat, std::move(action), timeout);
  if (!applied) return applied.error();
  metrics_.actions_accepted.fetch_add(1, std::memory_order_relaxed);
  if (timeout) metrics_.actions_timed_out.fetch_add(1, std::memory_order_relaxed);
  timed_out_seat_ = timeout ? std::optional<int>(seat) : std::nullopt;
  if (actor) acknowledge(seat, *actor);
  seal_new_deals();  // a new deal is sealed before it is shown

  stand_ins_.drop_deadline(seat);  // each decision gets the full turn time
  if (applied->match_over) {
    stand_ins_.stop();
    broadcast_update();
    finish_match();
    return std::nullopt;
  }
  if (applied->round_changed && settings_.round_pause.count() > 0) {
    paused_ = true;
    stand_ins_.stop();
    broadcast_update();
    timers_.arm_pause(settings_.round_pause, [this] { on_pause_timer(); });
    return std::nullopt;
  }
  stand_ins_.update_deadlines();
  broadcast_update();
  stand_ins_.schedule();
  return std::nullopt;
}

// With "ack": "update" the acceptance rides in the actor's own update (one message less
// per move), when that update goes to the connection that sent the move; otherwise, and
// by default, an "accepted" reply precedes the update.
void Room::acknowledge(int seat, const Actor& actor) {
  if (actor.ack_in_update && seating_.seat(seat).connection.lock() == actor.who.connection) {
    pending_ack_ = AckInUpdate{seat, actor.request_id};
    return;
  }
  send_to(actor.who, reply_message(actor.request_id, "accepted", {{"seq", session_.sequence()}}));
}

void Room::seal_new_deals() {
  for (const SharedMessage& message : session_.seal_new_deals(id())) deliver_to_all(message);
}

void Room::finish_match() {
  status_ = Status::kFinished;
  paused_ = false;
  timers_.cancel_match();
  SharedMessage match_over = session_.finish(id(), seating_.left_since(session_.record().seats));
  metrics_.matches_finished.fetch_add(1, std::memory_order_relaxed);
  deliver_to_all(match_over);
  send_room_to_all();
  arm_grace_timer();
}

// Updates are written as text around each receiver's view (protocol/server_messages.hpp):
// what every receiver shares once per broadcast, a seat's own fields once per seat.
void Room::broadcast_update() {
  std::vector<Event> events = session_.take_events();
  std::optional<AckInUpdate> ack = std::exchange(pending_ack_, std::nullopt);
  if (!seating_.has_receivers()) return;  // a table of bots nobody watches: nothing to build
  const protocol::SharedUpdate shared = shared_update(std::exchange(timed_out_seat_, std::nullopt));
  const int sent = deliver_update(seating_, outbox_, session_.state(), shared, events, ack);
  metrics_.messages_sent.fetch_add(sent, std::memory_order_relaxed);
}

protocol::SharedUpdate Room::shared_update(std::optional<int> timed_out_seat) const {
  const std::string timer = stand_ins_.timer_text(Clock::now());
  protocol::UpdateHead head;
  head.timed_out_seat = timed_out_seat;
  head.room = id();
  head.match = session_.number();
  head.seq = session_.sequence();
  head.paused = paused_;
  head.pause_ms = settings_.round_pause.count();
  head.timer = timer;
  return protocol::shared_update(head, session_.state().table_view_text());
}

// ---- The pause between rounds ----

bool Room::match_in_play() const {
  return status_ == Status::kPlaying && !paused_ && session_.has_match();
}

void Room::on_pause_timer() {
  if (status_ != Status::kPlaying || !paused_) return;
  paused_ = false;
  stand_ins_.update_deadlines();
  deliver_to_all(make_message(protocol::resume_message(id(), session_.number(), session_.sequence(),
                                                       stand_ins_.timer_text(Clock::now()))));
  stand_ins_.schedule();
}

// ---- Messages ----

void Room::deliver_to_all(const SharedMessage& message) {
  for (const SeatState& seat : seating_.seats()) outbox_.deliver(seat.connection.lock(), message);
  for (const Spectator& s : seating_.spectators()) outbox_.deliver(s.connection.lock(), message);
}

void Room::send_to(const Member& who, std::string text) {
  outbox_.deliver(who.connection, make_message(std::move(text)));
}

void Room::reply_error(const Member& who, const Json& request_id, const Error& error) {
  send_to(who, protocol::error_message(request_id, error.code, error.message));
}

void Room::send_room_to_all() {
  protocol::RoomSummary room = summary();
  deliver_to_all(make_message(protocol::room_message(room)));
  directory_.publish_summary(std::move(room));
}

void Room::send_state_to(const Member& who, std::optional<int> seat) {
  if (!session_.has_match()) return;
  const int viewer = seat ? *seat : kSpectator;
  send_to(who, protocol::update_message(shared_update(), viewer,
                                        session_.state().seat_fields_text(viewer), {},
                                        session_.state_fields()));
  if (status_ == Status::kFinished) {
    if (std::string over = session_.match_over_text(id()); !over.empty()) {
      send_to(who, std::move(over));
    }
  }
}

protocol::RoomSummary Room::summary() const {
  return summarize_room(settings_, status_, session_.number(), seating_, chat_);
}

void Room::publish() { directory_.publish_summary(summary()); }

}  // namespace parlor::server
