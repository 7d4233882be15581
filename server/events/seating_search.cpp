// The seeded order, meeting counts, the swap search and the circle method
// (seating_search.hpp).
#include "server/events/seating_search.hpp"

#include <cstdlib>
#include <optional>
#include <unordered_map>
#include <utility>

namespace parlor::server::events {

SeededOrder::SeededOrder(std::uint64_t seed, std::uint64_t stream)
    // An odd multiplier keeps distinct streams of one seed distinct states.
    : state_(seed ^ (stream * 0xd1b54a32d192ed03ULL)) {}

std::uint64_t SeededOrder::next() {
  std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t SeededOrder::below(std::uint64_t bound) {
  // Rejects the top sliver that would make small values likelier (no modulo bias).
  const std::uint64_t threshold = (0 - bound) % bound;
  while (true) {
    const std::uint64_t value = next();
    if (value >= threshold) return value % bound;
  }
}

Meetings count_meetings(const std::vector<std::string>& players,
                        const std::vector<RoundResult>& rounds) {
  std::unordered_map<std::string, int> index;
  for (std::size_t i = 0; i < players.size(); ++i) index[players[i]] = static_cast<int>(i);
  Meetings meetings(players.size(), std::vector<int>(players.size(), 0));
  for (const RoundResult& round : rounds) {
    for (const TableResult& table : round.tables) {
      std::vector<int> seated;
      for (const std::string& id : table.players) {
        auto found = index.find(id);
        if (found != index.end()) seated.push_back(found->second);
      }
      for (std::size_t a = 0; a < seated.size(); ++a) {
        for (std::size_t b = a + 1; b < seated.size(); ++b) {
          ++meetings[seated[a]][seated[b]];
          ++meetings[seated[b]][seated[a]];
        }
      }
    }
  }
  return meetings;
}

namespace {

long pair_cost(const Meetings& meetings, int a, int b) {
  const long met = meetings[a][b];
  return met * met;
}

// How much the repeat cost changes when tables[i][x] and tables[j][y] trade places.
long swap_change(const Tables& tables, const Meetings& meetings, std::size_t i, std::size_t x,
                 std::size_t j, std::size_t y) {
  const int a = tables[i][x];
  const int b = tables[j][y];
  long change = 0;
  for (std::size_t k = 0; k < tables[i].size(); ++k) {
    if (k != x)
      change += pair_cost(meetings, b, tables[i][k]) - pair_cost(meetings, a, tables[i][k]);
  }
  for (std::size_t k = 0; k < tables[j].size(); ++k) {
    if (k != y)
      change += pair_cost(meetings, a, tables[j][k]) - pair_cost(meetings, b, tables[j][k]);
  }
  return change;
}

struct Swap {
  std::size_t i = 0, x = 0, j = 0, y = 0;
  long change = 0;
  int displacement = 0;
};

// The swap to make between tables `distance` apart, if one lowers the cost.
std::optional<Swap> best_swap_at(const Tables& tables, const Meetings& meetings,
                                 const std::vector<int>& order_position, std::size_t distance) {
  std::optional<Swap> best;
  for (std::size_t i = 0; i + distance < tables.size(); ++i) {
    const std::size_t j = i + distance;
    for (std::size_t x = 0; x < tables[i].size(); ++x) {
      for (std::size_t y = 0; y < tables[j].size(); ++y) {
        const long change = swap_change(tables, meetings, i, x, j, y);
        if (change >= 0) continue;
        const int displacement =
            std::abs(order_position[tables[i][x]] - order_position[tables[j][y]]);
        if (!best || change < best->change ||
            (change == best->change && displacement < best->displacement)) {
          best = Swap{i, x, j, y, change, displacement};
        }
      }
    }
  }
  return best;
}

std::optional<Swap> nearest_improving_swap(const Tables& tables, const Meetings& meetings,
                                           const std::vector<int>& order_position) {
  for (std::size_t distance = 1; distance < tables.size(); ++distance) {
    if (auto swap = best_swap_at(tables, meetings, order_position, distance)) return swap;
  }
  return std::nullopt;
}

}  // namespace

long repeat_cost(const Tables& tables, const Meetings& meetings) {
  long cost = 0;
  for (const std::vector<int>& table : tables) {
    for (std::size_t a = 0; a < table.size(); ++a) {
      for (std::size_t b = a + 1; b < table.size(); ++b)
        cost += pair_cost(meetings, table[a], table[b]);
    }
  }
  return cost;
}

Tables fill_tables(const std::vector<int>& order, const std::vector<int>& sizes) {
  Tables tables;
  std::size_t next = 0;
  for (int size : sizes) {
    tables.emplace_back(order.begin() + static_cast<long>(next),
                        order.begin() + static_cast<long>(next + static_cast<std::size_t>(size)));
    next += static_cast<std::size_t>(size);
  }
  return tables;
}

void reduce_repeats(Tables& tables, const Meetings& meetings,
                    const std::vector<int>& order_position) {
  // Every swap lowers the cost, a non-negative integer, so this ends.
  while (auto swap = nearest_improving_swap(tables, meetings, order_position)) {
    std::swap(tables[swap->i][swap->x], tables[swap->j][swap->y]);
  }
}

int circle_rounds(int count) { return count % 2 == 0 ? count - 1 : count; }

std::vector<std::pair<int, int>> circle_round(int count, int round) {
  // Position 0 stays; the others turn one step a round. With a dummy (-1) for an odd
  // count, every pair meets exactly once in circle_rounds(count) rounds.
  const int positions = count % 2 == 0 ? count : count + 1;
  const int turning = positions - 1;
  std::vector<int> at(static_cast<std::size_t>(positions));
  at[0] = 0;
  for (int p = 1; p < positions; ++p) at[p] = 1 + (p - 1 + round - 1) % turning;
  for (int& player : at) {
    if (player >= count) player = -1;
  }
  std::vector<std::pair<int, int>> pairs;
  for (int p = 0; p < positions / 2; ++p) {
    // Who takes the first seat alternates with the round and the table.
    const int a = at[p];
    const int b = at[positions - 1 - p];
    pairs.emplace_back((round + p) % 2 == 0 ? std::pair{a, b} : std::pair{b, a});
  }
  return pairs;
}

}  // namespace parlor::server::events
