// The decks the five games use. A deck is an ordered list of cards; games shuffle it
// with an Rng (rng.hpp). Identical cards (jokers, Carioca's second copies) simply
// appear more than once.
#pragma once

#include <vector>

#include "engine/core/card.hpp"

namespace parlor {

// 52 standard cards, 2..A of every suit, plus `jokers` jokers (0, 1, 2 or 4).
std::vector<Card> standard_deck(int jokers = 0);

// The standard suits stripped below `lowest_rank` (5 → 40 cards, 6 → 36, 7 → 32),
// plus `jokers` jokers. Poker's rule of 11 is stripped_deck(11 - players).
std::vector<Card> stripped_deck(int lowest_rank, int jokers = 0);

// Carioca: two 52-card decks and four jokers, 108 cards.
std::vector<Card> double_deck_with_jokers();

// The 78-card tarot deck: four suits of 14 and trumps 1..21 and the Fool.
std::vector<Card> tarot_deck();

// How many times each card code appears (index = Card::code()); for conservation checks.
std::vector<int> card_counts(const std::vector<Card>& cards);

}  // namespace parlor
