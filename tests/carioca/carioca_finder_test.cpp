// The meld finder the bots use: it must find the contract when the hand holds it, lay
// down as much as it can, never invent an invalid lowering, and stay fast.
#include <gtest/gtest.h>

#include <chrono>

#include "engine/carioca/carioca_finder.hpp"
#include "engine/core/deck.hpp"
#include "tests/carioca/carioca_test_util.hpp"

namespace parlor::carioca {
namespace {

using testing::cards;

// The lowering is valid for the contract and uses cards the hand holds.
void expect_valid(const std::vector<Card>& hand, const Lowering& lowering, int round,
                  const MeldRules& rules = {}) {
  std::vector<Meld> melds;
  for (const auto& meld_cards : lowering.melds) {
    auto meld = new_meld(meld_cards, rules);
    ASSERT_TRUE(meld.ok()) << cards_to_string(meld_cards) << ": " << meld.error().message;
    melds.push_back(*meld);
  }
  EXPECT_FALSE(check_contract(melds, contract_for_round(round)).has_value());
  std::vector<Card> rest = cards_left(hand, lowering);
  EXPECT_EQ(rest.size() + static_cast<std::size_t>(lowering.cards_used), hand.size());
}

std::optional<Lowering> find(const std::string& hand, int round, const MeldRules& rules = {}) {
  auto found = find_lowering(cards(hand), contract_for_round(round), rules);
  if (found) expect_valid(cards(hand), *found, round, rules);
  return found;
}

// How many cards the lowering `find` finds uses; nothing when it finds none.
std::optional<int> cards_used(const std::string& hand, int round) {
  auto found = find(hand, round);
  if (!found) return std::nullopt;
  return found->cards_used;
}

TEST(CariocaFinder, FindsTwoTriosAndTakesAllTheirCards) {
  EXPECT_EQ(cards_used("7C 7D 7H 7S KC KD KH 2C 5D 9H JS", 1), 7);
}

TEST(CariocaFinder, NoContractNoLowering) {
  EXPECT_FALSE(find("7C 7D KH KS 2C 5D 9H JS 3C 4D 6H", 1));
  EXPECT_FALSE(find("2C 3C 4C 6C 8D 9D TD 2H 5H 8S KS", 3));
}

TEST(CariocaFinder, AJokerCompletesAPairOrAGap) {
  EXPECT_EQ(cards_used("7C 7D JK KC KD KH 2C 5D 9H JS 3S", 1), 6);
  EXPECT_EQ(cards_used("2C 3C JK 5C 8D 9D TD JD 2H 5H KS", 3), 8);
}

TEST(CariocaFinder, LongestStraightsAndSpareCards) {
  EXPECT_EQ(cards_used("3H 4H 5H 6H 7H 8H 9H QS QD QC 2C", 2), 10);
}

TEST(CariocaFinder, KeepsATrioCardOutOfAStraight) {
  // 8H could lengthen the straight but is needed for the trio of eights.
  EXPECT_EQ(cards_used("4H 5H 6H 7H 8H 8C JK 2S 9D KD 3C", 2), 7);
}

TEST(CariocaFinder, RoundTheCornerOnlyWithTheOption) {
  EXPECT_TRUE(find("QD KD AD 2D 5C 6C 7C 8C 9S 9H 4S", 3, MeldRules{true}));
  EXPECT_FALSE(find("QD KD AD 2D 5C 6C 7C 8C 9S 9H 4S", 3, MeldRules{false}));
}

TEST(CariocaFinder, GoesOutInTheLastRounds) {
  EXPECT_EQ(cards_used("2C 2D 2H 5C 5D 5S 9C 9H JK KC KD KS", 7), 12);
  auto three_straights = find("AS 2S 3S 4S 5S 6H 7H 8H 9H TD JD QD KD JK", 8);
  ASSERT_TRUE(three_straights);
  EXPECT_GE(three_straights->cards_used, 13);
}

TEST(CariocaFinder, SameSuitStraightsFromTheDoubleDeck) {
  EXPECT_EQ(cards_used("4C 5C 6C 7C 4C 5C 6C 7C 9D 9H KS", 3), 8);
}

TEST(CariocaFinder, StaysFastAndValidOnRandomHands) {
  Rng rng(Seed::from_u64(5), 0);
  auto start = std::chrono::steady_clock::now();
  int found = 0;
  for (int i = 0; i < 400; ++i) {
    std::vector<Card> deck = double_deck_with_jokers();
    rng.shuffle(deck);
    int size = 11 + static_cast<int>(rng.below(20));  // hands grown by stealing too
    std::vector<Card> hand(deck.begin(), deck.begin() + size);
    int round = 1 + i % kRounds;
    auto lowering = find_lowering(hand, contract_for_round(round), MeldRules{});
    if (lowering) {
      ++found;
      expect_valid(hand, *lowering, round);
    }
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_GT(found, 40);
  EXPECT_LT(seconds, 5.0);
  RecordProperty("finder_400_hands_ms", static_cast<int>(seconds * 1000));
}

}  // namespace
}  // namespace parlor::carioca
