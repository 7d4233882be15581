#include "engine/carioca/carioca_scoring.hpp"

#include <cstddef>

namespace parlor::carioca {

std::vector<int> placings_by_total(const std::vector<std::int64_t>& totals,
                                   const std::vector<int>& rounds_out) {
  std::vector<int> places(totals.size(), 1);
  for (std::size_t a = 0; a < totals.size(); ++a) {
    for (std::size_t b = 0; b < totals.size(); ++b) {
      bool better =
          totals[b] < totals[a] || (totals[b] == totals[a] && rounds_out[b] > rounds_out[a]);
      if (better) ++places[a];
    }
  }
  return places;
}

}  // namespace parlor::carioca
