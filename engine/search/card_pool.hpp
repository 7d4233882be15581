// What a determinizer counts with: the cards a seat has not seen (a deck less every card
// the view shows; decks may hold copies, so it is a multiset), and a deal of those cards
// to the places the view gives only a count for.
#pragma once

#include <optional>
#include <vector>

#include "engine/core/card.hpp"
#include "engine/core/game.hpp"

namespace parlor::search {

// `deck` less one copy of each of `seen`; nullopt when `seen` holds a card the deck
// has run out of (a view that no deal could give).
std::optional<std::vector<Card>> unseen_cards(std::vector<Card> deck,
                                              const std::vector<Card>& seen);

// The cards of a JSON array of card strings; nullopt when one is not a card.
std::optional<std::vector<Card>> cards_in(const Json& list,
                                          Notation notation = Notation::kStandard);

// Shuffles `pool` with `rng` and cuts piles of `sizes` from it, in order (cards left over
// belong nowhere). False when the pool is too small.
bool deal_out(std::vector<Card> pool, const std::vector<std::size_t>& sizes, Rng& rng,
              std::vector<std::vector<Card>>& piles);

}  // namespace parlor::search
