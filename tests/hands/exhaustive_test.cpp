// Every hand of every game checked against the reference evaluator (label "exhaustive":
// a few minutes in a Release build on one core; hands_tests holds a sampled version).
//
// For each hand the fast evaluator must give the reference's category, joker count and
// completeness; and its strengths must order all hands exactly as the reference compares
// them (testing::Checker: equal reference keys share a strength, and strengths rise
// strictly with the keys, which covers every pair of hands at once).
#include <gtest/gtest.h>

#include <random>

#include "tests/hands/hand_check.hpp"
#include "tests/hands/hand_test_util.hpp"

namespace parlor::hands {
namespace {

using testing::Checker;
using testing::choose;

// Hands with j interchangeable jokers stand for C(deck jokers, j) hands of a deck whose
// jokers are told apart; weighting by that gives the counts.
std::uint64_t distinct_joker_weight(int deck_jokers, int jokers) {
  return choose(deck_jokers, jokers);
}

TEST(HandsExhaustive, PericoFiveCardEveryHand) {
  Checker checker;
  std::uint64_t weighted = 0;
  testing::for_each_hand(
      testing::standard_cards(2), 5, 2, [&](const std::vector<Card>& hand, int jokers) {
        weighted += distinct_joker_weight(2, jokers);
        auto ref = reference::perico(hand);
        checker.check(hand, testing::perico5(hand), ref, testing::perico_key(ref), true);
      });
  checker.check_order();
  EXPECT_EQ(weighted, 3'162'510U);  // C(54, 5)
  EXPECT_EQ(checker.failures(), 0) << checker.report();
}

TEST(HandsExhaustive, PericoSixCardEveryHand) {
  Checker checker;
  std::uint64_t weighted = 0;
  testing::for_each_hand(
      testing::standard_cards(2), 6, 4, [&](const std::vector<Card>& hand, int jokers) {
        weighted += distinct_joker_weight(4, jokers);
        auto ref = reference::perico(hand, reference::JokerDomain::kEveryRankTwoSuits);
        checker.check(hand, testing::perico6(hand), ref, testing::perico_key(ref), true);
      });
  checker.check_order();
  EXPECT_EQ(weighted, 32'468'436U);  // C(56, 6)
  EXPECT_EQ(checker.failures(), 0) << checker.report();
}

TEST(HandsExhaustive, PericoSixCardRandomPairs) {
  // Two million pairs dealt from the 56-card deck, compared with compare_perico.
  constexpr int kPairs = 2'000'000;
  std::mt19937_64 rng(56);
  std::vector<Card> deck = testing::standard_cards(2);
  for (int j = 0; j < 4; ++j) deck.push_back(Card::joker());
  auto deal = [&] {
    std::vector<Card> hand;
    for (int i = 0; i < 6; ++i) {
      std::uniform_int_distribution<std::size_t> pick(i, deck.size() - 1);
      std::swap(deck[i], deck[pick(rng)]);
      hand.push_back(deck[i]);
    }
    return hand;
  };
  int disagreements = 0;
  for (int i = 0; i < kPairs; ++i) {
    auto a = deal();
    auto b = deal();
    const int want =
        reference::compare_perico(reference::perico(a, reference::JokerDomain::kEveryRankTwoSuits),
                                  reference::perico(b, reference::JokerDomain::kEveryRankTwoSuits));
    const auto sa = testing::perico6(a).strength;
    const auto sb = testing::perico6(b).strength;
    const int got = sa < sb ? -1 : sa > sb ? 1 : 0;
    if (want != got && ++disagreements <= 5) {
      ADD_FAILURE() << cards_to_string(a) << " vs " << cards_to_string(b) << ": reference " << want
                    << ", fast " << got;
    }
  }
  EXPECT_EQ(disagreements, 0);
}

class PokerExhaustive : public ::testing::TestWithParam<int> {};

// Every hand of the deck with two jokers (which includes every hand of the decks with
// none or one) under every figures and ace_straight_over_flush setting.
TEST_P(PokerExhaustive, EveryHandEveryOrder) {
  const int lowest = GetParam();
  const auto deck = testing::standard_cards(lowest);
  for (Figures figures : {Figures::kOff, Figures::kBelowTrio, Figures::kByDeck}) {
    for (bool ace_over_flush : {false, true}) {
      const PokerRules rules =
          testing::poker_rules(static_cast<int>(deck.size()), figures, ace_over_flush);
      const PokerEvaluator evaluator(rules);
      Checker checker;
      std::uint64_t weighted = 0;
      testing::for_each_hand(deck, 5, 2, [&](const std::vector<Card>& hand, int jokers) {
        weighted += distinct_joker_weight(2, jokers);
        auto ref = reference::poker(hand, rules);
        checker.check(hand, testing::poker(evaluator, hand), ref, testing::poker_key(ref), false);
      });
      checker.check_order();
      const int cards = static_cast<int>(deck.size());
      EXPECT_EQ(weighted, choose(cards + 2, 5));
      EXPECT_EQ(checker.failures(), 0)
          << "deck " << cards << ", figures " << static_cast<int>(figures)
          << ", ace straight over flush " << ace_over_flush << ": " << checker.report();
    }
  }
}

// Lowest ranks 2 (52 cards), 5 (40), 6 (36), 7 (32) and the rule of 11's 4..9.
INSTANTIATE_TEST_SUITE_P(LowestRank, PokerExhaustive, ::testing::Range(2, 10),
                         [](const auto& info) {
                           return "deck" + std::to_string((kAce + 1 - info.param) * 4);
                         });

}  // namespace
}  // namespace parlor::hands
