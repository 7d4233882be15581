// Match placings (rules, "Ending a round and scoring"): the lowest total wins; a tie
// goes to the player who went out in more rounds, then it is shared.
#pragma once

#include <cstdint>
#include <vector>

namespace parlor::carioca {

// 1 = winner; equal totals with equal rounds out share a place.
std::vector<int> placings_by_total(const std::vector<std::int64_t>& totals,
                                   const std::vector<int>& rounds_out);

}  // namespace parlor::carioca
