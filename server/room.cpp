#include "server/room.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <utility>

#include "protocol/protocol.hpp"
#include "server/room/room_summary.hpp"

namespace parlor::server {

using protocol::reply_message;

Room::Room(net::any_io_executor executor, RoomSettings settings, RoomDirectory& directory,
           MatchJournal& journal, Metrics& metrics)
    : strand_(net::make_strand(executor)),
      settings_(std::move(settings)),
      directory_(directory),
      metrics_(metrics),
      seating_(*settings_.game, settings_.seats, settings_.host_player_id, settings_.grace),
      session_(journal, outbox_,
               // Runs on the strand while the room lives; the release it returns may run
               // on the store's writer thread after the room is gone.
               [this](DurableOutbox::Hold hold) -> std::function<void()> {
                 return [weak = weak_from_this(), strand = strand_, hold] {
                   net::post(strand, [weak, hold] {
                     if (auto self = weak.lock()) self->outbox_.release(hold);
                   });
                 };
               }),
      deadlines_(settings_.turn_time),
      stand_ins_(settings_.id, Rng(Seed::from_os(), 0)),
      timers_(strand_),
      chat_(settings_.chat) {}

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
void Room::attach(Member who) { post_to_strand(&Room::do_attach, std::move(who)); }
void Room::detach(std::string player_id, std::shared_ptr<Connection> connection) {
  post_to_strand(&Room::do_detach, std::move(player_id), std::move(connection));
}
void Room::shutdown() { post_to_strand(&Room::do_shutdown); }
void Room::restore(MatchRecord record, std::unique_ptr<GameState> state, Seed seed,
                   std::int64_t actions_replayed, std::map<int, SeatMove> last_moves) {
  post_to_strand(&Room::do_restore, std::move(record), std::move(state), seed, actions_replayed,
                 std::move(last_moves));
}

void Room::restore_waiting(std::vector<SeatRecord> seats, int matches_played) {
  post_to_strand(&Room::do_restore_waiting, std::move(seats), matches_played);
}

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
  if (seating_.seat_of(who.player_id)) return do_attach(std::move(who));  // a reconnect
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
  if (seat) {
    directory_.seat_changed(who.player_id, id(), false);
    seating_.leave_seat(*seat, status_ == Status::kPlaying);
    deadlines_.erase(*seat);
    spdlog::info("room {}: player {} leaves seat {}", id(), who.player_id, *seat);
  }
  if (seating_.is_host(who.player_id)) seating_.reassign_host();
  send_to(who, reply_message(request_id, "ok", {{"request", "leave_room"}, {"room", id()}}));
  send_room_to_all();
  schedule();
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
  RoomSettings current = settings_;
  current.host_player_id = seating_.host();
  Expected<int> number = session_.start(current, seating_.records());
  if (!number) return reply_error(who, request_id, number.error());
  status_ = Status::kPlaying;
  paused_ = false;
  deadlines_.clear();
  resent_ = ResentMoves();  // the last match's moves: its seqs are not this match's
  seal_new_deals();
  metrics_.matches_started.fetch_add(1, std::memory_order_relaxed);
  send_to(who, reply_message(request_id, "ok", {{"request", "start"}, {"match", *number}}));
  send_room_to_all();
  update_deadlines();
  broadcast_update();
  schedule();
}

