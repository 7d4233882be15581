// Loc's two decks and the one order every comparison in Loc uses
// (../shared/rules/loc.md).
//
// Standard: Joker > A K Q J T 9 ... 2, equal ranks by suit spades > hearts > diamonds >
// clubs (so the aces rank AS > AH > AD > AC). Tarot: the Fool > T21 > ... > T1 > suit
// cards A K Q C(Knight) J(Jack) T 9 ... 2, equal ranks by suit Swords > Cups > Coins >
// Batons. The pot-takers (Joker and aces; trumps, Fool and aces) rank above every other
// card, so "a pot-taker wins, else the highest card is excused" and "the highest card
// takes the pot" are both decided by this single order.
#pragma once

#include <string>
#include <vector>

#include "engine/core/card.hpp"

namespace parlor::loc {

enum class DeckKind { kStandard, kTarot };

DeckKind deck_kind_from_name(const std::string& name);  // "standard" | "tarot"
std::string deck_name(DeckKind deck);
Notation deck_notation(DeckKind deck);

// The full deck: 52 + Joker (53) or the 78-card tarot.
std::vector<Card> loc_deck(DeckKind deck);

// A number that orders every card of both decks; higher beats lower, never equal for
// two different cards.
int card_strength(Card card);

// The Joker, an ace, a trump or the Fool: shown in plays 1-4, it takes the pot.
bool takes_pot(Card card);

// The weakest card of `cards` (non-empty): what a timed-out seat gives up.
Card weakest(const std::vector<Card>& cards);
// The strongest card of `cards` (non-empty).
Card strongest(const std::vector<Card>& cards);

}  // namespace parlor::loc
