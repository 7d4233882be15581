// Who is at a table: its seats (a human, a bot, or empty), its spectators, and its host
// (the player who runs the table: adds bots and starts matches; "host" means nothing
// else in the server). Sitting down, leaving, connections coming and going, and the grace
// period a disconnected player keeps the seat for.
//
// Plain C++, no Asio and no clock of its own: the room passes `now` in and arms its timers
// from what this class answers, so every rule here is tested alone
// (tests/server/seating_test.cpp). Not thread-safe: the room calls it on its strand.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "protocol/server_messages.hpp"
#include "server/net/connection.hpp"
#include "server/room/match_journal.hpp"
#include "server/room/member.hpp"

namespace parlor::server {

using SeatKind = protocol::SeatKind;

struct SeatState {
  using Clock = std::chrono::steady_clock;

  SeatKind kind = SeatKind::kEmpty;
  std::string player_id;  // humans
  std::string name;
  std::weak_ptr<Connection> connection;
  bool connected = false;
  Clock::time_point disconnected_at;
  bool bot_plays = false;  // a human's seat played by a bot (grace over)
  bool guest = true;       // a human without an account
  BotLevel level = BotLevel::kSensible;
  std::shared_ptr<BotPolicy> policy;

  bool is_human() const { return kind == SeatKind::kHuman; }
  // A bot decides this seat's moves: a bot's seat, or a human's whose grace is over.
  bool bot_played() const { return kind == SeatKind::kBot || bot_plays; }
  // Disconnected and still within the grace period (no bot plays for them yet).
  bool awaiting_return() const { return is_human() && !connected && !bot_plays; }
};

struct Spectator {
  std::string player_id;
  std::weak_ptr<Connection> connection;
};

// A seat whose grace period ran out (Seating::expire_grace).
struct GraceExpiry {
  int seat = 0;
  std::string player_id;
  bool freed = false;  // the seat was emptied (no match running); else a bot plays it
};

class Seating {
 public:
  using Clock = std::chrono::steady_clock;

  Seating(const GameDefinition& game, int seat_count, std::string host_player_id,
          Clock::duration grace);

  int size() const { return static_cast<int>(seats_.size()); }
  const SeatState& seat(int index) const { return seats_[static_cast<std::size_t>(index)]; }
  const std::vector<SeatState>& seats() const { return seats_; }
  const std::vector<Spectator>& spectators() const { return spectators_; }
  const std::string& host() const { return host_player_id_; }

  std::optional<int> seat_of(const std::string& player_id) const;
  bool is_spectating(const std::string& player_id) const;
  bool is_host(const std::string& player_id) const;
  bool all_seats_taken() const;
  // A connected seat or spectator: someone an update would reach.
  bool has_receivers() const;
  // Someone connected, or a disconnected player still within the grace period.
  bool occupied(Clock::time_point now) const;

  // The requested seat if it exists and is empty, else the first empty one.
  // Errors: bad_seat, seat_taken, room_full.
  Expected<int> choose_empty_seat(std::optional<int> seat) const;

  // `who` takes empty seat `index` (and stops spectating); becomes host if there is none.
  void sit(int index, const Member& who);
  void add_spectator(const Member& who);
  // False if `player_id` was not spectating.
  bool remove_spectator(const std::string& player_id);
  // The player leaves their seat: emptied between matches, or (`match_running`) handed to
  // a sensible bot for the rest of the match.
  void leave_seat(int index, bool match_running);
  // The player steps away from a seat that stays theirs (a club night's table): away as
  // after a lost connection, and (`match_running`) a bot plays for them at once.
  void step_away(int index, bool match_running, Clock::time_point now);
  // Makes the next seated human (else the first spectator) host; none if neither.
  void reassign_host();
  // Every spectator but `keep` goes (the host refused spectators): those removed.
  std::vector<Spectator> remove_spectators_except(const std::string& keep);
  // The connection `player_id` is in the room on (a seat's first), if any.
  std::shared_ptr<Connection> connection_of(const std::string& player_id) const;
  // Seat `index` is a human who has been disconnected for at least `after`, or whom a
  // bot already plays for (their grace period ran out): the host may remove them.
  bool is_away(int index, Clock::time_point now, Clock::duration after) const;

  // Errors (`index` from a client): bad_seat, seat_taken, room_full.
  Expected<int> add_bot(std::optional<int> index, BotLevel level);
  // Errors: bad_seat, not_a_bot.
  std::optional<Error> remove_bot(int index);
  // The policy that plays seat `index` (a bot standing in for a human gets a sensible one
  // the first time); null for a random bot's seat, which picks any legal move.
  std::shared_ptr<BotPolicy> policy_for(int index);

  // An event table starting without some of its players: a sensible bot plays every
  // disconnected human's seat (until they come back and act) and takes every empty seat.
  // The seats it stands in for.
  std::vector<int> stand_in_for_absent();
  // Every seat is a human, connected.
  bool all_humans_here() const;

  // A returning player's connection; their seat, if they have one.
  std::optional<int> attach(const Member& who);
  // The player acts again: no bot plays for them any more.
  void take_back(int index) { seats_[static_cast<std::size_t>(index)].bot_plays = false; }
  // `connection` went away: the seat that was on it, if any, and whether anything changed
  // (a seat, or spectators on it or on dead connections).
  struct Detached {
    std::optional<int> seat;
    bool changed = false;
  };
  Detached detach(const std::string& player_id, const std::shared_ptr<Connection>& connection,
                  Clock::time_point now);

  // When the earliest disconnected player's grace period ends, if anyone is waiting.
  std::optional<Clock::time_point> next_grace_end() const;
  // Every seat whose grace period has ended by `now`: freed (no match running; the host
  // is reassigned if it was theirs) or played by a bot from now on.
  std::vector<GraceExpiry> expire_grace(Clock::time_point now, bool match_running);

  // The seats as a match records them.
  std::vector<SeatRecord> records() const;
  // Per seat of a match that started as `records`: whether its human left before the end.
  // Either the seat is someone else's now (they left it: a bot took over), or a bot plays
  // it because they never came back within the grace period; a player whom a bot stood
  // in for and who came back and played on has not left.
  std::vector<bool> left_since(const std::vector<SeatRecord>& records) const;
  // The seats of a match (or of a waiting room: kEmpty records stay free) rebuilt after a
  // restart: bots seated again, humans disconnected since `now` (their grace period
  // starts with the restart).
  void restore(const std::vector<SeatRecord>& records, Clock::time_point now);

  // The seats, spectators and host of the room object.
  void summarize(protocol::RoomSummary& summary) const;

 private:
  const GameDefinition& game_;
  Clock::duration grace_;
  std::vector<SeatState> seats_;
  std::vector<Spectator> spectators_;
  std::string host_player_id_;
};

}  // namespace parlor::server
