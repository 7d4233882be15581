#include "server/room.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>

#include <algorithm>
#include <utility>

#include "protocol/commitment.hpp"
#include "protocol/protocol.hpp"
#include "server/ids.hpp"

namespace parlor::server {
namespace {

// While the store cannot take writes: the refusal players read, and how often bots and
// expired turns try again (each try is one call to MatchJournal::writable()).
constexpr const char* kStoreUnavailable =
    "the server cannot save moves right now (its database is failing); try again shortly";
constexpr std::chrono::milliseconds kStoreRetryDelay{500};

using protocol::error_message;
using protocol::reply_message;

std::string dump(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

std::optional<BotLevel> parse_bot_level(const std::string& name) {
  if (name == "random") return BotLevel::kRandom;
  if (name == "sensible" || name.empty()) return BotLevel::kSensible;
  return std::nullopt;
}

std::string bot_level_name(BotLevel level) {
  return level == BotLevel::kRandom ? "random" : "sensible";
}

Room::Room(net::any_io_executor executor, RoomSettings settings, RoomHost& host,
           MatchJournal& journal, Metrics& metrics)
    : strand_(net::make_strand(executor)),
      settings_(std::move(settings)),
      host_(host),
      journal_(journal),
      metrics_(metrics),
      seats_(static_cast<std::size_t>(settings_.seats)),
      bot_rng_(Seed::from_os(), 0),
      turn_timer_(strand_),
      bot_timer_(strand_),
      pause_timer_(strand_),
      grace_timer_(strand_),
      empty_timer_(strand_) {}

// ---- Public entry points: each hops onto the room's strand. ----

void Room::open(Member creator, Json request_id, bool sit) {
  net::post(strand_, [self = shared_from_this(), creator = std::move(creator),
                      request_id = std::move(request_id), sit]() mutable {
    if (sit) {
      SeatState& seat = self->seats_[0];
      seat.kind = SeatKind::kHuman;
      seat.player_id = creator.player_id;
      seat.name = creator.name;
      seat.connection = creator.connection;
      seat.connected = true;
      self->host_.seat_changed(creator.player_id, self->id(), true);
    } else {
      self->spectators_.push_back({creator.player_id, creator.connection});
    }
    spdlog::info("room {}: opened by player {} ({}, {} seats)", self->id(), creator.player_id,
                 self->settings_.game->name(), self->settings_.seats);
    self->send_to(creator, reply_message(request_id, "room", {{"room", self->snapshot()}}));
    self->publish();
  });
}

void Room::join(Member who, Json request_id, std::optional<int> seat) {
  net::post(strand_,
            [self = shared_from_this(), who = std::move(who), request_id = std::move(request_id),
             seat]() mutable { self->do_join(std::move(who), std::move(request_id), seat); });
}

void Room::spectate(Member who, Json request_id) {
  net::post(strand_, [self = shared_from_this(), who = std::move(who),
                      request_id = std::move(request_id)]() mutable {
    self->do_spectate(std::move(who), std::move(request_id));
  });
}

void Room::leave(Member who, Json request_id) {
  net::post(strand_, [self = shared_from_this(), who = std::move(who),
                      request_id = std::move(request_id)]() mutable {
    self->do_leave(std::move(who), std::move(request_id));
  });
}

void Room::add_bot(Member who, Json request_id, std::optional<int> seat, BotLevel level) {
  net::post(strand_, [self = shared_from_this(), who = std::move(who),
                      request_id = std::move(request_id), seat, level]() mutable {
    self->do_add_bot(std::move(who), std::move(request_id), seat, level);
  });
}

void Room::remove_bot(Member who, Json request_id, int seat) {
  net::post(strand_,
            [self = shared_from_this(), who = std::move(who), request_id = std::move(request_id),
             seat]() mutable { self->do_remove_bot(std::move(who), std::move(request_id), seat); });
}

void Room::start(Member who, Json request_id) {
  net::post(strand_, [self = shared_from_this(), who = std::move(who),
                      request_id = std::move(request_id)]() mutable {
    self->do_start(std::move(who), std::move(request_id));
  });
}

void Room::act(Member who, Json request_id, Json action, Clock::time_point received,
               bool ack_in_update) {
  net::post(strand_, [self = shared_from_this(), who = std::move(who),
                      request_id = std::move(request_id), action = std::move(action), received,
                      ack_in_update]() mutable {
    self->do_act(std::move(who), std::move(request_id), std::move(action), received, ack_in_update);
  });
}

void Room::get_state(Member who, Json request_id) {
  net::post(strand_, [self = shared_from_this(), who = std::move(who),
                      request_id = std::move(request_id)]() mutable {
    if (self->status_ == Status::kClosed) {
      return self->reply_error(who, request_id, "no_such_room", "this room has closed");
    }
    auto seat = self->seat_of(who.player_id);
    bool spectating = std::any_of(self->spectators_.begin(), self->spectators_.end(),
                                  [&](const Spectator& s) { return s.player_id == who.player_id; });
    if (!seat && !spectating) {
      return self->reply_error(who, request_id, "not_in_room", "join or spectate the room first");
    }
    self->send_to(who, reply_message(request_id, "room", {{"room", self->snapshot()}}));
    self->send_state_to(who, seat);
  });
}

void Room::attach(Member who) {
  net::post(strand_, [self = shared_from_this(), who = std::move(who)]() mutable {
    self->do_attach(std::move(who));
  });
}

void Room::detach(std::string player_id, std::shared_ptr<Connection> connection) {
  net::post(strand_,
            [self = shared_from_this(), player_id = std::move(player_id),
             connection = std::move(connection)] { self->do_detach(player_id, connection); });
}

void Room::shutdown() {
  net::post(strand_, [self = shared_from_this()] {
    self->turn_timer_.cancel();
    self->bot_timer_.cancel();
    self->pause_timer_.cancel();
    self->grace_timer_.cancel();
    self->empty_timer_.cancel();
    self->paused_ = true;  // nothing more is scheduled
  });
}

// ---- Requests ----

void Room::do_join(Member who, Json request_id, std::optional<int> seat) {
  if (status_ == Status::kClosed) {
    return reply_error(who, request_id, "no_such_room", "this room has closed");
  }
  if (auto mine = seat_of(who.player_id)) {  // already seated: a reconnect
    do_attach(who);
    return;
  }
  if (status_ == Status::kPlaying) {
    return reply_error(who, request_id, "match_running",
                       "a match is being played here; spectate until it ends");
  }
  auto empty_seat = choose_empty_seat(seat);
  if (!empty_seat) {
    return reply_error(who, request_id, empty_seat.error().code, empty_seat.error().message);
  }
  const int chosen = *empty_seat;
  std::erase_if(spectators_, [&](const Spectator& s) { return s.player_id == who.player_id; });
  SeatState& state = seats_[chosen];
  state = SeatState{};
  state.kind = SeatKind::kHuman;
  state.player_id = who.player_id;
  state.name = who.name;
  state.connection = who.connection;
  state.connected = true;
  host_.seat_changed(who.player_id, id(), true);
  if (settings_.host_player_id.empty()) settings_.host_player_id = who.player_id;
  spdlog::info("room {}: player {} sits at seat {}", id(), who.player_id, chosen);
  send_to(who, reply_message(request_id, "room", {{"room", snapshot()}}));
  send_room_to_all();
  send_state_to(who, chosen);
  check_empty();
}

void Room::do_spectate(Member who, Json request_id) {
  if (status_ == Status::kClosed) {
    return reply_error(who, request_id, "no_such_room", "this room has closed");
  }
  if (seat_of(who.player_id)) {
    return reply_error(who, request_id, "already_seated", "you have a seat in this room");
  }
  std::erase_if(spectators_, [&](const Spectator& s) { return s.player_id == who.player_id; });
  spectators_.push_back({who.player_id, who.connection});
  send_to(who, reply_message(request_id, "room", {{"room", snapshot()}}));
  send_room_to_all();
  send_state_to(who, std::nullopt);
  check_empty();
}

void Room::do_leave(Member who, Json request_id) {
  auto seat = seat_of(who.player_id);
  auto before = spectators_.size();
  std::erase_if(spectators_, [&](const Spectator& s) { return s.player_id == who.player_id; });
  if (!seat && spectators_.size() == before) {
    return reply_error(who, request_id, "not_in_room", "you are not in this room");
  }
  if (seat) {
    SeatState& state = seats_[*seat];
    host_.seat_changed(who.player_id, id(), false);
    if (status_ == Status::kPlaying) {  // the match goes on with a bot in the seat
      state.kind = SeatKind::kBot;
      state.name = "Bot (for " + state.name + ")";
      state.level = BotLevel::kSensible;
      state.policy = settings_.game->make_bot(BotLevel::kSensible);
      state.player_id.clear();
      state.connection.reset();
      state.connected = false;
      state.bot_plays = false;
      deadlines_.erase(*seat);
    } else {
      state = SeatState{};
    }
    spdlog::info("room {}: player {} leaves seat {}", id(), who.player_id, *seat);
  }
  if (is_host(who.player_id)) reassign_host();
  send_to(who, reply_message(request_id, "ok", {{"request", "leave_room"}, {"room", id()}}));
  send_room_to_all();
  schedule();
  check_empty();
}

Expected<int> Room::choose_empty_seat(std::optional<int> seat) const {
  if (seat) {
    if (*seat < 0 || *seat >= settings_.seats) return Error{"bad_seat", "no such seat"};
    if (seats_[*seat].kind != SeatKind::kEmpty) return Error{"seat_taken", "that seat is taken"};
    return *seat;
  }
  for (int s = 0; s < settings_.seats; ++s) {
    if (seats_[s].kind == SeatKind::kEmpty) return s;
  }
  return Error{"room_full", "every seat is taken"};
}

void Room::do_add_bot(Member who, Json request_id, std::optional<int> seat, BotLevel level) {
  if (!is_host(who.player_id)) {
    return reply_error(who, request_id, "not_host", "only the host can add bots");
  }
  if (status_ == Status::kPlaying) {
    return reply_error(who, request_id, "match_running", "wait for the match to end");
  }
  auto empty_seat = choose_empty_seat(seat);
  if (!empty_seat) {
    return reply_error(who, request_id, empty_seat.error().code, empty_seat.error().message);
  }
  const int chosen = *empty_seat;
  SeatState& state = seats_[chosen];
  state = SeatState{};
  state.kind = SeatKind::kBot;
  state.level = level;
  state.name = (level == BotLevel::kRandom ? "Random bot " : "Bot ") + std::to_string(chosen + 1);
  state.policy = settings_.game->make_bot(level);
  send_to(who, reply_message(request_id, "ok", {{"request", "add_bot"}, {"seat", chosen}}));
  send_room_to_all();
}

void Room::do_remove_bot(Member who, Json request_id, int seat) {
  if (!is_host(who.player_id)) {
    return reply_error(who, request_id, "not_host", "only the host can remove bots");
  }
  if (status_ == Status::kPlaying) {
    return reply_error(who, request_id, "match_running", "wait for the match to end");
  }
  if (seat < 0 || seat >= settings_.seats) {
    return reply_error(who, request_id, "bad_seat", "no such seat");
  }
  if (seats_[seat].kind != SeatKind::kBot) {
    return reply_error(who, request_id, "not_a_bot", "that seat is not a bot");
  }
  seats_[seat] = SeatState{};
  send_to(who, reply_message(request_id, "ok", {{"request", "remove_bot"}, {"seat", seat}}));
  send_room_to_all();
}

void Room::do_start(Member who, Json request_id) {
  if (!is_host(who.player_id)) {
    return reply_error(who, request_id, "not_host", "only the host can start");
  }
  if (status_ == Status::kPlaying) {
    return reply_error(who, request_id, "match_running", "a match is already being played");
  }
  if (status_ == Status::kClosed) {
    return reply_error(who, request_id, "no_such_room", "this room has closed");
  }
  for (const SeatState& seat : seats_) {
    if (seat.kind == SeatKind::kEmpty) {
      return reply_error(who, request_id, "seats_not_full", "fill every seat first");
    }
  }
  if (!journal_.writable()) {
    return reply_error(who, request_id, "store_unavailable", kStoreUnavailable);
  }
  std::string error;
  if (!start_match(error)) {
    return reply_error(who, request_id, "start_failed", error);
  }
  send_to(who,
          reply_message(request_id, "ok", {{"request", "start"}, {"match", record_.match_number}}));
  send_room_to_all();
  update_deadlines();
  broadcast_update();
  schedule();
}

void Room::do_act(Member who, Json request_id, Json action, Clock::time_point received,
                  bool ack_in_update) {
  auto seat = seat_of(who.player_id);
  if (!seat) {
    return reply_error(who, request_id, "not_seated", "you have no seat in this room");
  }
  if (status_ != Status::kPlaying || !match_) {
    return reply_error(who, request_id, "no_match", "no match is being played");
  }
  SeatState& state = seats_[*seat];
  if (state.bot_plays) {  // the player is back at the keyboard
    state.bot_plays = false;
  }
  const Actor actor{who, request_id, ack_in_update};
  auto error = apply(*seat, std::move(action), false, &actor);
  if (error) {
    metrics_.actions_rejected.fetch_add(1, std::memory_order_relaxed);
    reply_error(who, request_id, error->code, error->message);
  }
  metrics_.observe_latency(Clock::now() - received);
}

void Room::do_attach(Member who) {
  auto seat = seat_of(who.player_id);
  if (!seat || status_ == Status::kClosed) return;
  SeatState& state = seats_[*seat];
  state.connection = who.connection;
  state.connected = true;
  state.bot_plays = false;
  state.name = who.name;
  spdlog::info("room {}: player {} is back at seat {}", id(), who.player_id, *seat);
  send_to(who, reply_message(nullptr, "room", {{"room", snapshot()}}));
  send_room_to_all();
  send_state_to(who, seat);
  update_deadlines();
  arm_turn_timer();
  check_empty();
}

void Room::do_detach(const std::string& player_id, const std::shared_ptr<Connection>& connection) {
  bool changed = false;
  for (int s = 0; s < settings_.seats; ++s) {
    SeatState& state = seats_[s];
    if (state.kind != SeatKind::kHuman || state.player_id != player_id) continue;
    if (state.connection.lock() != connection) continue;
    state.connected = false;
    state.connection.reset();
    state.disconnected_at = Clock::now();
    changed = true;
    spdlog::info("room {}: player {} disconnected from seat {}", id(), player_id, s);
  }
  auto before = spectators_.size();
  std::erase_if(spectators_, [&](const Spectator& s) {
    auto live = s.connection.lock();
    return !live || live == connection;
  });
  if (spectators_.size() != before) changed = true;
  if (!changed) return;
  send_room_to_all();
  arm_grace_timer();
  check_empty();
}

// ---- The match ----

bool Room::start_match(std::string& error) {
  Seed seed = Seed::from_os();
  Seat dealer = choose_first_dealer(seed, settings_.seats);
  MatchConfig config;
  config.options = settings_.options;
  config.seats = settings_.seats;
  config.seed = seed;
  config.dealer = dealer;
  Expected<std::unique_ptr<GameState>> created = [&]() -> Expected<std::unique_ptr<GameState>> {
    try {
      return settings_.game->new_match(config);
    } catch (const std::exception& e) {
      return Error{"internal_error", e.what()};
    }
  }();
  if (!created) {
    error = created.error().message;
    spdlog::error("room {}: cannot start a match: {}", id(), error);
    return false;
  }
  match_ = std::move(created.value());
  int number = record_.match_number + 1;
  record_ = MatchRecord{};
  record_.match_id = new_match_id();
  record_.room_id = id();
  record_.match_number = number;
  record_.game = settings_.game->name();
  record_.options = settings_.options;
  record_.seed_hex = seed.hex();
  record_.first_dealer = dealer;
  record_.lower_score_wins = match_->lower_score_wins();
  record_.room_settings = settings_json();
  record_.started_at = std::chrono::system_clock::now();
  for (const SeatState& seat : seats_) {
    record_.seats.push_back({seat.kind == SeatKind::kBot ? "bot" : "human", seat.player_id,
                             seat.name,
                             seat.kind == SeatKind::kBot ? bot_level_name(seat.level) : ""});
  }
  seed_ = seed;
  commitments_ = Json::array();
  rounds_journaled_ = 0;
  sequence_ = 0;
  last_round_ = match_->round();
  paused_ = false;
  final_results_ = nullptr;
  deadlines_.clear();
  status_ = Status::kPlaying;
  journal_.match_started(record_);
  hold_until_durable();
  publish_commitments();
  metrics_.matches_started.fetch_add(1, std::memory_order_relaxed);
  spdlog::info("room {}: match {} of {} starts (dealer {})", id(), number, record_.game, dealer);
  return true;
}

std::optional<Error> Room::apply(int seat, Json action, bool timeout, const Actor* actor) {
  // A move accepted now could not be made durable: refuse it rather than keep the player
  // waiting on a move that a crash would lose (match_journal.hpp, writable()).
  if (!journal_.writable()) return Error{"store_unavailable", kStoreUnavailable};
  ActionResult result;
  try {
    result = match_->apply(seat, action);
  } catch (const std::exception& e) {
    spdlog::error("room {}: the engine threw on seat {}'s action {}: {}", id(), seat, dump(action),
                  e.what());
    return Error{"internal_error", "the server could not apply this action"};
  }
  if (!result.ok()) return result.error;

  // The journal is the match's log; the room keeps no copy (a long match at every table
  // would otherwise hold each of its actions in memory until it ends).
  ++sequence_;
  journal_.action_accepted(record_, sequence_, {seat, std::move(action), timeout});  // write-ahead
  bool round_changed = match_->round() != last_round_;
  last_round_ = match_->round();
  if (round_changed || match_->match_over()) journal_round_results();
  hold_until_durable();
  metrics_.actions_accepted.fetch_add(1, std::memory_order_relaxed);
  if (timeout) metrics_.actions_timed_out.fetch_add(1, std::memory_order_relaxed);
  if (actor) acknowledge(seat, *actor);
  publish_commitments();  // a new deal is sealed before it is shown

  deadlines_.erase(seat);  // each decision gets the full turn time
  if (match_->match_over()) {
    deadlines_.clear();
    broadcast_update();
    finish_match();
    return std::nullopt;
  }
  if (round_changed && settings_.round_pause.count() > 0) {
    paused_ = true;
    deadlines_.clear();
    turn_timer_.cancel();
    bot_timer_.cancel();
    broadcast_update();
    pause_timer_.expires_after(settings_.round_pause);
    pause_timer_.async_wait(net::bind_executor(
        strand_,
        [self = shared_from_this()](boost::system::error_code ec) { self->on_pause_timer(ec); }));
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
  if (actor.ack_in_update && seats_[seat].connection.lock() == actor.who.connection) {
    pending_ack_ = PendingAck{seat, actor.request_id};
    return;
  }
  send_to(actor.who, reply_message(actor.request_id, "accepted", {{"seq", sequence_}}));
}

bool Room::publish_commitments() {
  std::vector<Json> sealed;
  while (commitments_.size() < static_cast<std::size_t>(match_->deals_started())) {
    int deal = static_cast<int>(commitments_.size()) + 1;
    std::string sha256 = protocol::deal_commitment(seed_, static_cast<std::uint64_t>(deal));
    journal_.deal_committed(record_, deal, sha256);
    commitments_.push_back({{"deal", deal}, {"sha256", sha256}});
    sealed.push_back({{"type", "deal_commitment"},
                      {"room", id()},
                      {"match", record_.match_number},
                      {"match_id", record_.match_id},
                      {"deal", deal},
                      {"sha256", sha256}});
  }
  if (sealed.empty()) return false;
  hold_until_durable();  // the commitment is on disk before anyone sees it
  for (const Json& message : sealed) deliver_to_all(make_message(dump(message)));
  return true;
}

void Room::journal_round_results() {
  const Json& results = match_->round_results();
  if (!results.is_array()) return;
  while (rounds_journaled_ < results.size()) {
    journal_.round_ended(record_, static_cast<int>(rounds_journaled_) + 1,
                         results[rounds_journaled_]);
    ++rounds_journaled_;
  }
}

void Room::finish_match() {
  status_ = Status::kFinished;
  paused_ = false;
  turn_timer_.cancel();
  bot_timer_.cancel();
  pause_timer_.cancel();
  final_results_ = final_results(*match_);
  journal_.match_ended(record_, final_results_);
  hold_until_durable();  // "match over" leaves once the result is committed
  metrics_.matches_finished.fetch_add(1, std::memory_order_relaxed);
  spdlog::info("room {}: match {} ({}) over after {} actions; scores {}", id(),
               record_.match_number, record_.match_id, sequence_, dump(final_results_["scores"]));
  deliver_to_all(make_message(dump(match_over_json())));
  send_room_to_all();
  arm_grace_timer();
}

// Updates are written as text around each receiver's view: the fields every receiver
// shares, the table view and each event are serialized once per broadcast, and only a
// seat's own fields once per seat (the server's main cost per action;
// bench/server_update_bench measures it).
void Room::broadcast_update() {
  std::vector<Event> events = match_->take_events();
  std::optional<PendingAck> ack = std::exchange(pending_ack_, std::nullopt);
  if (!has_receivers()) return;  // a table of bots nobody watches: nothing to build
  std::vector<std::string> event_texts;
  event_texts.reserve(events.size());
  for (const Event& event : events) event_texts.push_back(dump(event.body));
  const SharedUpdate shared_parts = shared_update();
  for (int s = 0; s < settings_.seats; ++s) {
    auto connection = seats_[s].connection.lock();
    if (!connection) continue;
    const std::string accepted =
        ack && ack->seat == s ? ",\"accepted\":" + dump(ack->request_id) : std::string();
    deliver(connection, make_message(update_text(shared_parts, s, events, event_texts, accepted)));
    metrics_.messages_sent.fetch_add(1, std::memory_order_relaxed);
  }
  if (spectators_.empty()) return;
  auto shared = make_message(update_text(shared_parts, kSpectator, events, event_texts));
  for (const Spectator& spectator : spectators_) {
    if (auto c = spectator.connection.lock()) {
      deliver(c, shared);
      metrics_.messages_sent.fetch_add(1, std::memory_order_relaxed);
    }
  }
}

bool Room::has_receivers() const {
  auto live = [](const auto& holder) { return !holder.connection.expired(); };
  return std::any_of(seats_.begin(), seats_.end(), live) ||
         std::any_of(spectators_.begin(), spectators_.end(), live);
}

Room::SharedUpdate Room::shared_update() const {
  SharedUpdate shared;
  std::string& head = shared.head;
  head = "{\"type\":\"update\",\"room\":" + dump(Json(id()));
  head += ",\"match\":" + std::to_string(record_.match_number);
  head += ",\"seq\":" + std::to_string(sequence_);
  head += paused_ ? ",\"paused\":true" : ",\"paused\":false";
  if (paused_) head += ",\"pause_ms\":" + std::to_string(settings_.round_pause.count());
  head += ",\"timer\":" + dump(timer_json());
  shared.table_view = match_->table_view_text();
  return shared;
}

std::string Room::update_text(const SharedUpdate& shared, int viewer,
                              const std::vector<Event>& events,
                              const std::vector<std::string>& event_texts,
                              const std::string& extra_fields) const {
  // The viewer's view: the table view's members, then its own. The table view always has
  // members and the keys of the two never overlap (GameState::seat_fields).
  const std::string own = match_->seat_fields_text(viewer);
  // One allocation for the whole message (it is written piece by piece below).
  std::size_t size =
      shared.head.size() + shared.table_view.size() + own.size() + extra_fields.size() + 64;
  for (const std::string& event : event_texts) size += event.size() + 1;
  std::string text;
  text.reserve(size);
  text += shared.head;
  if (viewer == kSpectator) {
    text += ",\"seat\":null";
  } else {
    text += ",\"seat\":";
    text += std::to_string(viewer);
  }
  text += ",\"events\":[";
  bool first = true;
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (!events[i].audience.includes(viewer)) continue;
    if (!first) text += ',';
    text += event_texts[i];
    first = false;
  }
  text += "],\"view\":";
  text.append(shared.table_view, 0, shared.table_view.size() - 1);
  text += ',';
  text.append(own, 1);
  text += extra_fields;
  text += '}';
  return text;
}

Json Room::match_over_json() const {
  return {{"type", "match_over"},
          {"room", id()},
          {"match", record_.match_number},
          {"match_id", record_.match_id},
          {"results", final_results_},
          {"seed", record_.seed_hex},
          {"first_dealer", record_.first_dealer},
          {"actions", sequence_}};
}

Json Room::timer_json() const {
  if (deadlines_.empty()) return nullptr;
  auto now = Clock::now();
  Json seats = Json::array();
  for (const auto& [seat, deadline] : deadlines_) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count();
    seats.push_back({{"seat", seat}, {"remaining_ms", std::max<long long>(0, left)}});
  }
  return {{"turn_ms", settings_.turn_time.count()}, {"seats", seats}};
}

// ---- Restart ----

Json Room::settings_json() const {
  return {{"id", settings_.id},
          {"code", settings_.code},
          {"public", settings_.is_public},
          {"game", settings_.game->name()},
          {"options", settings_.options},
          {"seats", settings_.seats},
          {"host", settings_.host_player_id},
          {"turn_ms", settings_.turn_time.count()},
          {"bot_delay_ms", settings_.bot_delay.count()},
          {"round_pause_ms", settings_.round_pause.count()},
          {"grace_ms", settings_.grace.count()},
          {"empty_close_ms", settings_.empty_close.count()}};
}

void Room::restore(MatchRecord record, std::unique_ptr<GameState> state, Seed seed) {
  net::post(strand_, [self = shared_from_this(), record = std::move(record),
                      state = std::move(state), seed]() mutable {
    auto now = Clock::now();
    for (std::size_t s = 0; s < record.seats.size() && s < self->seats_.size(); ++s) {
      const SeatRecord& recorded = record.seats[s];
      SeatState& seat = self->seats_[s];
      seat = SeatState{};
      seat.name = recorded.name;
      if (recorded.kind == "bot") {
        seat.kind = SeatKind::kBot;
        seat.level = parse_bot_level(recorded.bot_level).value_or(BotLevel::kSensible);
        seat.policy = self->settings_.game->make_bot(seat.level);
      } else {
        seat.kind = SeatKind::kHuman;
        seat.player_id = recorded.player_id;
        seat.connected = false;
        seat.disconnected_at = now;  // the grace period starts with the restart
        self->host_.seat_changed(seat.player_id, self->id(), true);
      }
    }
    self->match_ = std::move(state);
    self->match_->take_events();  // the replay's events were sent before the restart
    self->record_ = std::move(record);
    self->seed_ = seed;
    self->sequence_ = static_cast<std::int64_t>(self->record_.actions.size());
    self->record_.actions = {};  // replayed: from here on the journal keeps them
    self->last_round_ = self->match_->round();
    self->rounds_journaled_ = 0;
    self->journal_round_results();  // idempotent: a row lost in the crash is written again
    self->status_ = Status::kPlaying;
    self->paused_ = false;
    // Nobody is connected yet, so this only rebuilds the list and journals again (the
    // writes are idempotent) a commitment whose row the crash lost.
    self->commitments_ = Json::array();
    self->publish_commitments();
    spdlog::info("room {}: match {} ({}) resumed after {} actions", self->id(),
                 self->record_.match_number, self->record_.match_id, self->sequence_);
    self->update_deadlines();
    self->schedule();
    self->arm_grace_timer();
    self->publish();
    self->check_empty();
  });
}

// ---- Bots, timers, pauses ----

bool Room::seat_is_bot_played(int seat) const {
  const SeatState& state = seats_[seat];
  return state.kind == SeatKind::kBot || state.bot_plays;
}

void Room::schedule() {
  if (status_ != Status::kPlaying || paused_ || !match_) return;
  arm_turn_timer();
  if (bot_pending_) return;
  Waiting waiting = match_->waiting();
  bool bot_waits = std::any_of(waiting.seats.begin(), waiting.seats.end(),
                               [&](int s) { return seat_is_bot_played(s); });
  if (!bot_waits) return;
  arm_bot_timer();
}

void Room::update_deadlines() {
  if (settings_.turn_time.count() == 0 || !match_ || status_ != Status::kPlaying || paused_) {
    deadlines_.clear();
    return;
  }
  Waiting waiting = match_->waiting();
  std::map<int, Clock::time_point> next;
  auto now = Clock::now();
  for (int seat : waiting.seats) {
    if (seat_is_bot_played(seat)) continue;
    auto it = deadlines_.find(seat);
    next[seat] = it != deadlines_.end() ? it->second : now + settings_.turn_time;
  }
  deadlines_ = std::move(next);
}

void Room::arm_turn_timer() {
  if (deadlines_.empty()) {
    turn_timer_.cancel();
    return;
  }
  auto earliest = std::min_element(deadlines_.begin(), deadlines_.end(), [](auto& a, auto& b) {
                    return a.second < b.second;
                  })->second;
  turn_timer_.expires_at(earliest);
  turn_timer_.async_wait(net::bind_executor(
      strand_,
      [self = shared_from_this()](boost::system::error_code ec) { self->on_turn_timer(ec); }));
}

void Room::on_turn_timer(boost::system::error_code ec) {
  if (ec) return;  // re-armed or cancelled
  if (status_ != Status::kPlaying || paused_ || !match_) return;
  if (!journal_.writable()) {  // the default moves wait until they can be kept
    turn_timer_.expires_after(kStoreRetryDelay);
    turn_timer_.async_wait(net::bind_executor(
        strand_,
        [self = shared_from_this()](boost::system::error_code ec) { self->on_turn_timer(ec); }));
    return;
  }
  auto now = Clock::now();
  std::vector<int> expired;
  for (const auto& [seat, deadline] : deadlines_) {
    if (deadline <= now) expired.push_back(seat);
  }
  for (int seat : expired) {
    int round = match_->round();
    bool whole_turn = match_->waiting().mode == WaitMode::kTurn;
    // On a turn, the default action until this seat's turn ends (a draw, then a
    // discard); in a simultaneous step or a claim window, one default action.
    for (int step = 0; step < 32; ++step) {
      if (status_ != Status::kPlaying || paused_ || match_->round() != round) break;
      Waiting waiting = match_->waiting();
      if (std::find(waiting.seats.begin(), waiting.seats.end(), seat) == waiting.seats.end()) break;
      if (seat_is_bot_played(seat)) break;
      if (step > 0 && (!whole_turn || waiting.mode != WaitMode::kTurn)) break;
      Json action = match_->default_action(seat);
      spdlog::info("room {}: seat {} timed out; playing {}", id(), seat, dump(action));
      if (auto error = apply(seat, action, true, nullptr)) {
        spdlog::error("room {}: default action for seat {} rejected: {} ({})", id(), seat,
                      error->code, error->message);
        break;
      }
    }
  }
  update_deadlines();
  arm_turn_timer();
}

void Room::arm_bot_timer(std::optional<Clock::duration> delay) {
  bot_pending_ = true;
  Clock::duration wait = delay.value_or(settings_.bot_delay);
  if (wait.count() == 0) {
    net::post(strand_, [self = shared_from_this()] { self->on_bot_timer({}); });
    return;
  }
  bot_timer_.expires_after(wait);
  bot_timer_.async_wait(net::bind_executor(
      strand_,
      [self = shared_from_this()](boost::system::error_code ec) { self->on_bot_timer(ec); }));
}

void Room::on_bot_timer(boost::system::error_code ec) {
  bot_pending_ = false;
  if (ec) return;
  if (status_ != Status::kPlaying || paused_ || !match_) return;
  if (!journal_.writable()) return arm_bot_timer(kStoreRetryDelay);  // try again later
  if (!bot_step()) schedule();
}

bool Room::bot_step() {
  Waiting waiting = match_->waiting();
  for (int seat : waiting.seats) {
    if (!seat_is_bot_played(seat)) continue;
    SeatState& state = seats_[seat];
    if (!state.policy && state.bot_plays) {
      state.policy = settings_.game->make_bot(BotLevel::kSensible);
    }
    Json action;
    try {
      if (state.policy) {
        action = state.policy->choose(match_->view(seat), bot_rng_);
      } else {
        LegalActions legal = match_->legal_actions(seat);
        action = legal.actions.empty() ? match_->default_action(seat)
                                       : legal.actions[bot_rng_.below(legal.actions.size())];
      }
    } catch (const std::exception& e) {
      spdlog::error("room {}: bot at seat {} failed: {}", id(), seat, e.what());
      action = match_->default_action(seat);
    }
    auto error = apply(seat, action, false, nullptr);
    if (error) {
      spdlog::warn("room {}: bot at seat {} chose {} ({}); playing the default", id(), seat,
                   dump(action), error->code);
      error = apply(seat, match_->default_action(seat), false, nullptr);
      if (error) {
        spdlog::error("room {}: bot's default action rejected too ({}); seat {} is stuck", id(),
                      error->code, seat);
        return false;
      }
    }
    return true;  // apply() scheduled what comes next
  }
  return false;
}

void Room::on_pause_timer(boost::system::error_code ec) {
  if (ec) return;
  if (status_ != Status::kPlaying || !paused_) return;
  paused_ = false;
  update_deadlines();
  Json message = {{"type", "resume"},
                  {"room", id()},
                  {"match", record_.match_number},
                  {"seq", sequence_},
                  {"timer", timer_json()}};
  deliver_to_all(make_message(dump(message)));
  schedule();
}

void Room::arm_grace_timer() {
  std::optional<Clock::time_point> earliest;
  for (const SeatState& seat : seats_) {
    if (seat.kind != SeatKind::kHuman || seat.connected || seat.bot_plays) continue;
    auto end = seat.disconnected_at + settings_.grace;
    if (!earliest || end < *earliest) earliest = end;
  }
  if (!earliest) {
    grace_timer_.cancel();
    return;
  }
  grace_timer_.expires_at(*earliest);
  grace_timer_.async_wait(net::bind_executor(
      strand_,
      [self = shared_from_this()](boost::system::error_code ec) { self->on_grace_timer(ec); }));
}

void Room::on_grace_timer(boost::system::error_code ec) {
  if (ec || status_ == Status::kClosed) return;
  auto now = Clock::now();
  bool changed = false;
  for (int s = 0; s < settings_.seats; ++s) {
    SeatState& seat = seats_[s];
    if (seat.kind != SeatKind::kHuman || seat.connected || seat.bot_plays) continue;
    if (seat.disconnected_at + settings_.grace > now) continue;
    changed = true;
    if (status_ == Status::kPlaying) {
      spdlog::info("room {}: player {} did not come back; a bot plays seat {}", id(),
                   seat.player_id, s);
      seat.bot_plays = true;
      deadlines_.erase(s);
    } else {
      spdlog::info("room {}: player {} did not come back; seat {} is free", id(), seat.player_id,
                   s);
      std::string player = seat.player_id;
      seat = SeatState{};
      host_.seat_changed(player, id(), false);
      if (is_host(player)) reassign_host();
    }
  }
  if (changed) {
    send_room_to_all();
    schedule();
  }
  arm_grace_timer();
  check_empty();
}

void Room::check_empty() {
  if (status_ == Status::kClosed) return;
  auto now = Clock::now();
  bool occupied = false;
  for (const SeatState& seat : seats_) {
    if (seat.kind != SeatKind::kHuman) continue;
    if (seat.connected) occupied = true;
    if (!seat.connected && !seat.bot_plays && seat.disconnected_at + settings_.grace > now) {
      occupied = true;  // still within the grace period
    }
  }
  for (const Spectator& s : spectators_) {
    if (!s.connection.expired()) occupied = true;
  }
  if (occupied) {
    if (empty_timer_armed_) empty_timer_.cancel();
    empty_timer_armed_ = false;
    return;
  }
  if (empty_timer_armed_) return;
  empty_timer_armed_ = true;
  empty_timer_.expires_after(settings_.empty_close);
  empty_timer_.async_wait(net::bind_executor(
      strand_,
      [self = shared_from_this()](boost::system::error_code ec) { self->on_empty_timer(ec); }));
}

void Room::on_empty_timer(boost::system::error_code ec) {
  if (ec) return;
  empty_timer_armed_ = false;
  check_empty();
  if (empty_timer_armed_) {  // still empty: check_empty re-armed it, so close now
    empty_timer_.cancel();
    close_room();
  }
}

void Room::close_room() {
  if (status_ == Status::kClosed) return;
  if (status_ == Status::kPlaying) {
    journal_.match_aborted(record_, "room closed: nobody left");
    hold_until_durable();
  }
  status_ = Status::kClosed;
  turn_timer_.cancel();
  bot_timer_.cancel();
  pause_timer_.cancel();
  grace_timer_.cancel();
  for (const SeatState& seat : seats_) {
    if (seat.kind == SeatKind::kHuman && !seat.player_id.empty()) {
      host_.seat_changed(seat.player_id, id(), false);
    }
  }
  spdlog::info("room {}: closed (empty)", id());
  host_.room_closed(id());
}

// ---- Membership and messages ----

std::optional<int> Room::seat_of(const std::string& player_id) const {
  for (int s = 0; s < settings_.seats; ++s) {
    if (seats_[s].kind == SeatKind::kHuman && seats_[s].player_id == player_id) return s;
  }
  return std::nullopt;
}

bool Room::is_host(const std::string& player_id) const {
  return !player_id.empty() && settings_.host_player_id == player_id;
}

void Room::reassign_host() {
  settings_.host_player_id.clear();
  for (const SeatState& seat : seats_) {
    if (seat.kind == SeatKind::kHuman && !seat.player_id.empty()) {
      settings_.host_player_id = seat.player_id;
      return;
    }
  }
  if (!spectators_.empty()) settings_.host_player_id = spectators_.front().player_id;
}

void Room::deliver(const std::shared_ptr<Connection>& connection, SharedMessage message) {
  if (!connection) return;
  if (outbox_.empty() && released_generation_ >= hold_generation_) {
    connection->send(std::move(message));
    return;
  }
  outbox_.push_back({connection, std::move(message), hold_generation_});
}

void Room::deliver_to_all(const SharedMessage& message) {
  for (const SeatState& seat : seats_) deliver(seat.connection.lock(), message);
  for (const Spectator& s : spectators_) deliver(s.connection.lock(), message);
}

void Room::hold_until_durable() {
  std::uint64_t generation = ++hold_generation_;
  bool durable =
      journal_.when_durable([weak = weak_from_this(), strand = strand_, generation]() mutable {
        net::post(strand, [weak, generation] {
          if (auto self = weak.lock()) self->release_held(generation);
        });
      });
  if (durable) release_held(generation);
}

void Room::release_held(std::uint64_t generation) {
  released_generation_ = std::max(released_generation_, generation);
  while (!outbox_.empty() && outbox_.front().generation <= released_generation_) {
    HeldMessage held = std::move(outbox_.front());
    outbox_.pop_front();
    if (auto c = held.connection.lock()) c->send(std::move(held.message));
  }
}

void Room::send_to(const Member& who, std::string text) {
  deliver(who.connection, make_message(std::move(text)));
}

void Room::reply_error(const Member& who, const Json& request_id, const std::string& code,
                       const std::string& message) {
  send_to(who, error_message(request_id, code, message));
}

void Room::send_room_to_all() {
  deliver_to_all(make_message(dump({{"type", "room"}, {"room", snapshot()}})));
  publish();
}

void Room::send_state_to(const Member& who, std::optional<int> seat) {
  if (!match_) return;
  std::string state_fields =
      ",\"match_id\":" + dump(Json(record_.match_id)) + ",\"commitments\":" + dump(commitments_);
  send_to(who, update_text(shared_update(), seat ? *seat : kSpectator, {}, {}, state_fields));
  if (status_ == Status::kFinished && !final_results_.is_null()) {
    send_to(who, dump(match_over_json()));
  }
}

std::string Room::status_name() const {
  switch (status_) {
    case Status::kWaiting:
      return "waiting";
    case Status::kPlaying:
      return "playing";
    case Status::kFinished:
      return "finished";
    case Status::kClosed:
      return "closed";
  }
  return "?";
}

Json Room::snapshot() const {
  Json seats = Json::array();
  for (int s = 0; s < settings_.seats; ++s) {
    const SeatState& seat = seats_[s];
    Json entry = {{"seat", s}};
    switch (seat.kind) {
      case SeatKind::kEmpty:
        entry["kind"] = "empty";
        break;
      case SeatKind::kHuman:
        entry["kind"] = "human";
        entry["player"] = seat.player_id;
        entry["name"] = seat.name;
        entry["connected"] = seat.connected;
        entry["bot_plays"] = seat.bot_plays;
        break;
      case SeatKind::kBot:
        entry["kind"] = "bot";
        entry["name"] = seat.name;
        entry["level"] = bot_level_name(seat.level);
        break;
    }
    seats.push_back(std::move(entry));
  }
  return {{"id", id()},
          {"code", settings_.code},
          {"game", settings_.game->name()},
          {"title", settings_.game->title()},
          {"options", settings_.options},
          {"visibility", settings_.is_public ? "public" : "private"},
          {"host", settings_.host_player_id},
          {"status", status_name()},
          {"seat_count", settings_.seats},
          {"seats", seats},
          {"spectators", spectators_.size()},
          {"turn_seconds", settings_.turn_time.count() / 1000},
          {"bot_delay_ms", settings_.bot_delay.count()},
          {"match", record_.match_number}};
}

void Room::publish() {
  int taken = 0;
  for (const SeatState& seat : seats_) taken += seat.kind != SeatKind::kEmpty;
  std::string host_name;
  for (const SeatState& seat : seats_) {
    if (seat.kind == SeatKind::kHuman && seat.player_id == settings_.host_player_id) {
      host_name = seat.name;
    }
  }
  host_.publish_summary(id(), {{"id", id()},
                               {"game", settings_.game->name()},
                               {"title", settings_.game->title()},
                               {"visibility", settings_.is_public ? "public" : "private"},
                               {"status", status_name()},
                               {"seat_count", settings_.seats},
                               {"seats_taken", taken},
                               {"spectators", spectators_.size()},
                               {"host_name", host_name},
                               {"turn_seconds", settings_.turn_time.count() / 1000},
                               {"match", record_.match_number}});
}

}  // namespace parlor::server
