// Hand evaluation for Perico (five and six cards) and Poker.
// Rules: ../shared/rules/perico.md ("Hand ranking") and ../shared/rules/poker.md
// ("Hand ranking"). Each evaluator returns one strength value that encodes the game's
// whole comparison order: greater wins, equal ties.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "engine/core/card.hpp"

namespace parlor::hands {

// Every category name of both games (snake_case as in the rules files).
enum class Category : std::uint8_t {
  kHighCard,
  kOnePair,
  kTwoPair,
  kThreePair,
  kThreeOfAKind,
  kOldHouse,
  kStraight,
  kFlush,
  kFullHouse,
  kFourOfAKind,
  kCrazyHouse,
  kNewHouse,
  kFiveOfAKind,
  kStraightFlush,
  kSixOfAKind,
  kRoyalFlush,
  kFigures,
};

std::string_view category_name(Category category);

struct HandRank {
  std::uint32_t strength = 0;  // greater wins, equal ties
  Category category = Category::kHighCard;
  std::uint8_t jokers = 0;  // jokers held (Poker: including a dead second joker)
  bool complete = false;    // Perico: royal flush or five/six of a kind
};

// Perico. Cards: standard cards and jokers; callers guarantee the count and a
// possible hand (no standard card twice).
HandRank evaluate_perico5(std::span<const Card, 5> cards);
HandRank evaluate_perico6(std::span<const Card, 6> cards);

enum class Figures : std::uint8_t { kOff, kBelowTrio, kByDeck };

struct PokerRules {
  int lowest_rank = 2;  // 2 (52 cards), 5 (40), 6 (36), 7 (32), or rule of 11
  Figures figures = Figures::kOff;
  bool ace_straight_over_flush = false;

  // Stripped size without jokers: "40 cards or fewer" puts the flush over the full house.
  int deck_size() const { return (kAce - lowest_rank + 1) * 4; }
};

// Poker: builds its tables once for a rule set; evaluate() is then cheap.
class PokerEvaluator {
 public:
  explicit PokerEvaluator(const PokerRules& rules);
  HandRank evaluate(std::span<const Card, 5> cards) const;
  const PokerRules& rules() const { return rules_; }

 private:
  PokerRules rules_;
  // Implementation tables live here (added by the hand-evaluation work).
};

}  // namespace parlor::hands
