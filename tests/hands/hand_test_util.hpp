// Helpers shared by the hand-evaluation tests.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "engine/core/card.hpp"
#include "engine/hands/hand_eval.hpp"

namespace parlor::hands::testing {

inline std::vector<Card> cards(const std::string& text) {
  auto parsed = parse_card_list(text);
  if (!parsed) throw std::runtime_error("test hand '" + text + "': " + parsed.error().message);
  return parsed.value();
}

inline HandRank perico5(const std::vector<Card>& hand) {
  return evaluate_perico5(std::span<const Card, 5>(hand.data(), 5));
}
inline HandRank perico6(const std::vector<Card>& hand) {
  return evaluate_perico6(std::span<const Card, 6>(hand.data(), 6));
}
inline HandRank perico(const std::vector<Card>& hand) {
  return hand.size() == 5 ? perico5(hand) : perico6(hand);
}
inline HandRank perico(const std::string& text) { return perico(cards(text)); }

inline HandRank poker(const PokerEvaluator& evaluator, const std::vector<Card>& hand) {
  return evaluator.evaluate(std::span<const Card, 5>(hand.data(), 5));
}

inline PokerRules poker_rules(int deck, Figures figures = Figures::kOff,
                              bool ace_straight_over_flush = false) {
  PokerRules rules;
  rules.lowest_rank = kAce + 1 - deck / 4;
  rules.figures = figures;
  rules.ace_straight_over_flush = ace_straight_over_flush;
  return rules;
}

// The standard cards of ranks lowest..A.
inline std::vector<Card> standard_cards(int lowest_rank) {
  std::vector<Card> deck;
  for (int rank = lowest_rank; rank <= kAce; ++rank) {
    for (int suit = 0; suit < 4; ++suit) deck.push_back(Card::standard(rank, Suit(suit)));
  }
  return deck;
}

// Calls visit(hand, jokers) for every hand of `size` cards: each set of size - j cards of
// `deck` plus j jokers, for j = 0..max_jokers (jokers are interchangeable, so a hand
// with j jokers stands for C(deck jokers, j) hands of a deck with distinct jokers).
inline void for_each_hand(const std::vector<Card>& deck, int size, int max_jokers,
                          const std::function<void(const std::vector<Card>&, int)>& visit) {
  const int n = static_cast<int>(deck.size());
  std::vector<Card> hand(static_cast<std::size_t>(size));
  for (int jokers = 0; jokers <= std::min(max_jokers, size); ++jokers) {
    const int naturals = size - jokers;
    for (int j = 0; j < jokers; ++j) hand[naturals + j] = Card::joker();
    std::vector<int> index(static_cast<std::size_t>(naturals));
    for (int i = 0; i < naturals; ++i) index[i] = i;
    while (true) {
      for (int i = 0; i < naturals; ++i) hand[i] = deck[index[i]];
      visit(hand, jokers);
      int i = naturals - 1;
      while (i >= 0 && index[i] == n - naturals + i) --i;
      if (i < 0) break;
      ++index[i];
      for (int k = i + 1; k < naturals; ++k) index[k] = index[k - 1] + 1;
    }
  }
}

inline std::uint64_t choose(int n, int k) {
  if (k < 0 || k > n) return 0;
  std::uint64_t result = 1;
  for (int i = 1; i <= k; ++i) result = result * static_cast<std::uint64_t>(n - k + i) / i;
  return result;
}

}  // namespace parlor::hands::testing
