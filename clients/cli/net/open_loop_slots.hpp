// How `parlor load --rate R` paces one client in its open loop, kept in one place so that
// bench/loopback_pattern_floor paces its bare-TCP floor exactly the same way. A client's
// slots are one period (1/R seconds) apart, the first at a random point of the first
// period, so that thousands of clients that start together do not act in lockstep. A slot
// missed while the client waited for its turn is kept, for at most kMissedSlotCredit: a
// client whose turn came late acts at once, but never makes up more than that.
// Header-only, on any clock's time points (the floor links nothing of Parlor's).
#pragma once

#include <algorithm>
#include <chrono>

namespace parlor::cli::net {

inline constexpr std::chrono::seconds kMissedSlotCredit{1};

// The first slot: `uniform` (in [0, 1)) of a period after `now`.
template <class TimePoint>
TimePoint first_slot(TimePoint now, double rate, double uniform) {
  return now + std::chrono::duration_cast<typename TimePoint::duration>(
                   std::chrono::duration<double>(uniform / rate));
}

// The client acts at `now` on `slot` (which has come): its next slot.
template <class TimePoint>
TimePoint slot_after_acting(TimePoint slot, TimePoint now, double rate) {
  return std::max(slot, now - kMissedSlotCredit) +
         std::chrono::duration_cast<typename TimePoint::duration>(
             std::chrono::duration<double>(1.0 / rate));
}

}  // namespace parlor::cli::net