void Room::do_act(Member who, Json request_id, Json action, Clock::time_point received,
                  bool ack_in_update, MoveContext context) {
  auto seat = seating_.seat_of(who.player_id);
  if (!seat) {
    return reply_error(who, request_id, {"not_seated", "you have no seat in this room"});
  }
  const bool playing = status_ == Status::kPlaying && session_.has_match();
  if (context.match && (!playing || *context.match != session_.number())) {
    // Sent again after its match ended (resent_moves.hpp): never judged in another match.
    return reply_error(who, request_id,
                       {"stale_match", "match " + std::to_string(*context.match) +
                                           ", which this move was for, is over"});
  }
  if (!playing) return reply_error(who, request_id, {"no_match", "no match is being played"});
  seating_.take_back(*seat);  // the player is back at the keyboard
  const auto& after = context.after;
  if (after && handle_resent(who, request_id, *seat, action, *after)) return;
  std::optional<Json> kept;
  if (after) kept = action;  // only clients that may send a move again pay for the copy
  const Actor actor{who, request_id, ack_in_update};
  if (auto error = play_move(*seat, std::move(action), false, &actor)) {
    metrics_.actions_rejected.fetch_add(1, std::memory_order_relaxed);
    reply_error(who, request_id, *error);
  } else if (kept) {
    resent_.record(*seat, session_.sequence(), std::move(*kept));
  }
  metrics_.observe_latency(Clock::now() - received);
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

void Room::do_attach(Member who) {
  if (status_ == Status::kClosed) return;
  auto seat = seating_.attach(who);
  if (!seat) return;
  spdlog::info("room {}: player {} is back at seat {}", id(), who.player_id, *seat);
  send_to(who, protocol::room_reply(nullptr, summary()));
  send_room_to_all();
  send_state_to(who, seat);
  update_deadlines();
  arm_turn_timer();
  check_empty();
}

void Room::do_detach(std::string player_id, std::shared_ptr<Connection> connection) {
  Seating::Detached detached = seating_.detach(player_id, connection, Clock::now());
  if (detached.seat) {
    spdlog::info("room {}: player {} disconnected from seat {}", id(), player_id, *detached.seat);
  }
  if (!detached.changed) return;
  send_room_to_all();
  arm_grace_timer();
  check_empty();
}

void Room::do_shutdown() {
  timers_.cancel_all();
  paused_ = true;  // nothing more is scheduled
}

void Room::do_restore(MatchRecord record, std::unique_ptr<GameState> state, Seed seed,
                      std::int64_t actions_replayed, std::map<int, SeatMove> last_moves) {
  resent_ = ResentMoves(std::move(last_moves));
  seating_.restore(record.seats, Clock::now());
  announce_restored_seats();
  session_.restore(std::move(record), std::move(state), seed, actions_replayed, id());
  status_ = Status::kPlaying;
  paused_ = false;
  spdlog::info("room {}: match {} ({}) resumed after {} actions", id(), session_.number(),
               session_.record().match_id, session_.sequence());
  update_deadlines();
  schedule();
  arm_grace_timer();
  publish();
  check_empty();
}

void Room::do_restore_waiting(std::vector<SeatRecord> seats, int matches_played) {
  session_.number_after(matches_played);
  seating_.restore(seats, Clock::now());
  announce_restored_seats();
  status_ = Status::kWaiting;
  arm_grace_timer();
  publish();
  check_empty();
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

  deadlines_.erase(seat);  // each decision gets the full turn time
  if (applied->match_over) {
    deadlines_.clear();
    broadcast_update();
    finish_match();
    return std::nullopt;
  }
  if (applied->round_changed && settings_.round_pause.count() > 0) {
    paused_ = true;
    deadlines_.clear();
    timers_.cancel_moves();
    broadcast_update();
    timers_.arm_pause(settings_.round_pause, when_fired(&Room::on_pause_timer));
    return std::nullopt;
  }
  update_deadlines();
  broadcast_update();
  schedule();
  return std::nullopt;
}

// With "ack": "update" the acceptance rides in the actor's own update (one message less
// per move), when that update goes to the connection that sent the move; otherwise, and
// by default, an "accepted" reply precedes the update.
void Room::acknowledge(int seat, const Actor& actor) {
  if (actor.ack_in_update && seating_.seat(seat).connection.lock() == actor.who.connection) {
    pending_ack_ = PendingAck{seat, actor.request_id};
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
  SharedMessage match_over = session_.finish(id());
  metrics_.matches_finished.fetch_add(1, std::memory_order_relaxed);
  deliver_to_all(match_over);
  send_room_to_all();
  arm_grace_timer();
}

// Updates are written as text around each receiver's view (protocol/server_messages.hpp):
// what every receiver shares once per broadcast, a seat's own fields once per seat.
void Room::broadcast_update() {
  std::vector<Event> events = session_.take_events();
  std::optional<PendingAck> ack = std::exchange(pending_ack_, std::nullopt);
  if (!seating_.has_receivers()) return;  // a table of bots nobody watches: nothing to build
  const protocol::UpdateEvents written = protocol::write_events(std::move(events));
  const protocol::SharedUpdate shared = shared_update(std::exchange(timed_out_seat_, std::nullopt));
  const GameState& match = session_.state();
  for (int s = 0; s < seating_.size(); ++s) {
    auto connection = seating_.seat(s).connection.lock();
    if (!connection) continue;
    const std::string accepted =
        ack && ack->seat == s ? protocol::accepted_field(ack->request_id) : std::string();
    outbox_.deliver(connection, make_message(protocol::update_message(
                                    shared, s, match.seat_fields_text(s), written, accepted)));
    metrics_.messages_sent.fetch_add(1, std::memory_order_relaxed);
  }
  if (seating_.spectators().empty()) return;
  auto to_spectators = make_message(
      protocol::update_message(shared, kSpectator, match.seat_fields_text(kSpectator), written));
  for (const Spectator& spectator : seating_.spectators()) {
    if (auto connection = spectator.connection.lock()) {
      outbox_.deliver(connection, to_spectators);
      metrics_.messages_sent.fetch_add(1, std::memory_order_relaxed);
    }
  }
}

protocol::SharedUpdate Room::shared_update(std::optional<int> timed_out_seat) const {
  const Json timer = deadlines_.timer_json(Clock::now());
  protocol::UpdateHead head;
  head.timed_out_seat = timed_out_seat;
  head.room = id();
  head.match = session_.number();
  head.seq = session_.sequence();
  head.paused = paused_;
  head.pause_ms = settings_.round_pause.count();
  head.timer = &timer;
  return protocol::shared_update(head, session_.state().table_view_text());
}

// ---- Bots, timers, pauses ----

bool Room::match_in_play() const {
  return status_ == Status::kPlaying && !paused_ && session_.has_match();
}

void Room::schedule() {
  if (!match_in_play()) return;
  arm_turn_timer();
  if (timers_.bot_pending()) return;
  Waiting waiting = session_.state().waiting();
  bool bot_waits = std::any_of(waiting.seats.begin(), waiting.seats.end(),
                               [&](int s) { return seating_.seat(s).bot_played(); });
  if (bot_waits) arm_bot_timer();
}

void Room::update_deadlines() {
  if (!deadlines_.enabled() || !match_in_play()) return deadlines_.clear();
  deadlines_.update(session_.state().waiting(), seating_, Clock::now());
}

void Room::arm_turn_timer() {
  timers_.arm_turn(deadlines_.earliest(), when_fired(&Room::on_turn_timer));
}

Play Room::stand_in_play() {
  return [this](int seat, Json action, bool timeout) {
    return play_move(seat, std::move(action), timeout, nullptr);
  };
}

void Room::on_turn_timer() {
  if (!match_in_play()) return;
  if (!session_.store_writable()) {  // the default moves wait until they can be kept
    return timers_.arm_turn_after(kStoreRetryDelay, when_fired(&Room::on_turn_timer));
  }
  const Play play = stand_in_play();
  for (int seat : deadlines_.expired(Clock::now())) {
    stand_ins_.play_timeout(
        session_.state(), seat, seating_, [this] { return match_in_play(); }, play);
  }
  update_deadlines();
  arm_turn_timer();
}

void Room::arm_bot_timer(std::optional<Clock::duration> delay) {
  timers_.arm_bot(delay.value_or(settings_.bot_delay), when_fired(&Room::on_bot_timer));
}

void Room::on_bot_timer() {
  if (!match_in_play()) return;
  if (!session_.store_writable()) return arm_bot_timer(kStoreRetryDelay);  // try again later
  if (!stand_ins_.play_bot_turn(session_.state(), seating_, stand_in_play())) schedule();
}

void Room::on_pause_timer() {
  if (status_ != Status::kPlaying || !paused_) return;
  paused_ = false;
  update_deadlines();
  deliver_to_all(make_message(protocol::resume_message(id(), session_.number(), session_.sequence(),
                                                       deadlines_.timer_json(Clock::now()))));
  schedule();
}

void Room::arm_grace_timer() {
  timers_.arm_grace(seating_.next_grace_end(), when_fired(&Room::on_grace_timer));
}

void Room::on_grace_timer() {
  if (status_ == Status::kClosed) return;
  const bool playing = status_ == Status::kPlaying;
  std::vector<GraceExpiry> expired = seating_.expire_grace(Clock::now(), playing);
  for (const GraceExpiry& gone : expired) {
    if (gone.freed) {
      spdlog::info("room {}: player {} did not come back; seat {} is free", id(), gone.player_id,
                   gone.seat);
      directory_.seat_changed(gone.player_id, id(), false);
    } else {
      spdlog::info("room {}: player {} did not come back; a bot plays seat {}", id(),
                   gone.player_id, gone.seat);
      deadlines_.erase(gone.seat);
    }
  }
  if (!expired.empty()) {
    send_room_to_all();
    schedule();
  }
  arm_grace_timer();
  check_empty();
}

void Room::check_empty() {
  if (status_ == Status::kClosed) return;
  if (seating_.occupied(Clock::now())) return timers_.cancel_empty();
  timers_.arm_empty(settings_.empty_close, when_fired(&Room::on_empty_timer));
}

void Room::on_empty_timer() {
  if (status_ == Status::kClosed || seating_.occupied(Clock::now())) return;
  close_room();  // nobody came back in time
}

void Room::close_room() {
  if (status_ == Status::kClosed) return;
  if (status_ == Status::kPlaying) session_.abort("room closed: nobody left");
  status_ = Status::kClosed;
  timers_.cancel_all();
  for (const SeatState& seat : seating_.seats()) {
    if (seat.is_human() && !seat.player_id.empty()) {
      directory_.seat_changed(seat.player_id, id(), false);
    }
  }
  spdlog::info("room {}: closed (empty)", id());
  directory_.room_closed(id());
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

void Room::announce_restored_seats() {
  for (const SeatState& seat : seating_.seats()) {
    if (seat.is_human()) directory_.seat_changed(seat.player_id, id(), true);
  }
}

}  // namespace parlor::server
