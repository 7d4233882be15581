#include "server/room/turn_deadlines.hpp"

#include <algorithm>

namespace parlor::server {

void TurnDeadlines::update(const Waiting& waiting, const Seating& seating, Clock::time_point now) {
  std::map<int, Clock::time_point> next;
  for (int seat : waiting.seats) {
    if (seating.seat(seat).bot_played()) continue;
    auto it = deadlines_.find(seat);
    next[seat] = it != deadlines_.end() ? it->second : now + turn_time_;
  }
  deadlines_ = std::move(next);
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

nlohmann::json TurnDeadlines::timer_json(Clock::time_point now) const {
  if (deadlines_.empty()) return nullptr;
  nlohmann::json seats = nlohmann::json::array();
  for (const auto& [seat, deadline] : deadlines_) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count();
    seats.push_back({{"seat", seat}, {"remaining_ms", std::max<long long>(0, left)}});
  }
  return {{"turn_ms", turn_time_.count()}, {"seats", seats}};
}

}  // namespace parlor::server
