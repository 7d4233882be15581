// Perico's evaluators: one lookup in a table of every multiset of card types
// (multiset_index.hpp), filled from the rules by rank_logic.cpp on first use.
#include <vector>

#include "engine/hands/hand_eval.hpp"
#include "engine/hands/multiset_index.hpp"
#include "engine/hands/rank_logic.hpp"

namespace parlor::hands {
namespace {

template <int N>
class PericoTable {
 public:
  PericoTable() : strength_(2 * static_cast<std::size_t>(detail::multiset_count(N))) {
    detail::for_each_multiset<N>(
        [&](std::uint32_t index, const detail::RankCounts& counts, int jokers) {
          bool possible = true;  // a multiset with five of a rank is no hand
          bool distinct = true;
          for (int count : counts) {
            possible = possible && count <= 4;
            distinct = distinct && count <= 1;
          }
          if (!possible) return;
          const auto plain = detail::perico_by_counts(counts, jokers, false, N).strength;
          strength_[2 * index] = plain;
          strength_[2 * index + 1] =
              distinct ? detail::perico_by_counts(counts, jokers, true, N).strength : plain;
        });
  }

  HandRank evaluate(std::span<const Card, N> cards) const {
    static const auto& kCategories = detail::perico_order(N);
    static const std::uint32_t kFirstComplete = detail::perico_category_count(N) - 2;
    const detail::HandKey key = detail::hand_key<N>(cards);
    HandRank rank;
    rank.strength = strength_[2 * key.index + key.suited];
    const std::uint32_t order = rank.strength >> detail::kPericoOrderShift;
    rank.category = kCategories[order];
    rank.jokers = static_cast<std::uint8_t>(key.jokers);
    // The two highest categories are the complete ones: royal flush and five (six) of a
    // kind.
    rank.complete = order >= kFirstComplete;
    return rank;
  }

 private:
  std::vector<std::uint32_t> strength_;  // [2 * multiset index + suited]
};

template <int N>
const PericoTable<N>& table() {
  static const PericoTable<N> kTable;
  return kTable;
}

}  // namespace

HandRank evaluate_perico5(std::span<const Card, 5> cards) { return table<5>().evaluate(cards); }
HandRank evaluate_perico6(std::span<const Card, 6> cards) { return table<6>().evaluate(cards); }

void build_perico_tables() {
  table<5>();
  table<6>();
}

}  // namespace parlor::hands
