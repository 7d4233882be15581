#include "engine/loc/loc_cards.hpp"

#include <algorithm>

#include "engine/core/deck.hpp"

namespace parlor::loc {
namespace {

// Bands that keep the three kinds of card apart: suit cards < trumps < Joker/Fool.
constexpr int kTrumpBand = 100;
constexpr int kTopCard = 200;

bool weaker(Card a, Card b) { return card_strength(a) < card_strength(b); }

}  // namespace

DeckKind deck_kind_from_name(const std::string& name) {
  return name == "tarot" ? DeckKind::kTarot : DeckKind::kStandard;
}

std::string deck_name(DeckKind deck) { return deck == DeckKind::kTarot ? "tarot" : "standard"; }

Notation deck_notation(DeckKind deck) {
  return deck == DeckKind::kTarot ? Notation::kTarot : Notation::kStandard;
}

std::vector<Card> loc_deck(DeckKind deck) {
  return deck == DeckKind::kTarot ? tarot_deck() : standard_deck(1);
}

int card_strength(Card card) {
  if (card.is_joker() || card.is_fool()) return kTopCard;
  if (card.is_trump()) return kTrumpBand + card.trump_number();
  // Card's suit enums already rise in Loc's suit order (clubs/Batons lowest).
  if (card.is_tarot_suit_card()) return card.rank() * 4 + static_cast<int>(card.tarot_suit());
  return card.rank() * 4 + static_cast<int>(card.suit());
}

bool takes_pot(Card card) {
  if (card.is_joker() || card.is_fool() || card.is_trump()) return true;
  if (card.is_tarot_suit_card()) return card.rank() == kTarotAce;
  return card.rank() == kAce;
}

Card weakest(const std::vector<Card>& cards) {
  return *std::min_element(cards.begin(), cards.end(), weaker);
}

Card strongest(const std::vector<Card>& cards) {
  return *std::max_element(cards.begin(), cards.end(), weaker);
}

}  // namespace parlor::loc
