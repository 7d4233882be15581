#include "server/room/turn_deadlines.hpp"

#include <algorithm>
#include <cstdint>

#include "engine/core/json_writer.hpp"

namespace parlor::server {

// In place: a seat that goes on waiting (a draw, then its discard) keeps its entry, and
// only a seat that starts waiting takes a new one.
void TurnDeadlines::update(const Waiting& waiting, const Seating& seating, Clock::time_point now) {
  const auto waits_for_a_human = [&](int seat) {
    return !seating.seat(seat).bot_played() &&
           std::find(waiting.seats.begin(), waiting.seats.end(), seat) != waiting.seats.end();
  };
  std::erase_if(deadlines_, [&](const auto& entry) { return !waits_for_a_human(entry.first); });
  for (int seat : waiting.seats) {
    if (!seating.seat(seat).bot_played()) deadlines_.try_emplace(seat, now + turn_time_);
  }
}

std::optional<TurnDeadlines::Clock::time_point> TurnDeadlines::earliest() const {
  std::optional<Clock::time_point> first;
  for (const auto& [seat, deadline] : deadlines_) {
    if (!first || deadline < *first) first = deadline;
  }
  return first;
}

std::vector<int> TurnDeadlines::expired(Clock::time_point now) const {
  std::vector<int> seats;
  for (const auto& [seat, deadline] : deadlines_) {
    if (deadline <= now) seats.push_back(seat);
  }
  return seats;
}

std::string TurnDeadlines::timer_text(Clock::time_point now) const {
  std::string text;
  if (deadlines_.empty()) return text;
  // The members in the order the tree's dump had them (sorted), so the bytes sent are
  // what they were.
  JsonWriter out(text);
  out.begin_object();
  out.key("seats");
  out.begin_array();
  for (const auto& [seat, deadline] : deadlines_) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count();
    out.begin_object();
    out.member("remaining_ms", std::max<std::int64_t>(0, left));
    out.member("seat", seat);
    out.end_object();
  }
  out.end_array();
  out.member("turn_ms", turn_time_.count());
  out.end_object();
  return text;
}

}  // namespace parlor::server
