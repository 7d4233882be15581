#include "server/room/seating.hpp"

#include <algorithm>

namespace parlor::server {

namespace {

// A bot's seat name says its level ("Expert bot 3"); a sensible bot is just "Bot 3".
std::string bot_name_prefix(BotLevel level) {
  switch (level) {
    case BotLevel::kRandom:
      return "Random bot ";
    case BotLevel::kExpert:
      return "Expert bot ";
    case BotLevel::kSensible:
      break;
  }
  return "Bot ";
}

}  // namespace

Seating::Seating(const GameDefinition& game, int seat_count, std::string host_player_id,
                 Clock::duration grace)
    : game_(game),
      grace_(grace),
      seats_(static_cast<std::size_t>(std::max(seat_count, 0))),
      host_player_id_(std::move(host_player_id)) {}

std::optional<int> Seating::seat_of(const std::string& player_id) const {
  for (int s = 0; s < size(); ++s) {
    if (seat(s).is_human() && seat(s).player_id == player_id) return s;
  }
  return std::nullopt;
}

bool Seating::is_spectating(const std::string& player_id) const {
  return std::any_of(spectators_.begin(), spectators_.end(),
                     [&](const Spectator& s) { return s.player_id == player_id; });
}

bool Seating::is_host(const std::string& player_id) const {
  return !player_id.empty() && host_player_id_ == player_id;
}

bool Seating::all_seats_taken() const {
  return std::none_of(seats_.begin(), seats_.end(),
                      [](const SeatState& s) { return s.kind == SeatKind::kEmpty; });
}

bool Seating::has_receivers() const {
  auto live = [](const auto& holder) { return !holder.connection.expired(); };
  return std::any_of(seats_.begin(), seats_.end(), live) ||
         std::any_of(spectators_.begin(), spectators_.end(), live);
}

bool Seating::occupied(Clock::time_point now) const {
  for (const SeatState& seat : seats_) {
    if (!seat.is_human()) continue;
    if (seat.connected) return true;
    if (seat.awaiting_return() && seat.disconnected_at + grace_ > now) return true;
  }
  return std::any_of(spectators_.begin(), spectators_.end(),
                     [](const Spectator& s) { return !s.connection.expired(); });
}

Expected<int> Seating::choose_empty_seat(std::optional<int> index) const {
  if (index) {
    if (*index < 0 || *index >= size()) return Error{"bad_seat", "no such seat"};
    if (seat(*index).kind != SeatKind::kEmpty) return Error{"seat_taken", "that seat is taken"};
    return *index;
  }
  for (int s = 0; s < size(); ++s) {
    if (seat(s).kind == SeatKind::kEmpty) return s;
  }
  return Error{"room_full", "every seat is taken"};
}

void Seating::sit(int index, const Member& who) {
  remove_spectator(who.player_id);
  SeatState& state = seats_[static_cast<std::size_t>(index)];
  state = SeatState{};
  state.kind = SeatKind::kHuman;
  state.player_id = who.player_id;
  state.name = who.name;
  state.guest = who.guest;
  state.connection = who.connection;
  state.connected = true;
  if (host_player_id_.empty()) host_player_id_ = who.player_id;
}

void Seating::add_spectator(const Member& who) {
  remove_spectator(who.player_id);
  spectators_.push_back({who.player_id, who.connection});
}

bool Seating::remove_spectator(const std::string& player_id) {
  return std::erase_if(spectators_, [&](const Spectator& s) { return s.player_id == player_id; }) >
         0;
}

void Seating::leave_seat(int index, bool match_running) {
  SeatState& state = seats_[static_cast<std::size_t>(index)];
  if (!match_running) {
    state = SeatState{};
    return;
  }
  // The match goes on with a bot in the seat.
  state.kind = SeatKind::kBot;
  state.name = "Bot (for " + state.name + ")";
  state.level = BotLevel::kSensible;
  state.policy = game_.make_bot(BotLevel::kSensible);
  state.player_id.clear();
  state.connection.reset();
  state.connected = false;
  state.bot_plays = false;
}

void Seating::step_away(int index, bool match_running, Clock::time_point now) {
  SeatState& state = seats_[static_cast<std::size_t>(index)];
  state.connection.reset();
  state.connected = false;
  state.disconnected_at = now;
  if (match_running) state.bot_plays = true;
}

void Seating::reassign_host() {
  host_player_id_.clear();
  for (const SeatState& seat : seats_) {
    if (seat.is_human() && !seat.player_id.empty()) {
      host_player_id_ = seat.player_id;
      return;
    }
  }
  if (!spectators_.empty()) host_player_id_ = spectators_.front().player_id;
}

std::vector<Spectator> Seating::remove_spectators_except(const std::string& keep) {
  std::vector<Spectator> removed;
  std::erase_if(spectators_, [&](const Spectator& s) {
    if (s.player_id == keep) return false;
    removed.push_back(s);
    return true;
  });
  return removed;
}

std::shared_ptr<Connection> Seating::connection_of(const std::string& player_id) const {
  if (auto index = seat_of(player_id)) return seat(*index).connection.lock();
  for (const Spectator& s : spectators_) {
    if (s.player_id == player_id) return s.connection.lock();
  }
  return nullptr;
}

bool Seating::is_away(int index, Clock::time_point now, Clock::duration after) const {
  const SeatState& state = seat(index);
  if (!state.is_human() || state.connected) return false;
  return state.bot_plays || now - state.disconnected_at >= after;
}

Expected<int> Seating::add_bot(std::optional<int> index, BotLevel level) {
  Expected<int> chosen = choose_empty_seat(index);
  if (!chosen) return chosen;
  SeatState& state = seats_[static_cast<std::size_t>(*chosen)];
  state = SeatState{};
  state.kind = SeatKind::kBot;
  state.level = level;
  state.name = bot_name_prefix(level) + std::to_string(*chosen + 1);
  state.policy = game_.make_bot(level);
  return chosen;
}

std::optional<Error> Seating::remove_bot(int index) {
  if (index < 0 || index >= size()) return Error{"bad_seat", "no such seat"};
  if (seat(index).kind != SeatKind::kBot) return Error{"not_a_bot", "that seat is not a bot"};
  seats_[static_cast<std::size_t>(index)] = SeatState{};
  return std::nullopt;
}

std::shared_ptr<BotPolicy> Seating::policy_for(int index) {
  SeatState& state = seats_[static_cast<std::size_t>(index)];
  if (!state.policy && state.bot_plays) state.policy = game_.make_bot(BotLevel::kSensible);
  return state.policy;
}

std::optional<int> Seating::attach(const Member& who) {
  auto index = seat_of(who.player_id);
  if (!index) return std::nullopt;
  SeatState& state = seats_[static_cast<std::size_t>(*index)];
  state.connection = who.connection;
  state.connected = true;
  state.bot_plays = false;
  state.name = who.name;
  state.guest = who.guest;
  return index;
}

Seating::Detached Seating::detach(const std::string& player_id,
                                  const std::shared_ptr<Connection>& connection,
                                  Clock::time_point now) {
  Detached detached;
  for (int s = 0; s < size(); ++s) {
    SeatState& state = seats_[static_cast<std::size_t>(s)];
    if (!state.is_human() || state.player_id != player_id) continue;
    if (state.connection.lock() != connection) continue;
    state.connected = false;
    state.connection.reset();
    state.disconnected_at = now;
    detached.seat = s;
    detached.changed = true;
  }
  // Spectators on dead connections go too.
  const auto removed = std::erase_if(spectators_, [&](const Spectator& s) {
    auto live = s.connection.lock();
    return !live || live == connection;
  });
  if (removed > 0) detached.changed = true;
  return detached;
}

std::optional<Seating::Clock::time_point> Seating::next_grace_end() const {
  std::optional<Clock::time_point> earliest;
  for (const SeatState& seat : seats_) {
    if (!seat.awaiting_return()) continue;
    auto end = seat.disconnected_at + grace_;
    if (!earliest || end < *earliest) earliest = end;
  }
  return earliest;
}

std::vector<GraceExpiry> Seating::expire_grace(Clock::time_point now, bool match_running) {
  std::vector<GraceExpiry> expired;
  for (int s = 0; s < size(); ++s) {
    SeatState& seat = seats_[static_cast<std::size_t>(s)];
    if (!seat.awaiting_return() || seat.disconnected_at + grace_ > now) continue;
    expired.push_back({s, seat.player_id, !match_running});
    if (match_running) {
      seat.bot_plays = true;
      continue;
    }
    seat = SeatState{};
    if (is_host(expired.back().player_id)) reassign_host();
  }
  return expired;
}

std::vector<SeatRecord> Seating::records() const {
  std::vector<SeatRecord> records;
  records.reserve(seats_.size());
  for (const SeatState& seat : seats_) {
    const bool bot = seat.kind == SeatKind::kBot;
    records.push_back({bot ? SeatKind::kBot : SeatKind::kHuman, seat.player_id, seat.name,
                       bot ? bot_level_name(seat.level) : ""});
  }
  return records;
}

std::vector<bool> Seating::left_since(const std::vector<SeatRecord>& records) const {
  std::vector<bool> left(records.size(), false);
  for (std::size_t s = 0; s < records.size() && s < seats_.size(); ++s) {
    if (records[s].kind != SeatKind::kHuman) continue;
    const SeatState& now = seats_[s];
    left[s] = !now.is_human() || now.player_id != records[s].player_id || now.bot_plays;
  }
  return left;
}

std::vector<int> Seating::stand_in_for_absent() {
  std::vector<int> absent;
  for (int index = 0; index < size(); ++index) {
    SeatState& seat = seats_[static_cast<std::size_t>(index)];
    if (seat.kind == SeatKind::kEmpty) {
      (void)add_bot(index, BotLevel::kSensible);
    } else if (!seat.is_human() || seat.connected) {
      continue;
    } else {
      seat.bot_plays = true;
    }
    absent.push_back(index);
  }
  return absent;
}

bool Seating::all_humans_here() const {
  return std::all_of(seats_.begin(), seats_.end(),
                     [](const SeatState& seat) { return seat.is_human() && seat.connected; });
}

void Seating::restore(const std::vector<SeatRecord>& records, Clock::time_point now) {
  for (std::size_t s = 0; s < records.size() && s < seats_.size(); ++s) {
    const SeatRecord& recorded = records[s];
    SeatState& seat = seats_[s];
    seat = SeatState{};
    if (recorded.kind == SeatKind::kEmpty) continue;  // a waiting room's free seat
    seat.name = recorded.name;
    if (recorded.kind == SeatKind::kBot) {
      seat.kind = SeatKind::kBot;
      seat.level = parse_bot_level(recorded.bot_level).value_or(BotLevel::kSensible);
      seat.policy = game_.make_bot(seat.level);
    } else {
      seat.kind = SeatKind::kHuman;
      seat.player_id = recorded.player_id;
      seat.connected = false;
      seat.disconnected_at = now;
    }
  }
}

void Seating::summarize(protocol::RoomSummary& summary) const {
  summary.host_player_id = host_player_id_;
  summary.spectators = spectators_.size();
  summary.seats.clear();
  summary.seats.reserve(seats_.size());
  for (const SeatState& seat : seats_) {
    protocol::SeatSummary entry;
    entry.kind = seat.kind;
    entry.name = seat.name;
    if (seat.is_human()) {
      entry.player_id = seat.player_id;
      entry.connected = seat.connected;
      entry.bot_plays = seat.bot_plays;
      entry.guest = seat.guest;
    } else if (seat.kind == SeatKind::kBot) {
      entry.bot_level = bot_level_name(seat.level);
    }
    summary.seats.push_back(std::move(entry));
  }
}

}  // namespace parlor::server
