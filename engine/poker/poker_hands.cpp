#include "engine/poker/poker_hands.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <mutex>
#include <span>
#include <tuple>

namespace parlor::poker {

int count_jokers(const std::vector<Card>& cards) {
  return static_cast<int>(std::count(cards.begin(), cards.end(), Card::joker()));
}

std::shared_ptr<const hands::PokerEvaluator> evaluator_for(const hands::PokerRules& rules) {
  static std::mutex mutex;
  static std::map<std::tuple<int, int, bool>, std::shared_ptr<const hands::PokerEvaluator>> cache;
  const auto key = std::make_tuple(rules.lowest_rank, static_cast<int>(rules.figures),
                                   rules.ace_straight_over_flush);
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache.find(key);
  if (it == cache.end()) {
    it = cache.emplace(key, std::make_shared<const hands::PokerEvaluator>(rules)).first;
  }
  return it->second;
}

hands::HandRank evaluate_hand(const hands::PokerEvaluator& evaluator,
                              const std::vector<Card>& hand) {
  std::array<Card, 5> cards{};
  std::copy_n(hand.begin(), 5, cards.begin());
  return evaluator.evaluate(std::span<const Card, 5>(cards));
}

std::uint32_t opening_threshold(const hands::PokerEvaluator& evaluator, int jokers) {
  const int lowest = evaluator.rules().lowest_rank;
  std::vector<int> others;
  for (int rank = lowest; rank <= kAce; ++rank) {
    if (rank != kJack) others.push_back(rank);
  }
  // Natural: J J and the three lowest other ranks, suits mixed so no flush.
  std::vector<Card> natural = {
      Card::standard(kJack, Suit::kClubs), Card::standard(kJack, Suit::kDiamonds),
      Card::standard(others[0], Suit::kHearts), Card::standard(others[1], Suit::kSpades),
      Card::standard(others[2], Suit::kHearts)};
  std::uint32_t threshold = evaluate_hand(evaluator, natural).strength;
  if (jokers == 0) return threshold;
  std::vector<int> below;
  for (int rank : others) {
    if (rank < kJack) below.push_back(rank);
  }
  const std::size_t n = below.size();
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = a + 1; b < n; ++b) {
      for (std::size_t c = b + 1; c < n; ++c) {
        std::vector<Card> hand = {Card::standard(kJack, Suit::kClubs), Card::joker(),
                                  Card::standard(below[a], Suit::kHearts),
                                  Card::standard(below[b], Suit::kSpades),
                                  Card::standard(below[c], Suit::kHearts)};
        hands::HandRank rank = evaluate_hand(evaluator, hand);
        if (rank.category == hands::Category::kOnePair) {
          threshold = std::min(threshold, rank.strength);
        }
      }
    }
  }
  return threshold;
}

}  // namespace parlor::poker
