// The rules file's examples and the pure rule helpers (perico_rules.hpp).
#include <gtest/gtest.h>

#include "engine/perico/perico_rules.hpp"

namespace parlor::perico {
namespace {

std::vector<Card> cards(std::string_view text) { return *parse_card_list(text); }

hands::HandRank rank(std::string_view text) { return rank_hand(cards(text)); }

std::string category(std::string_view text) {
  return std::string(hands::category_name(rank(text).category));
}

TEST(PericoRulesExamples, CompleteHands) {
  EXPECT_EQ(category("AS KS QS JS TS"), "royal_flush");
  EXPECT_TRUE(rank("AS KS QS JS TS").complete);
  EXPECT_EQ(category("AH AD AC AS JK"), "five_of_a_kind");
  EXPECT_TRUE(rank("AH AD AC AS JK").complete);
  EXPECT_EQ(category("AH AD AC JK JK"), "five_of_a_kind");
  EXPECT_TRUE(rank("AH AD AC JK JK").complete);
  EXPECT_FALSE(rank("AH AD AC KS JK").complete);
  EXPECT_TRUE(rank("AS KS QS JS TS 9S").complete);
  EXPECT_TRUE(rank("7S 7H 7D 7C JK JK").complete);
  EXPECT_FALSE(rank("7S 7H 7D 7C JK 2C").complete);  // five_of_a_kind is not complete in six
}

TEST(PericoRulesExamples, LowStraightBeatsKingHigh) {
  EXPECT_EQ(category("AC 2D 3H 4S 5C"), "straight");
  EXPECT_EQ(category("KC QD JH TS 9C"), "straight");
  EXPECT_GT(rank("AC 2D 3H 4S 5C").strength, rank("KC QD JH TS 9C").strength);
}

TEST(PericoRulesExamples, NoWrapAroundStraight) {
  EXPECT_EQ(category("KS AD 2H 3C 4D"), "high_card");
}

TEST(PericoRules, Variants) {
  EXPECT_EQ(five_card().hand_size, 5);
  EXPECT_EQ(five_card().jokers, 2);
  EXPECT_EQ(five_card().knock_threshold, 5);
  EXPECT_EQ(five_card().max_seats, 6);
  EXPECT_EQ(five_card().default_target, 5);
  EXPECT_EQ(six_card().hand_size, 6);
  EXPECT_EQ(six_card().jokers, 4);
  EXPECT_EQ(six_card().knock_threshold, 6);
  EXPECT_EQ(six_card().max_seats, 5);
  EXPECT_EQ(six_card().default_target, 6);
  EXPECT_EQ(find_variant("six_card"), &six_card());
  EXPECT_EQ(find_variant("seven_card"), nullptr);
}

TEST(PericoRules, TakeDiscardsComeFromTheCardsHeldBefore) {
  const auto held = cards("7C 8D 9S KH 2C");
  const auto taken = cards("QD 5S");
  auto err = check_take_discards(held, taken, cards("QD 7C"));
  ASSERT_TRUE(err);
  EXPECT_EQ(err->code, "card_just_taken");
  err = check_take_discards(held, taken, cards("7C AS"));
  ASSERT_TRUE(err);
  EXPECT_EQ(err->code, "card_not_held");
  err = check_take_discards(held, taken, cards("7C 7C"));
  ASSERT_TRUE(err);
  EXPECT_EQ(err->code, "card_not_held");
  EXPECT_FALSE(check_take_discards(held, taken, cards("7C 2C")));
  EXPECT_EQ(remove_cards(held, cards("7C 2C")), cards("8D 9S KH"));
}

TEST(PericoRules, IdenticalJokersCountAsAMultiset) {
  const auto held = cards("JK 8D 9S KH 2C");
  const auto taken = cards("JK 5S");
  EXPECT_FALSE(check_take_discards(held, taken, cards("JK 2C")));  // the one held before
  auto err = check_take_discards(held, taken, cards("JK JK"));
  ASSERT_TRUE(err);
  EXPECT_EQ(err->code, "card_just_taken");
}

TEST(PericoRules, SingleBestHandWinsAPoint) {
  Showdown s =
      compare_hands({cards("2C 2D 5H 8S JC"), cards("3C 3D 3H 9S JD"), cards("4C 7D 9H TS KC")},
                    Scoring::kWinner);
  ASSERT_TRUE(s.winner);
  EXPECT_EQ(*s.winner, 1);
  EXPECT_EQ(s.points, (std::vector<std::int64_t>{0, 1, 0}));
}

TEST(PericoRules, TieForBestIsADrawnRoundEvenWithLowerHands) {
  Showdown s =
      compare_hands({cards("9C 7D 5H 3S 2C"), cards("9D 7H 5S 3C 2D"), cards("8C 6D 4H 3H 2H")},
                    Scoring::kWinner);
  EXPECT_FALSE(s.winner);
  EXPECT_EQ(s.points, (std::vector<std::int64_t>{0, 0, 0}));
}

TEST(PericoRules, OutrankedGivesAPointPerLowerHand) {
  Showdown s = compare_hands({cards("2C 2D 5H 8S JC"), cards("3C 3D 3H 9S JD"),
                              cards("4C 7D 9H TS KC"), cards("2S 2H 5D 8C JH")},
                             Scoring::kOutranked);
  ASSERT_TRUE(s.winner);
  EXPECT_EQ(*s.winner, 1);
  // seats 0 and 3 tie (same ranks): each outranks only seat 2
  EXPECT_EQ(s.points, (std::vector<std::int64_t>{1, 3, 0, 1}));
}

TEST(PericoRules, FewerJokersWinsWithinACategory) {
  Showdown s = compare_hands({cards("2C 2D 2H 5S 7C"), cards("AC AD JK 9S 7D")}, Scoring::kWinner);
  ASSERT_TRUE(s.winner);
  EXPECT_EQ(*s.winner, 0);  // natural threes of 2 beat aces with a joker
}

TEST(PericoRules, MatchEndsAtTargetWithASingleLeader) {
  EXPECT_FALSE(match_finished({4, 3, 0}, 5));
  EXPECT_TRUE(match_finished({5, 3, 0}, 5));
  EXPECT_FALSE(match_finished({6, 6, 2}, 5));  // outranked: a tie at the top plays on
  EXPECT_TRUE(match_finished({7, 6, 2}, 5));
}

}  // namespace
}  // namespace parlor::perico
