#include "engine/perico/perico_strategy.hpp"

#include <algorithm>
#include <bit>
#include <optional>

#include "engine/perico/perico_rules.hpp"

namespace parlor::perico {

std::size_t best_discard_index(std::span<const Card> hand) {
  std::optional<std::size_t> best;
  std::uint32_t best_strength = 0;
  for (std::size_t i = hand.size(); i-- > 0;) {
    if (hand[i].is_joker()) continue;
    std::vector<Card> kept(hand.begin(), hand.end());
    kept.erase(kept.begin() + static_cast<std::ptrdiff_t>(i));
    const std::uint32_t strength = rank_hand(kept).strength;
    if (!best || strength > best_strength) {
      best = i;
      best_strength = strength;
    }
  }
  return best.value_or(hand.size() - 1);
}

std::vector<Card> jokers_below(std::vector<Card> discards) {
  std::stable_partition(discards.begin(), discards.end(), [](Card c) { return c.is_joker(); });
  return discards;
}

std::optional<TakePlan> best_take_of(std::span<const Card> hand, std::span<const Card> pile,
                                     int count, bool allow_joker_on_top) {
  std::optional<TakePlan> best;
  const unsigned n = static_cast<unsigned>(hand.size());
  if (count < 1 || static_cast<std::size_t>(count) > pile.size()) return best;
  for (unsigned mask = 0; mask < (1u << n); ++mask) {
    if (std::popcount(mask) != count) continue;
    std::vector<Card> discards;
    std::vector<Card> after;
    for (unsigned i = 0; i < n; ++i) {
      ((mask >> i) & 1u ? discards : after).push_back(hand[i]);
    }
    discards = jokers_below(std::move(discards));
    if (discards.back().is_joker() && !allow_joker_on_top) continue;
    after.insert(after.end(), pile.begin(), pile.begin() + count);
    hands::HandRank rank = rank_hand(after);
    if (!best || rank.strength > best->result.strength) {
      best = TakePlan{count, std::move(discards), rank};
    }
  }
  return best;
}

std::optional<TakePlan> best_take(std::span<const Card> hand, std::span<const Card> pile,
                                  int take_max, bool allow_joker_on_top) {
  std::optional<TakePlan> best;
  for (int count = 1; count <= take_max; ++count) {
    std::optional<TakePlan> plan = best_take_of(hand, pile, count, allow_joker_on_top);
    if (plan && (!best || plan->result.strength > best->result.strength)) best = std::move(plan);
  }
  return best;
}

}  // namespace parlor::perico
