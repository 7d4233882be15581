#include <gtest/gtest.h>

#include <set>

#include "engine/core/deck.hpp"

namespace parlor {
namespace {

int count_if_card(const std::vector<Card>& deck, bool (*pred)(Card)) {
  int n = 0;
  for (Card c : deck) n += pred(c) ? 1 : 0;
  return n;
}

TEST(Decks, StandardWithJokers) {
  for (int jokers : {0, 1, 2, 4}) {
    auto deck = standard_deck(jokers);
    EXPECT_EQ(deck.size(), 52u + jokers);
    EXPECT_EQ(count_if_card(deck, [](Card c) { return c.is_joker(); }), jokers);
    std::set<Card> distinct(deck.begin(), deck.end());
    EXPECT_EQ(distinct.size(), 52u + (jokers > 0 ? 1 : 0));
  }
}

TEST(Decks, StrippedDecksKeepTheTopRanks) {
  struct Case {
    int lowest;
    std::size_t size;
  };
  for (Case c : {Case{5, 40}, Case{6, 36}, Case{7, 32}, Case{9, 24}}) {
    auto deck = stripped_deck(c.lowest);
    EXPECT_EQ(deck.size(), c.size);
    for (Card card : deck) EXPECT_GE(card.rank(), c.lowest);
    EXPECT_EQ(std::set<Card>(deck.begin(), deck.end()).size(), c.size);
  }
  EXPECT_EQ(stripped_deck(7, 2).size(), 34u);
}

TEST(Decks, CariocaDoubleDeck) {
  auto deck = double_deck_with_jokers();
  EXPECT_EQ(deck.size(), 108u);
  auto counts = card_counts(deck);
  for (Card card : standard_deck()) EXPECT_EQ(counts[card.code()], 2) << card.str();
  EXPECT_EQ(counts[Card::joker().code()], 4);
}

TEST(Decks, TarotDeck) {
  auto deck = tarot_deck();
  EXPECT_EQ(deck.size(), 78u);
  EXPECT_EQ(std::set<Card>(deck.begin(), deck.end()).size(), 78u);
  EXPECT_EQ(count_if_card(deck, [](Card c) { return c.is_trump(); }), 21);
  EXPECT_EQ(count_if_card(deck, [](Card c) { return c.is_fool(); }), 1);
  EXPECT_EQ(count_if_card(deck, [](Card c) { return c.is_tarot_suit_card(); }), 56);
  EXPECT_EQ(
      count_if_card(deck, [](Card c) { return c.rank() == kTarotAce && c.is_tarot_suit_card(); }),
      4);
}

}  // namespace
}  // namespace parlor
