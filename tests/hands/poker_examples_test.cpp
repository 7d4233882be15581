// Every Poker example of poker.md ("Hand ranking", "Examples") and a hand-picked case
// for each ranking option and tie-break rule.
#include <gtest/gtest.h>

#include "tests/hands/hand_test_util.hpp"

namespace parlor::hands {
namespace {

using testing::cards;
using testing::poker_rules;

class PokerTable {
 public:
  explicit PokerTable(const PokerRules& rules) : evaluator_(rules) {}
  HandRank rank(const std::string& hand) const { return testing::poker(evaluator_, cards(hand)); }
  void expect_beats(const std::string& a, const std::string& b) const {
    EXPECT_GT(rank(a).strength, rank(b).strength) << a << " should beat " << b;
  }
  void expect_ties(const std::string& a, const std::string& b) const {
    EXPECT_EQ(rank(a).strength, rank(b).strength) << a << " should tie " << b;
  }
  void expect_category(const std::string& hand, Category category) const {
    EXPECT_EQ(category_name(rank(hand).category), category_name(category)) << hand;
  }
  bool opens(const std::string& hand) const { return evaluator_.jacks_or_better(rank(hand)); }

 private:
  PokerEvaluator evaluator_;
};

const PokerTable k52(poker_rules(52));
const PokerTable k40(poker_rules(40));
const PokerTable k36(poker_rules(36));
const PokerTable k32(poker_rules(32));

TEST(PokerExamples, SeedVocabularyStraight) {
  k52.expect_category("5C 6D 7H 8S 9C", Category::kStraight);
}

TEST(PokerExamples, FlushAboveFullHouseWithFortyCardsOrFewer) {
  k52.expect_beats("KS KH KD 2C 2D", "AH JH 9H 6H 3H");
  k32.expect_beats("AH JH 9H 8H 7H", "KS KH KD 8C 8D");
  k32.expect_category("AH JH 9H 8H 7H", Category::kFlush);
  k40.expect_beats("AH JH 9H 8H 6H", "KS KH KD 8C 8D");
  k36.expect_beats("AH JH 9H 8H 6H", "KS KH KD 8C 8D");
  const PokerTable k44(poker_rules(44));  // rule of 11 with 7 players: 4s and up
  k44.expect_beats("KS KH KD 8C 8D", "AH JH 9H 8H 6H");
}

TEST(PokerExamples, LowAceStraightSitsBelowTheLowestRank) {
  k32.expect_category("AC 7D 8H 9S TC", Category::kStraight);
  k32.expect_beats("7C 8D 9H TS JC", "AC 7D 8H 9S TC");
  k32.expect_beats("AC 7D 8H 9S TC", "AC AD KH QS JC");  // lowest straight, still a straight
  k36.expect_category("AC 6D 7H 8S 9C", Category::kStraight);
  k40.expect_category("AC 5D 6H 7S 8C", Category::kStraight);
  k52.expect_category("AC 7D 8H 9S TC", Category::kHighCard);
  k52.expect_category("AC 5D 6H 7S 8C", Category::kHighCard);
  k32.expect_category("KC AD 7H 8S 9C", Category::kHighCard);  // never in the middle
  const PokerTable k24(poker_rules(24));  // rule of 11 with 2 players: 9s and up
  k24.expect_category("AC 9D TH JS QC", Category::kStraight);
  k24.expect_beats("9C TD JH QS KC", "AC 9D TH JS QC");
  k24.expect_beats("TC JD QH KS AC", "9C TD JH QS KC");
}

TEST(PokerExamples, AceLowStraightLosesToSixHigh) {
  k52.expect_category("AC 2D 3H 4S 5C", Category::kStraight);
  k52.expect_beats("2C 3D 4H 5S 6C", "AC 2D 3H 4S 5C");
  k52.expect_beats("TC JD QH KS AC", "9C TD JH QS KC");
}

TEST(PokerExamples, FiveOfAKindBeatsTheStraightFlush) {
  k52.expect_category("9C 9D 9H 9S JK", Category::kFiveOfAKind);
  k52.expect_category("AS KS QS JS TS", Category::kStraightFlush);
  k52.expect_beats("9C 9D 9H 9S JK", "AS KS QS JS TS");
  k32.expect_beats("7C 7D 7H 7S JK", "AS KS QS JS TS");
}

TEST(PokerExamples, SecondJokerIsDead) {
  k52.expect_category("JK JK 8C 8D 3S", Category::kThreeOfAKind);
  EXPECT_EQ(k52.rank("JK JK 8C 8D 3S").jokers, 2);
  // It ranks below every card as a kicker...
  k52.expect_beats("JK 8C 8D 3S 2C", "JK JK 8H 8S 3C");
  k52.expect_beats("8C 8D 8H 3S 2C", "JK JK 8H 8S 3C");
  k52.expect_ties("JK JK 8C 8D 3S", "JK JK 8H 8S 3C");
  k52.expect_beats("JK 8C 8D 8H 2S", "JK JK 8C 8D 8H");
  k52.expect_category("JK JK 8C 8D 8H", Category::kFourOfAKind);
  // ...makes no straight or flush...
  k52.expect_category("JK JK 9C TD JH", Category::kOnePair);
  k52.expect_category("JK JK 9H TH JH", Category::kOnePair);
  k52.expect_beats("JK 9C TD JH 2S", "JK JK 9H TH JH");
  // ...and is not a figure.
  const PokerTable figures(poker_rules(52, Figures::kBelowTrio));
  figures.expect_category("JK JK AC KD QH", Category::kOnePair);
  figures.expect_category("JK AC KD QH JH", Category::kStraight);
}

TEST(PokerExamples, NaturalBeatsJokerOnlyWhenAllRanksAreEqual) {
  k52.expect_beats("9C TD JH QS KC", "9D TC JK QH KD");
  k52.expect_beats("JK TD JH QS KC", "9C TD JH QS KC");  // the joker plays the ace
  k52.expect_beats("AH JK 7C 5D 3S", "AS AD 6C 5S 3D");  // higher kicker first
  k52.expect_beats("AS AD 7H 5C 3C", "AH JK 7C 5D 3S");  // equal ranks: natural
  k52.expect_beats("AS KS 9S 6S 3S", "AH JK 9H 6H 3H");
  k52.expect_beats("TH JK 8C 8D 3S", "TD TC 8H 8S AC");  // three eights, not two pair
}

TEST(PokerExamples, JokerStandsForACardTheHandDoesNotHold) {
  // AH JK 9H 6H 3H is the flush A-K-9-6-3, never A-A-9-6-3.
  k52.expect_category("AH JK 9H 6H 3H", Category::kFlush);
  k52.expect_beats("AH JK 9H 6H 3H", "AD QD 9D 6D 3D");
  k52.expect_beats("AD KD 9D 6D 4D", "AH JK 9H 6H 3H");
  k52.expect_beats("AH JK KH 6H 3H", "AD KD QD 6D 2D");  // A-K-Q-6-3 with the joker
  // A four of a rank and a joker is five of a kind.
  k52.expect_category("AH AD AC AS JK", Category::kFiveOfAKind);
  // The counting joker is a card of the deck in use: 7-J, not 6-T, in 32 cards; with
  // the ace it can only make the low-ace straight.
  k32.expect_beats("JK 7C 8D 9H TS", "AD 7H 8S 9C TD");
  k32.expect_beats("7D 8C 9S TH JC", "JK 7C 8D 9H TS");
  k32.expect_category("AC JK 8D 9H TS", Category::kStraight);
  k52.expect_category("AC JK 8D 9H TS", Category::kOnePair);
}

TEST(PokerExamples, OpeningNeedsJacksOrBetter) {
  EXPECT_FALSE(k52.opens("TC TD AS KH QC"));
  EXPECT_TRUE(k52.opens("JC JD 4S 7H 9C"));
  EXPECT_TRUE(k52.opens("JC JK 2S 3H 4C"));
  EXPECT_FALSE(k52.opens("TC JK 2S 3H 4C"));
  EXPECT_TRUE(k52.opens("2C 2D 3H 3S 4C"));
  EXPECT_TRUE(k32.opens("AC 7D 8H 9S TC"));
  EXPECT_FALSE(k32.opens("AC KD QH JS 9C"));
  const PokerTable figures(poker_rules(52, Figures::kBelowTrio));
  EXPECT_TRUE(figures.opens("AC KD QH JS JC"));
}

TEST(PokerFigures, OffIsNotACategory) {
  k52.expect_category("AH KD QC JS JH", Category::kOnePair);
  k52.expect_category("AH AD KC QS JH", Category::kOnePair);
}

TEST(PokerFigures, BelowTrio) {
  const PokerTable t(poker_rules(52, Figures::kBelowTrio));
  t.expect_category("AH KD QC JS JH", Category::kFigures);
  t.expect_category("AH AD KC KS JH", Category::kFigures);  // above two pair
  t.expect_category("AH AD AC KS QH", Category::kThreeOfAKind);
  t.expect_beats("2C 2D 2H 5S 7C", "AH KD QC JS JH");
  t.expect_beats("AH KD QC JS JH", "QC QD 2S 2H 5C");
  // Figures compare card by card from the highest down.
  t.expect_beats("AH AD KC QS JH", "AS KD KC QH JS");
  t.expect_beats("AS KD KC QH JS", "AH KH QD QC JD");
  t.expect_ties("AH AD KC QS JH", "AC AS KD QH JC");
  const PokerTable t32(poker_rules(32, Figures::kBelowTrio));
  t32.expect_beats("7C 7D 7H 8S 9C", "AH KD QC JS JH");
}

TEST(PokerFigures, ByDeckAboveTrioWithMoreThanFortyCards) {
  const PokerTable t(poker_rules(52, Figures::kByDeck));
  t.expect_category("AH AD AC KS QH", Category::kFigures);  // nothing higher in this order
  t.expect_beats("JH KD QC JS JD", "AC AD AS KH 2C");
  t.expect_beats("2C 3D 4H 5S 6C", "AH KD QC JS JH");
  t.expect_category("AH AD AC KS KH", Category::kFullHouse);
  // With the joker: J-J-J-K-Q is three of a kind, A-K-Q-J-J figures, and figures win.
  t.expect_category("JK KD QC JS JH", Category::kFigures);
  t.expect_beats("JK KD QC JS JH", "AC AD AS 2H 3C");
}

TEST(PokerFigures, ByDeckBelowTrioWithFortyCardsOrFewer) {
  for (int deck : {40, 36, 32}) {
    const PokerTable t(poker_rules(deck, Figures::kByDeck));
    t.expect_category("AH AD AC KS QH", Category::kThreeOfAKind);
    t.expect_category("AH KD QC JS JH", Category::kFigures);
    t.expect_beats("7C 7D 7H 8S 9C", "AH KD QC JS JH");
    t.expect_beats("AH KD QC JS JH", "7C 7D 8H 8S 9C");
    t.expect_category("JK KD QC JS JH", Category::kThreeOfAKind);
  }
}

TEST(PokerAceStraightOverFlush, AceStraightsJumpAboveTheFlush) {
  const PokerTable t(poker_rules(52, Figures::kOff, true));
  t.expect_category("TC JD QH KS AC", Category::kStraight);
  t.expect_beats("TC JD QH KS AC", "AH JH 9H 6H 3H");
  t.expect_beats("AC 2D 3H 4S 5C", "AH JH 9H 6H 3H");
  t.expect_beats("AH JH 9H 6H 3H", "9C TD JH QS KC");  // other straights stay put
  t.expect_beats("AC 2D 3H 4S 5C", "9C TD JH QS KC");
  t.expect_beats("TC JD QH KS AC", "AC 2D 3H 4S 5C");  // by top card among themselves
  t.expect_beats("KS KH KD 2C 2D", "TC JD QH KS AC");  // still below the full house
  // A joker standing for the ace counts.
  t.expect_beats("JK KD QH JS TC", "AH JH 9H 6H 3H");
  t.expect_beats("JK 2D 3H 4S 5C", "AH JH 9H 6H 3H");  // the joker plays the low ace
  t.expect_category("JK 2D 3H 4S 5C", Category::kStraight);
}

TEST(PokerAceStraightOverFlush, WithFortyCardsOrFewerAlsoAboveTheFullHouse) {
  const PokerTable t(poker_rules(32, Figures::kOff, true));
  t.expect_beats("AC 7D 8H 9S TC", "KS KH KD 8C 8D");
  t.expect_beats("AC 7D 8H 9S TC", "AH JH 9H 8H 7H");
  t.expect_beats("AH JH 9H 8H 7H", "KS KH KD 8C 8D");
  t.expect_beats("KS KH KD 8C 8D", "9C TD JH QS KC");
  t.expect_beats("7C 7D 7H 7S 8C", "TC JD QH KS AC");
  t.expect_beats("TC JD QH KS AC", "AC 7D 8H 9S TC");
}

}  // namespace
}  // namespace parlor::hands
