// Every Perico example of perico.md ("Hand ranking", "Examples") and a hand-picked case
// for each of its tie-break rules.
#include <gtest/gtest.h>

#include "tests/hands/hand_test_util.hpp"

namespace parlor::hands {
namespace {

using testing::perico;

// a beats b.
void expect_beats(const std::string& a, const std::string& b) {
  EXPECT_GT(perico(a).strength, perico(b).strength) << a << " should beat " << b;
}
void expect_ties(const std::string& a, const std::string& b) {
  EXPECT_EQ(perico(a).strength, perico(b).strength) << a << " should tie " << b;
}
void expect_category(const std::string& hand, Category category, bool complete = false) {
  HandRank rank = perico(hand);
  EXPECT_EQ(category_name(rank.category), category_name(category)) << hand;
  EXPECT_EQ(rank.complete, complete) << hand;
}

TEST(PericoExamples, RoyalFlushAndFiveOfAKindAreComplete) {
  expect_category("AS KS QS JS TS", Category::kRoyalFlush, true);
  expect_category("AH AD AC AS JK", Category::kFiveOfAKind, true);
  expect_category("AH AD AC JK JK", Category::kFiveOfAKind, true);
  EXPECT_EQ(perico("AH AD AC JK JK").jokers, 2);
}

TEST(PericoExamples, AceLowStraightBeatsKingHigh) {
  expect_category("AC 2D 3H 4S 5C", Category::kStraight);
  expect_category("KC QD JH TS 9C", Category::kStraight);
  expect_beats("AC 2D 3H 4S 5C", "KC QD JH TS 9C");
  expect_beats("AC KD QH JS TC", "AC 2D 3H 4S 5C");  // A-K-Q-J-T beats A-2-3-4-5
}

TEST(PericoExamples, NoStraightAroundTheCorner) {
  expect_category("KS AD 2H 3C 4D", Category::kHighCard);
  expect_category("QS KD AH 2C 3D", Category::kHighCard);
  expect_category("KS AD 2H 3C JK", Category::kOnePair);  // no K-A-2-3 with a joker either
  expect_category("QS KD AH 2C 3D 4C", Category::kHighCard);
}

TEST(PericoExamples, AceLowStraightFlushIsTheHighestIncompleteHand) {
  expect_category("AH 2H 3H 4H 5H", Category::kStraightFlush);
  expect_beats("AH 2H 3H 4H 5H", "KS QS JS TS 9S");
  expect_beats("AH 2H 3H 4H 5H", "KS QS JS 9S JK");
  expect_category("KS QS JS TS JK", Category::kRoyalFlush, true);
  expect_beats("2C 2D 2H 2S JK", "AH 2H 3H 4H 5H");  // five of a kind, complete
  expect_beats("AH KH QH JH JK", "AH AD AC AS JK");  // royal over five of a kind
}

TEST(PericoTieBreaks, FewerJokersWinWhateverTheRanks) {
  expect_beats("2C 2D 2H 2S 3C", "AH AD AC JK 5S");        // four of a kind
  expect_beats("2C 3D 4H 5S 6C", "JK KD QH JS TC");        // straight
  expect_beats("2C 2D 2H 2S JK", "AH AD AC JK JK");        // five of a kind
  expect_beats("2C 3C 4C 6C 7C", "AH JK 9H 6H 3H");        // flush
  expect_beats("AS KS QS JS TS", "AH KH QH JH JK");        // royal flush
  expect_beats("3C 3D 4H 4S 4C 8D", "AH AD KC KS JK 8S");  // old house, six cards
  expect_beats("2C 4C 6C 8C TC QC", "AH KH QH JH 8H JK");  // flush, six cards
}

TEST(PericoTieBreaks, JokersRankBelowATwoInStraightsAndFlushes) {
  // Equal joker counts: compare the cards, every joker lower than a 2.
  expect_beats("JK 5C 6D 7H 8S", "JK 4C 5D 6H 7S");
  // The joker could make both nine-to-king, but it counts below a 2: K-J-T-9 beats Q-J-T-9.
  expect_beats("JK 9D TH JS KC", "JK 9C TD JH QS");
  // A flush A-9-6-3 with a joker loses to A-9-6-4 with a joker.
  expect_beats("AS 9S 6S 4S JK", "AH 9H 6H 3H JK");
  expect_ties("AS 9S 6S 4S JK", "AH 9H 6H 4H JK");
  // Two jokers in a straight flush: only the natural cards compare.
  expect_beats("JK JK 6H 7H 8H", "JK 5S JK 6S 7S");
  // Both the A-2-3-4-5 straight flush; A-5-3-2 beats A-4-3-2 as the joker counts low.
  expect_beats("AH 2H 3H 5H JK", "AC 2C 3C 4C JK");
}

TEST(PericoTieBreaks, BookJokersTakeTheBestRanks) {
  expect_category("AH AD KC 5S JK", Category::kThreeOfAKind);
  expect_beats("AH AD KC 5S JK", "AH AD QC 5S JK");  // aces, then K 5 over Q 5
  expect_category("AH KD 9C 5S JK", Category::kOnePair);
  expect_beats("AH KD 9C 5S JK", "AH KD 9C 4S JK");  // aces, then kickers K 9 5 vs K 9 4
  expect_category("AH AD KC KS JK", Category::kFullHouse);
  expect_ties("AH AD KC KS JK", "AC AS KH KD JK");  // aces full of kings both
  expect_beats("AH AD KC KS JK", "AH AD QC QS JK");
  expect_beats("QH QD AC AS JK", "KH KD 2C 2S JK");  // the joker joins the aces
  expect_beats("KH KD KC AS AD", "AH AD KC KS JK");  // natural first
}

TEST(PericoSixCard, StraightsAndFlushesUseAllSixCards) {
  expect_category("2C 3D 4H 5S 6C 9D", Category::kHighCard);
  expect_category("2H 3H 4H 5H 7H 9S", Category::kHighCard);
  expect_category("2H 4H 6H 8H TH QH", Category::kFlush);
  expect_category("AH 2D 3C 4S 5H 6D", Category::kStraight);
  expect_category("9C TD JH QS KC AD", Category::kStraight);
  expect_category("9S TS JS QS KS AS", Category::kRoyalFlush, true);
  expect_category("8S 9S TS JS QS KS", Category::kStraightFlush);
  expect_category("AS 2S 3S 4S 5S 6S", Category::kStraightFlush);
  expect_beats("AH 2D 3C 4S 5H 6D", "KC QD JH TS 9C 8D");
  expect_beats("9C TD JH QS KC AD", "AH 2D 3C 4S 5H 6D");
  expect_category("9S TS JS QS KS JK", Category::kRoyalFlush, true);
  expect_category("AS 2S 3S 5S 6S JK", Category::kStraightFlush);
  expect_category("AS 2S 3S 5S 7S JK", Category::kFlush);
  expect_category("AS 2D 3S 5S 7S JK", Category::kOnePair);
}

TEST(PericoSixCard, HousesAndThreePair) {
  expect_category("AH AD AC AS KH KD", Category::kNewHouse);
  expect_category("AH AD AC KS KH KD", Category::kCrazyHouse);
  expect_category("AH AD AC AS KH QD", Category::kFourOfAKind);
  expect_category("AH AD AC KS KH 2D", Category::kOldHouse);
  expect_category("AH AD KS KH 2D 2C", Category::kThreePair);
  expect_category("AH AD AC KS QH 2D", Category::kThreeOfAKind);
  // Order: new house > crazy house > four of a kind > flush > straight > old house >
  // three pair > three of a kind.
  expect_beats("2H 2D 2C 2S 3H 3D", "AH AD AC KS KH KD");
  expect_beats("2H 2D 2C 3S 3H 3D", "AH AD AC AS KH QD");
  expect_beats("2H 2D 2C 2S 3H 4D", "2H 4H 6H 8H TH QH");
  expect_beats("AH 2D 3C 4S 5H 6D", "AH AD AC KS KH QD");
  expect_beats("2H 2D 2C 3S 3H 4D", "AH AD KS KH QD QC");
  expect_beats("2H 2D 3C 3S 4H 4D", "AH AD AC KS QH JD");
  // Books compare the larger book first, of equal size the higher rank first.
  expect_beats("AH AD AC 2S 2H 2D", "KH KD KC QS QH QD");
  expect_beats("AH AD AC 3S 3H 3D", "AH AD AC 2S 2H 2D");
  expect_beats("AH AD 3S 3H 2D 2C", "KH KD QS QH JD JC");
  expect_beats("2H 2D 2C AS AH KD", "2H 2D 2C KS KH AD");
  expect_beats("2H 2D 2C 2S AH KD", "2H 2D 2C 2S AH QD");
  expect_ties("2H 2D 2C 2S AH KD", "2H 2D 2C 2S AC KS");
}

TEST(PericoSixCard, JokersUpgradeTheHouses) {
  expect_category("AH AD KS KH 2D JK", Category::kOldHouse);     // three pair + joker
  expect_category("AH AD AC KS KH JK", Category::kNewHouse);     // old house + joker
  expect_category("AH AD KS KH JK JK", Category::kNewHouse);     // two pair + two jokers
  expect_category("AH AD AC KS JK JK", Category::kFiveOfAKind);  // 5+1, not complete
  expect_category("AH AD AC AS JK JK", Category::kSixOfAKind, true);
  expect_category("AH AD AC KS KH KD", Category::kCrazyHouse);
  expect_category("AH AD KS KH QD JK", Category::kOldHouse);
  expect_category("AH AD KS QH 7C JK", Category::kThreeOfAKind);
  expect_category("2C 9D JK JK JK JK", Category::kFiveOfAKind);
  expect_category("AH KH JK JK JK JK", Category::kRoyalFlush, true);
  EXPECT_EQ(perico("2C 9D JK JK JK JK").jokers, 4);
  // A natural old house beats a joker one of higher ranks: fewer jokers first.
  expect_beats("2H 2D 2C 3S 3H 4D", "AH AD KS KH QD JK");
}

TEST(Categories, NamesAreTheRulesFilesSnakeCase) {
  EXPECT_EQ(category_name(Category::kHighCard), "high_card");
  EXPECT_EQ(category_name(Category::kOnePair), "one_pair");
  EXPECT_EQ(category_name(Category::kTwoPair), "two_pair");
  EXPECT_EQ(category_name(Category::kThreePair), "three_pair");
  EXPECT_EQ(category_name(Category::kThreeOfAKind), "three_of_a_kind");
  EXPECT_EQ(category_name(Category::kOldHouse), "old_house");
  EXPECT_EQ(category_name(Category::kStraight), "straight");
  EXPECT_EQ(category_name(Category::kFlush), "flush");
  EXPECT_EQ(category_name(Category::kFullHouse), "full_house");
  EXPECT_EQ(category_name(Category::kFourOfAKind), "four_of_a_kind");
  EXPECT_EQ(category_name(Category::kCrazyHouse), "crazy_house");
  EXPECT_EQ(category_name(Category::kNewHouse), "new_house");
  EXPECT_EQ(category_name(Category::kFiveOfAKind), "five_of_a_kind");
  EXPECT_EQ(category_name(Category::kStraightFlush), "straight_flush");
  EXPECT_EQ(category_name(Category::kSixOfAKind), "six_of_a_kind");
  EXPECT_EQ(category_name(Category::kRoyalFlush), "royal_flush");
  EXPECT_EQ(category_name(Category::kFigures), "figures");
}

}  // namespace
}  // namespace parlor::hands
