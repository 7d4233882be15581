// Hand evaluation for Perico (five and six cards) and Poker.
// Rules: ../shared/rules/perico.md ("Hand ranking") and ../shared/rules/poker.md
// ("Hand ranking"). Each evaluator returns one strength value that encodes the game's
// whole comparison order: greater wins, equal ties.
//
// Perico: category, then fewer jokers, then ranks (straights, flushes and high cards card
// by card with every joker below a 2; book hands by book with jokers inside the books).
// Poker: category (its order depends on PokerRules), then ranks (jokers stand for the
// card that makes the hand best), then the natural hand over the one with a joker. Only
// one joker counts in Poker; a second one is dead (a kicker below every card).
//
// Strengths compare only within one game (and, for Poker, one rule set).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "engine/core/card.hpp"

namespace parlor::hands {

namespace detail {
struct PokerTable;
}

// Every category name of both games (snake_case as in the rules files). The enum's order
// is not a game's order: compare HandRank::strength, never categories.
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
// possible hand (no standard card twice). Any number of jokers is evaluated (the decks
// hold 2 and 4).
HandRank evaluate_perico5(std::span<const Card, 5> cards);
HandRank evaluate_perico6(std::span<const Card, 6> cards);
// Builds both Perico tables now (they are otherwise built by the first evaluation).
void build_perico_tables();

enum class Figures : std::uint8_t { kOff, kBelowTrio, kByDeck };

struct PokerRules {
  int lowest_rank = 2;  // 2 (52 cards), 5 (40), 6 (36), 7 (32), or rule of 11: 2..9 all work
  Figures figures = Figures::kOff;
  bool ace_straight_over_flush = false;

  // Stripped size without jokers: "40 cards or fewer" puts the flush over the full house.
  // Jokers never count towards it (a 40-card deck with two jokers is still "40 cards").
  int deck_size() const { return (kAce - lowest_rank + 1) * 4; }
  bool flush_over_full_house() const { return deck_size() <= 40; }
};

// Poker: evaluate() is one table lookup. Cards: standard cards of the deck in use (ranks
// lowest_rank..A) and jokers (the decks hold up to two); callers guarantee a possible
// hand. The table for a rule set is built on first use (tens of milliseconds) and shared
// by every evaluator of those rules; evaluators are cheap to copy and thread-safe.
class PokerEvaluator {
 public:
  explicit PokerEvaluator(const PokerRules& rules);
  HandRank evaluate(std::span<const Card, 5> cards) const;
  const PokerRules& rules() const { return rules_; }

  // At least a pair of jacks in the current order (jokers count): what opening needs.
  bool jacks_or_better(const HandRank& rank) const { return rank.strength >= jacks_; }

 private:
  PokerRules rules_;
  std::uint32_t jacks_ = 0;                          // the least strength of a pair of jacks
  std::shared_ptr<const detail::PokerTable> table_;  // see poker_eval.cpp
};

}  // namespace parlor::hands
