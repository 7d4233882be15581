// Meld validation: trios, straights (ace low and high, round the corner), jokers'
// positions, values and limits, lay-offs, contracts and card values.
#include <gtest/gtest.h>

#include "engine/carioca/carioca_melds.hpp"
#include "engine/carioca/carioca_scoring.hpp"
#include "tests/carioca/carioca_test_util.hpp"

namespace parlor::carioca {
namespace {

using testing::cards;

const MeldRules kWrap{true};
const MeldRules kNoWrap{false};

std::string code_of(const Expected<Meld>& meld) { return meld.ok() ? "ok" : meld.error().code; }

Meld must_read(const std::string& text, const MeldRules& rules = kWrap) {
  auto meld = read_meld(cards(text), rules);
  EXPECT_TRUE(meld.ok()) << text << ": " << (meld.ok() ? "" : meld.error().message);
  return meld.ok() ? *meld : Meld{};
}

TEST(CariocaMelds, RulesFileExamples) {
  EXPECT_EQ(code_of(new_meld(cards("9S 9H 9H"), kWrap)), "ok");
  EXPECT_EQ(code_of(new_meld(cards("9S 9H 8H"), kWrap)), "invalid_meld");
  auto short_straight = new_meld(cards("4D 5D 6D"), kWrap);
  EXPECT_EQ(code_of(short_straight), "invalid_meld");
  EXPECT_NE(short_straight.error().message.find("four"), std::string::npos);
}

TEST(CariocaMelds, TriosAreOneRankAnySuitsThreeOrMore) {
  Meld trio = must_read("7C 7C 7D 7H 7S");
  EXPECT_EQ(trio.kind, MeldKind::kTrio);
  EXPECT_EQ(trio.rank, 7);
  EXPECT_EQ(code_of(new_meld(cards("7C 7D"), kWrap)), "invalid_meld");
  EXPECT_EQ(code_of(new_meld(cards("7C 7D JK"), kWrap)), "ok");
  EXPECT_EQ(code_of(new_meld(cards("AC AD AH"), kWrap)), "ok");
}

TEST(CariocaMelds, StraightsAreOneSuitConsecutiveFourOrMore) {
  Meld straight = must_read("4S 5S 6S 7S 8S");
  EXPECT_EQ(straight.kind, MeldKind::kStraight);
  EXPECT_EQ(straight.suit, Suit::kSpades);
  EXPECT_EQ(straight.low, 4);
  EXPECT_EQ(straight.high(), 8);
  EXPECT_EQ(code_of(new_meld(cards("4S 5S 6H 7S"), kWrap)), "invalid_meld");
  EXPECT_EQ(code_of(new_meld(cards("4S 5S 7S 8S"), kWrap)), "invalid_meld");
  EXPECT_EQ(code_of(new_meld(cards("8S 7S 6S 5S"), kWrap)), "invalid_meld");  // high to low
}

TEST(CariocaMelds, AceIsLowOrHigh) {
  EXPECT_EQ(must_read("AH 2H 3H 4H", kNoWrap).low, 1);
  Meld high = must_read("JH QH KH AH", kNoWrap);
  EXPECT_EQ(high.low, 11);
  EXPECT_EQ(high.high(), 14);
  EXPECT_EQ(code_of(read_meld(cards("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"), kNoWrap)), "ok");
  EXPECT_EQ(code_of(read_meld(cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"), kNoWrap)), "ok");
}

TEST(CariocaMelds, RoundTheCornerOnlyWhenTheTableAllowsIt) {
  EXPECT_EQ(code_of(new_meld(cards("QD KD AD 2D"), kWrap)), "ok");
  EXPECT_EQ(code_of(new_meld(cards("QD KD AD 2D"), kNoWrap)), "invalid_meld");
  EXPECT_EQ(code_of(new_meld(cards("KD AD 2D 3D"), kWrap)), "ok");
  EXPECT_EQ(code_of(new_meld(cards("KD AD 2D 3D"), kNoWrap)), "invalid_meld");
  // No rank twice: fourteen cards (both aces) never make a straight.
  EXPECT_EQ(code_of(read_meld(cards("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"), kWrap)),
            "invalid_meld");
}

TEST(CariocaMelds, AJokerTakesTheValueOfItsPosition) {
  Meld inside = must_read("4S 5S JK 7S");
  EXPECT_EQ(inside.stands_for(2), "6S");
  Meld first = must_read("JK 2S 3S 4S", kNoWrap);
  EXPECT_EQ(first.low, 1);
  EXPECT_EQ(first.stands_for(0), "AS");
  Meld last = must_read("JS QS KS JK", kNoWrap);
  EXPECT_EQ(last.stands_for(3), "AS");
  EXPECT_EQ(code_of(read_meld(cards("QS KS AS JK"), kNoWrap)), "invalid_meld");  // would be 2S
  EXPECT_EQ(must_read("QS KS AS JK", kWrap).stands_for(3), "2S");
  Meld trio = must_read("9C JK 9D");
  EXPECT_EQ(trio.stands_for(1), "9");
}

TEST(CariocaMelds, ANewMeldHoldsAtMostOneJoker) {
  EXPECT_EQ(code_of(new_meld(cards("7C 7D JK JK"), kWrap)), "too_many_jokers");
  EXPECT_EQ(code_of(new_meld(cards("4S JK 6S JK 8S"), kWrap)), "too_many_jokers");
  EXPECT_EQ(code_of(new_meld(cards("4S JK 6S 7S"), kWrap)), "ok");
  EXPECT_EQ(code_of(new_meld(cards("JK JK JK 7C"), kWrap)), "too_many_jokers");
}

TEST(CariocaMelds, TableMeldsKeepJokersApartAndAtMostHalf) {
  EXPECT_EQ(code_of(read_meld(cards("4S JK JK 7S 8S 9S"), kWrap)), "adjacent_jokers");
  EXPECT_EQ(code_of(read_meld(cards("4S JK 6S JK 8S 9S"), kWrap)), "ok");
  EXPECT_EQ(code_of(read_meld(cards("4S JK 6S JK 8S"), kWrap)), "joker_limit");  // 2 > 3/2
  EXPECT_EQ(code_of(read_meld(cards("4S JK 6S JK"), kWrap)), "joker_limit");
  EXPECT_EQ(code_of(read_meld(cards("7C 7D JK JK"), kWrap)), "joker_limit");
  EXPECT_EQ(code_of(read_meld(cards("7C 7D 7H 7S JK JK"), kWrap)), "ok");
}

TEST(CariocaMelds, LayOffNaturalsAtEitherEnd) {
  Meld straight = must_read("5H 6H 7H 8H");
  auto high = lay_off(straight, cards("9H")[0], std::nullopt, kWrap);
  ASSERT_TRUE(high.ok());
  EXPECT_EQ(cards_to_string(high->cards), "5H 6H 7H 8H 9H");
  auto low = lay_off(straight, cards("4H")[0], std::nullopt, kWrap);
  ASSERT_TRUE(low.ok());
  EXPECT_EQ(low->low, 4);
  EXPECT_EQ(cards_to_string(low->cards), "4H 5H 6H 7H 8H");
  EXPECT_EQ(lay_off(straight, cards("9S")[0], std::nullopt, kWrap).error().code, "does_not_fit");
  EXPECT_EQ(lay_off(straight, cards("5H")[0], std::nullopt, kWrap).error().code, "does_not_fit");
  EXPECT_EQ(lay_off(straight, cards("9H")[0], End::kLow, kWrap).error().code, "does_not_fit");
}

TEST(CariocaMelds, LayOffRespectsTheCorner) {
  Meld high = must_read("JC QC KC AC");
  EXPECT_EQ(lay_off(high, cards("2C")[0], std::nullopt, kNoWrap).error().code, "does_not_fit");
  auto wrapped = lay_off(high, cards("2C")[0], std::nullopt, kWrap);
  ASSERT_TRUE(wrapped.ok());
  EXPECT_EQ(wrapped->high(), 15);
  Meld low = must_read("AC 2C 3C 4C");
  EXPECT_EQ(lay_off(low, cards("KC")[0], std::nullopt, kNoWrap).error().code, "does_not_fit");
  auto round = lay_off(low, cards("KC")[0], std::nullopt, kWrap);
  ASSERT_TRUE(round.ok());
  EXPECT_EQ(round->low, 13);
  EXPECT_EQ(round->stands_for(0), "KC");
}

TEST(CariocaMelds, AFullStraightTakesNothingMore) {
  Meld full = must_read("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", kWrap);
  EXPECT_EQ(lay_off(full, cards("AH")[0], std::nullopt, kWrap).error().code, "does_not_fit");
  EXPECT_EQ(lay_off(full, Card::joker(), End::kHigh, kWrap).error().code, "does_not_fit");
}

TEST(CariocaMelds, LayOffJokersNeedAnEndAndKeepApart) {
  Meld straight = must_read("5H 6H 7H 8H");
  EXPECT_EQ(lay_off(straight, Card::joker(), std::nullopt, kWrap).error().code, "end_required");
  auto high = lay_off(straight, Card::joker(), End::kHigh, kWrap);
  ASSERT_TRUE(high.ok());
  EXPECT_EQ(high->stands_for(4), "9H");
  // A second joker next to the first is refused; at the far end it is fine.
  EXPECT_EQ(lay_off(*high, Card::joker(), End::kHigh, kWrap).error().code, "adjacent_jokers");
  auto far = lay_off(*high, Card::joker(), End::kLow, kWrap);
  ASSERT_TRUE(far.ok());
  EXPECT_EQ(far->stands_for(0), "4H");
  // Four naturals carry at most two jokers.
  auto third = lay_off(*far, cards("TH")[0], std::nullopt, kWrap);
  ASSERT_TRUE(third.ok());
  EXPECT_EQ(lay_off(*third, Card::joker(), End::kHigh, kWrap).error().code, "joker_limit");
  // Only one end open: no "end" needed.
  Meld at_ace = must_read("JD QD KD AD");
  auto only_low = lay_off(at_ace, Card::joker(), std::nullopt, kNoWrap);
  ASSERT_TRUE(only_low.ok());
  EXPECT_EQ(only_low->stands_for(0), "TD");
}

TEST(CariocaMelds, LayOffOnTrios) {
  Meld trio = must_read("QC QD QH");
  EXPECT_TRUE(lay_off(trio, cards("QS")[0], std::nullopt, kWrap).ok());
  EXPECT_EQ(lay_off(trio, cards("KS")[0], std::nullopt, kWrap).error().code, "does_not_fit");
  auto with_joker = lay_off(trio, Card::joker(), std::nullopt, kWrap);
  ASSERT_TRUE(with_joker.ok());
  EXPECT_EQ(lay_off(*with_joker, Card::joker(), std::nullopt, kWrap).error().code, "joker_limit");
}

TEST(CariocaMelds, TheEightContracts) {
  const int trios[] = {2, 1, 0, 3, 2, 1, 4, 0};
  const int straights[] = {0, 1, 2, 0, 1, 2, 0, 3};
  const int minimum[] = {6, 7, 8, 9, 10, 11, 12, 12};
  for (int round = 1; round <= kRounds; ++round) {
    const Contract& contract = contract_for_round(round);
    EXPECT_EQ(contract.trios, trios[round - 1]) << round;
    EXPECT_EQ(contract.straights, straights[round - 1]) << round;
    EXPECT_EQ(contract.min_cards(), minimum[round - 1]) << round;
    EXPECT_EQ(contract.go_out, round >= 7) << round;
    EXPECT_EQ(contract.hand_size, round == 8 ? 13 : 11) << round;
  }
}

TEST(CariocaMelds, ContractsAreExact) {
  const Contract& round1 = contract_for_round(1);
  Meld sevens = must_read("7C 7D 7H 7S");
  Meld kings = must_read("KC KD KH");
  Meld eights = must_read("8C 8D 8H");
  Meld eights_again = must_read("8S 8S JK");
  Meld straight = must_read("2C 3C 4C 5C");
  EXPECT_FALSE(check_contract({sevens, kings}, round1).has_value());
  EXPECT_EQ(check_contract({sevens}, round1)->code, "wrong_contract");
  EXPECT_EQ(check_contract({sevens, kings, eights}, round1)->code, "wrong_contract");
  EXPECT_EQ(check_contract({eights, eights_again}, round1)->code, "duplicate_trio_rank");
  EXPECT_EQ(check_contract({sevens, straight}, round1)->code, "wrong_contract");
  EXPECT_FALSE(check_contract({sevens, straight}, contract_for_round(2)).has_value());
  EXPECT_EQ(check_contract({}, round1)->code, "wrong_contract");
}

TEST(CariocaMelds, CardValues) {
  int sum = 0;
  for (Card card : cards("AC KD 7S JK")) sum += card_points(card, false, 30);
  EXPECT_EQ(sum, 67);  // the rules file's example
  EXPECT_EQ(card_points(cards("2H")[0], false, 30), 2);
  EXPECT_EQ(card_points(cards("9H")[0], false, 30), 9);
  EXPECT_EQ(card_points(cards("TH")[0], false, 30), 10);
  EXPECT_EQ(card_points(cards("2H")[0], true, 30), 5);
  EXPECT_EQ(card_points(cards("9H")[0], true, 30), 5);
  EXPECT_EQ(card_points(Card::joker(), false, 50), 50);
}

TEST(CariocaScoring, LowestTotalWinsThenRoundsOut) {
  EXPECT_EQ(placings_by_total({40, 10, 25}, {0, 1, 2}), (std::vector<int>{3, 1, 2}));
  EXPECT_EQ(placings_by_total({10, 10, 25}, {1, 3, 0}), (std::vector<int>{2, 1, 3}));
  EXPECT_EQ(placings_by_total({10, 10, 5}, {2, 2, 0}), (std::vector<int>{2, 2, 1}));
  EXPECT_EQ(placings_by_total({-30, -30}, {1, 1}), (std::vector<int>{1, 1}));
}

}  // namespace
}  // namespace parlor::carioca
