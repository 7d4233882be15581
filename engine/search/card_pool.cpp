#include "engine/search/card_pool.hpp"

#include <algorithm>

namespace parlor::search {

std::optional<std::vector<Card>> unseen_cards(std::vector<Card> deck,
                                              const std::vector<Card>& seen) {
  for (Card card : seen) {
    auto it = std::find(deck.begin(), deck.end(), card);
    if (it == deck.end()) return std::nullopt;
    *it = deck.back();
    deck.pop_back();
  }
  std::sort(deck.begin(), deck.end());  // an order that depends on the cards only
  return deck;
}

std::optional<std::vector<Card>> cards_in(const Json& list, Notation notation) {
  if (!list.is_array()) return std::nullopt;
  auto cards = parse_card_array(list, notation);
  if (!cards) return std::nullopt;
  return std::move(*cards);
}

bool deal_out(std::vector<Card> pool, const std::vector<std::size_t>& sizes, Rng& rng,
              std::vector<std::vector<Card>>& piles) {
  std::size_t needed = 0;
  for (std::size_t size : sizes) needed += size;
  if (needed > pool.size()) return false;
  rng.shuffle(pool);
  piles.assign(sizes.size(), {});
  std::size_t next = 0;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    piles[i].assign(pool.begin() + static_cast<std::ptrdiff_t>(next),
                    pool.begin() + static_cast<std::ptrdiff_t>(next + sizes[i]));
    next += sizes[i];
  }
  return true;
}

}  // namespace parlor::search
