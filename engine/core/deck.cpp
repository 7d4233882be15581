#include "engine/core/deck.hpp"

namespace parlor {

std::vector<Card> stripped_deck(int lowest_rank, int jokers) {
  std::vector<Card> deck;
  for (int suit = 0; suit < 4; ++suit) {
    for (int rank = lowest_rank; rank <= kAce; ++rank) {
      deck.push_back(Card::standard(rank, static_cast<Suit>(suit)));
    }
  }
  for (int i = 0; i < jokers; ++i) deck.push_back(Card::joker());
  return deck;
}

std::vector<Card> standard_deck(int jokers) { return stripped_deck(2, jokers); }

std::vector<Card> double_deck_with_jokers() {
  std::vector<Card> deck = standard_deck(2);
  std::vector<Card> second = standard_deck(2);
  deck.insert(deck.end(), second.begin(), second.end());
  return deck;
}

std::vector<Card> tarot_deck() {
  std::vector<Card> deck;
  for (int suit = 0; suit < 4; ++suit) {
    for (int rank = 2; rank <= kTarotAce; ++rank) {
      deck.push_back(Card::tarot(rank, static_cast<TarotSuit>(suit)));
    }
  }
  for (int n = 1; n <= 21; ++n) deck.push_back(Card::trump(n));
  deck.push_back(Card::fool());
  return deck;
}

std::vector<int> card_counts(const std::vector<Card>& cards) {
  std::vector<int> counts(256, 0);
  for (Card card : cards) ++counts[card.code()];
  return counts;
}

}  // namespace parlor
