// The seating machinery behind pair_round() (event_rules.hpp has the rules): the seeded
// shuffle, who has sat with whom, the swap search that lowers repeats, and the circle
// method. Players are indices into one list of active player ids.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/events/event_rules.hpp"

namespace parlor::server::events {

// splitmix64 (Steele, Lea and Flood, OOPSLA 2014): fixed and published, so a seed gives
// the same order everywhere. `stream` picks an independent order for the same seed.
class SeededOrder {
 public:
  SeededOrder(std::uint64_t seed, std::uint64_t stream);
  std::uint64_t next();
  std::uint64_t below(std::uint64_t bound);  // uniform in [0, bound), bound > 0

  // Fisher-Yates: every permutation equally likely.
  template <class T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::swap(items[i - 1], items[static_cast<std::size_t>(below(i))]);
    }
  }

 private:
  std::uint64_t state_;
};

// How often each pair of `players` has sat at one table in `rounds` (bots and other ids
// ignored): meetings[a][b] == meetings[b][a].
using Meetings = std::vector<std::vector<int>>;
Meetings count_meetings(const std::vector<std::string>& players,
                        const std::vector<RoundResult>& rounds);

using Tables = std::vector<std::vector<int>>;

// The repeat cost of one seating: over tablemate pairs, meetings squared.
long repeat_cost(const Tables& tables, const Meetings& meetings);

// Cuts `order` (best first) into tables of `sizes`, in order.
Tables fill_tables(const std::vector<int>& order, const std::vector<int>& sizes);

// Swaps two players between tables while one lowers the repeat cost: nearest tables
// first, then the largest gain, then the smallest distance in `order_position`.
void reduce_repeats(Tables& tables, const Meetings& meetings,
                    const std::vector<int>& order_position);

// Round `round` (1-based) of the circle method over `count` players: pairs of indices,
// -1 standing for the dummy of an odd count. Rounds: count - 1, or count when odd.
int circle_rounds(int count);
std::vector<std::pair<int, int>> circle_round(int count, int round);

}  // namespace parlor::server::events
