// The turn timer's deadlines: one per seat the match waits for while a human plays it.
// A seat's deadline stays until that seat decides (a draw and a discard are one turn);
// the room arms its turn timer (RoomTimers) at the earliest one.
//
// No Asio and no clock of its own: `now` is passed in, so the rules are tested alone.
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "server/room/seating.hpp"

namespace parlor::server {

class TurnDeadlines {
 public:
  using Clock = std::chrono::steady_clock;

  explicit TurnDeadlines(std::chrono::milliseconds turn_time) : turn_time_(turn_time) {}

  bool enabled() const { return turn_time_.count() > 0; }
  bool empty() const { return deadlines_.empty(); }
  void clear() { deadlines_.clear(); }
  // `seat` decided: its next decision gets the full turn time.
  void erase(int seat) { deadlines_.erase(seat); }
  // The seats `waiting` names that a human plays keep their deadline or get a full turn
  // from `now`; every other deadline goes.
  void update(const Waiting& waiting, const Seating& seating, Clock::time_point now);
  std::optional<Clock::time_point> earliest() const;
  std::vector<int> expired(Clock::time_point now) const;
  // An update's "timer", {"turn_ms", "seats": [{"seat", "remaining_ms"}]}, as JSON text
  // written in one piece (every update carries it); empty for null (no timer running).
  std::string timer_text(Clock::time_point now) const;

 private:
  std::chrono::milliseconds turn_time_;
  std::map<int, Clock::time_point> deadlines_;
};

}  // namespace parlor::server
