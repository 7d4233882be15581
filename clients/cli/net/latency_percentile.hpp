// The percentile `parlor load` reports its latencies by (nearest rank), kept in one place so
// that bench/loopback_pattern_floor reports its bare-TCP floor by the same definition.
// Header-only (the floor links nothing of Parlor's).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace parlor::cli::net {

// The p-th percentile (p in (0, 1]) of `sorted`, ascending: the smallest value with at
// least p of them at or below it. 0 when there are none.
inline double percentile(const std::vector<double>& sorted, double p) {
  if (sorted.empty()) return 0;
  const auto rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(sorted.size())));
  return sorted[std::min(std::max<std::size_t>(rank, 1), sorted.size()) - 1];
}

}  // namespace parlor::cli::net
