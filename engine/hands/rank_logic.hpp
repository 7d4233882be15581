// The exact ranking rules, worked out from a hand's rank counts (internal to parlor_hands).
//
// A Perico or Poker hand's strength depends only on the multiset of its natural ranks,
// its number of jokers, and whether all its natural cards share one suit. These functions
// compute that strength directly from the rules; the evaluators precompute them into
// tables (perico_eval.cpp, poker_eval.cpp), so speed does not matter here, clarity does.
//
// Strength layout (greater wins):
//   Perico: order << 27 | (7 - jokers) << 24 | six 4-bit ranks, first at bits 20..23
//   Poker:  order << 21 | five 4-bit ranks, first at bits 17..20  << 1 | natural
// where `order` is the category's place in the game's order (0 = high card) and the
// ranks are the tie-break sequence, left-aligned (a missing rank or a joker ranked
// "below every card" is 0).
#pragma once

#include <array>
#include <cstdint>

#include "engine/hands/hand_eval.hpp"

namespace parlor::hands::detail {

using RankCounts = std::array<std::uint8_t, 15>;  // index = rank 2..14; 0 and 1 unused

struct Ranked {
  std::uint32_t strength = 0;
  Category category = Category::kHighCard;
};

inline constexpr int kPericoOrderShift = 27;
inline constexpr int kPokerOrderShift = 21;

// hand_size is 5 or 6; naturals + jokers == hand_size. `suited`: every natural card has
// the same suit (true when there are no naturals).
Ranked perico_by_counts(const RankCounts& naturals, int jokers, bool suited, int hand_size);

// Poker's ranking under one rule set. by_counts: naturals + jokers == 5, every natural
// rank within the rules' deck. The first joker counts, any other is dead.
class PokerRanking {
 public:
  explicit PokerRanking(const PokerRules& rules);
  Ranked by_counts(const RankCounts& naturals, int jokers, bool suited) const;
  // The category at each order index (index = strength >> kPokerOrderShift).
  const std::array<Category, 16>& categories() const { return categories_; }

 private:
  std::uint32_t key(const RankCounts& counts, bool suited, int live) const;

  PokerRules rules_;
  std::array<int, 16> class_order_{};  // order index by internal class, -1 if absent
  std::array<Category, 16> categories_{};
};

inline Ranked poker_by_counts(const RankCounts& naturals, int jokers, bool suited,
                              const PokerRules& rules) {
  return PokerRanking(rules).by_counts(naturals, jokers, suited);
}

// The category at each order index (index = strength >> kPericoOrderShift), and how
// many categories the game has.
const std::array<Category, 16>& perico_order(int hand_size);
int perico_category_count(int hand_size);

}  // namespace parlor::hands::detail
