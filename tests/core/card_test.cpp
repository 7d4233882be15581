#include <gtest/gtest.h>

#include "engine/core/card.hpp"
#include "engine/core/deck.hpp"

namespace parlor {
namespace {

TEST(CardNotation, EveryStandardCardRoundTrips) {
  for (Card card : standard_deck(1)) {
    auto parsed = parse_card(card.str());
    ASSERT_TRUE(parsed.ok()) << card.str();
    EXPECT_EQ(*parsed, card);
  }
}

TEST(CardNotation, EveryTarotCardRoundTrips) {
  for (Card card : tarot_deck()) {
    auto parsed = parse_card(card.str(), Notation::kTarot);
    ASSERT_TRUE(parsed.ok()) << card.str();
    EXPECT_EQ(*parsed, card);
  }
}

TEST(CardNotation, CanonicalFormsAndRanks) {
  EXPECT_EQ(Card::standard(kAce, Suit::kSpades).str(), "AS");
  EXPECT_EQ(Card::standard(10, Suit::kDiamonds).str(), "TD");
  EXPECT_EQ(Card::standard(7, Suit::kClubs).str(), "7C");
  EXPECT_EQ(Card::joker().str(), "JK");
  EXPECT_EQ(Card::tarot(kTarotKnight, TarotSuit::kBatons).str(), "CB");
  EXPECT_EQ(Card::tarot(kJack, TarotSuit::kCups).str(), "JC");
  EXPECT_EQ(Card::trump(21).str(), "T21");
  EXPECT_EQ(Card::fool().str(), "FOOL");
  EXPECT_EQ(parse_card("qh")->rank(), kQueen);
  EXPECT_EQ(parse_card("qh")->suit(), Suit::kHearts);
}

TEST(CardNotation, InputIsCaseInsensitiveAndAcceptsTen) {
  EXPECT_EQ(*parse_card("as"), *parse_card("AS"));
  EXPECT_EQ(*parse_card("10h"), Card::standard(10, Suit::kHearts));
  EXPECT_EQ(*parse_card("jk"), Card::joker());
  EXPECT_EQ(*parse_card("10S", Notation::kTarot), Card::tarot(10, TarotSuit::kSwords));
  EXPECT_EQ(*parse_card("fool", Notation::kTarot), Card::fool());
  EXPECT_EQ(*parse_card("t7", Notation::kTarot), Card::trump(7));
}

TEST(CardNotation, TheSameTextMeansDifferentCardsByNotation) {
  // "TS" is the ten of spades in standard notation and the ten of swords in tarot.
  EXPECT_TRUE(parse_card("TS")->is_standard());
  EXPECT_TRUE(parse_card("TS", Notation::kTarot)->is_tarot_suit_card());
}

TEST(CardNotation, RejectsEverythingElseWithBadCard) {
  for (const char* text :
       {"", "A", "1S", "11S", "AX", "ZS", "ASS", "J K", "10", "JKK", "T1", "FOOL", "CB", "0S"}) {
    auto parsed = parse_card(text);
    ASSERT_FALSE(parsed.ok()) << "'" << text << "' parsed as a standard card";
    EXPECT_EQ(parsed.error().code, "bad_card");
    EXPECT_NE(parsed.error().message.find(text), std::string::npos) << parsed.error().message;
  }
  for (const char* text : {"JK", "T0", "T22", "T01", "T100", "AH", "FOO", "1S", "XB"}) {
    EXPECT_FALSE(parse_card(text, Notation::kTarot).ok()) << "'" << text << "' parsed as tarot";
  }
}

TEST(CardNotation, ListsAndArrays) {
  auto cards = parse_card_list("  AS kd 10c JK ");
  ASSERT_TRUE(cards.ok());
  EXPECT_EQ(cards_to_string(*cards), "AS KD TC JK");
  EXPECT_EQ(cards_to_json(*cards), Json({"AS", "KD", "TC", "JK"}));
  EXPECT_FALSE(parse_card_list("AS XX").ok());
  EXPECT_FALSE(parse_card_array(Json("AS")).ok());
  EXPECT_FALSE(parse_card_array(Json::array({"AS", 5})).ok());
  EXPECT_EQ(parse_card_array(Json::array({"as", "2c"}))->size(), 2u);
}

}  // namespace
}  // namespace parlor
