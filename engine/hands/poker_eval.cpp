// Poker's evaluator: one lookup in a table of every multiset of card types
// (multiset_index.hpp), filled from the rules by rank_logic.cpp once per rule set.
#include <map>
#include <mutex>
#include <tuple>
#include <vector>

#include "engine/hands/hand_eval.hpp"
#include "engine/hands/multiset_index.hpp"
#include "engine/hands/rank_logic.hpp"

namespace parlor::hands {
namespace detail {

struct PokerTable {
  std::vector<std::uint32_t> strength;  // [2 * multiset index + suited]
  std::array<Category, 16> categories{};

  explicit PokerTable(const PokerRules& rules)
      : strength(2 * static_cast<std::size_t>(multiset_count(5))) {
    const PokerRanking ranking(rules);
    categories = ranking.categories();
    for_each_multiset<5>([&](std::uint32_t index, const RankCounts& counts, int jokers) {
      bool possible = true;  // only ranks of the deck in use, at most four of each
      bool distinct = true;
      for (int rank = 2; rank <= kAce; ++rank) {
        possible = possible && counts[rank] <= 4 && (rank >= rules.lowest_rank || !counts[rank]);
        distinct = distinct && counts[rank] <= 1;
      }
      if (!possible) return;
      const auto plain = ranking.by_counts(counts, jokers, false).strength;
      strength[2 * index] = plain;
      strength[2 * index + 1] = distinct ? ranking.by_counts(counts, jokers, true).strength : plain;
    });
  }
};

}  // namespace detail

namespace {

// One table per rule set, built on first use and kept for the life of the program (there
// are 48 rule sets that matter to ranking).
std::shared_ptr<const detail::PokerTable> table_for(const PokerRules& rules) {
  static std::mutex mutex;
  static std::map<std::tuple<int, Figures, bool>, std::shared_ptr<const detail::PokerTable>> tables;
  const std::lock_guard<std::mutex> lock(mutex);
  auto& table = tables[{rules.lowest_rank, rules.figures, rules.ace_straight_over_flush}];
  if (!table) table = std::make_shared<const detail::PokerTable>(rules);
  return table;
}

}  // namespace

PokerEvaluator::PokerEvaluator(const PokerRules& rules) : rules_(rules), table_(table_for(rules)) {
  // Every order starts high card, one pair; a pair's first rank field is the pair's rank.
  jacks_ = 1U << detail::kPokerOrderShift | static_cast<std::uint32_t>(kJack) << 17;
}

HandRank PokerEvaluator::evaluate(std::span<const Card, 5> cards) const {
  const detail::HandKey key = detail::hand_key<5>(cards);
  HandRank rank;
  rank.strength = table_->strength[2 * key.index + key.suited];
  rank.category = table_->categories[rank.strength >> detail::kPokerOrderShift];
  rank.jokers = static_cast<std::uint8_t>(key.jokers);
  return rank;
}

}  // namespace parlor::hands
