// The rules of a reveal as pure functions: the card order and resolve_play
// (../shared/rules/loc.md, steps 5 and 6 and "Tarot deck").
#include <gtest/gtest.h>

#include <numeric>

#include "engine/core/deck.hpp"
#include "engine/loc/loc_cards.hpp"
#include "engine/loc/loc_resolve.hpp"

namespace parlor::loc {
namespace {

std::vector<Card> cards(const std::string& text, Notation notation = Notation::kStandard) {
  auto parsed = parse_card_list(text, notation);
  EXPECT_TRUE(parsed.ok()) << text;
  return parsed.ok() ? *parsed : std::vector<Card>{};
}

std::vector<Card> tarot(const std::string& text) { return cards(text, Notation::kTarot); }

// Strictly descending in the order given.
void expect_descending(const std::vector<Card>& ordered) {
  for (std::size_t i = 1; i < ordered.size(); ++i) {
    EXPECT_GT(card_strength(ordered[i - 1]), card_strength(ordered[i]))
        << ordered[i - 1].str() << " should beat " << ordered[i].str();
  }
}

std::int64_t sum(const std::vector<std::int64_t>& values) {
  return std::accumulate(values.begin(), values.end(), std::int64_t{0});
}

TEST(LocCardOrder, StandardRanksThenSuits) {
  expect_descending(cards("JK AS AH AD AC KS KC QH JD TS 9S 2S 2H 2D 2C"));
}

TEST(LocCardOrder, TarotFoolTrumpsAcesKnight) {
  expect_descending(tarot("FOOL T21 T20 T2 T1 AS AC AD AB KS QS CS JS TS 9S 2S 2C 2D 2B"));
}

TEST(LocCardOrder, EveryCardOfEachDeckHasItsOwnStrength) {
  for (DeckKind deck : {DeckKind::kStandard, DeckKind::kTarot}) {
    std::vector<int> seen;
    for (Card card : loc_deck(deck)) seen.push_back(card_strength(card));
    std::sort(seen.begin(), seen.end());
    EXPECT_EQ(std::adjacent_find(seen.begin(), seen.end()), seen.end());
  }
  EXPECT_EQ(loc_deck(DeckKind::kStandard).size(), 53u);
  EXPECT_EQ(loc_deck(DeckKind::kTarot).size(), 78u);
}

TEST(LocCardOrder, PotTakersAreFiveOf53And26Of78) {
  auto count = [](DeckKind deck) {
    auto all = loc_deck(deck);
    return std::count_if(all.begin(), all.end(), takes_pot);
  };
  EXPECT_EQ(count(DeckKind::kStandard), 5);
  EXPECT_EQ(count(DeckKind::kTarot), 26);
}

TEST(LocResolve, NoAceHighestIsExcusedOthersPay) {
  PlayOutcome out = resolve_play(cards("KS 2D 2H 2S"), 1, 4, 1);
  EXPECT_EQ(out.kind, PlayKind::kExcused);
  EXPECT_EQ(out.winner, 0);
  EXPECT_EQ(out.took, 0);
  EXPECT_EQ(out.paid, (std::vector<std::int64_t>{0, 1, 1, 1}));
  EXPECT_EQ(out.pot_after, 7);
}

TEST(LocResolve, SingleAceTakesThePotThenEveryoneRefreshes) {
  PlayOutcome out = resolve_play(cards("2C AH 6C 7D"), 2, 7, 1);
  EXPECT_EQ(out.kind, PlayKind::kTookPot);
  EXPECT_EQ(out.winner, 1);
  EXPECT_EQ(out.took, 7);
  EXPECT_EQ(out.paid, (std::vector<std::int64_t>{1, 1, 1, 1}));
  EXPECT_EQ(out.pot_after, 4);
  EXPECT_EQ(balance_changes(out), (std::vector<std::int64_t>{-1, 6, -1, -1}));
}

TEST(LocResolve, TwoAcesTheHigherSuitTakes) {
  PlayOutcome out = resolve_play(cards("AD KS AH 3C"), 1, 4, 5);
  EXPECT_EQ(out.kind, PlayKind::kTookPot);
  EXPECT_EQ(out.winner, 2);  // hearts over diamonds
  EXPECT_EQ(out.pot_after, 20);
  out = resolve_play(cards("AC AS"), 3, 9, 2);
  EXPECT_EQ(out.winner, 1);  // spades over clubs
}

TEST(LocResolve, JokerTakesOverAces) {
  PlayOutcome out = resolve_play(cards("AS JK AH"), 4, 12, 1);
  EXPECT_EQ(out.kind, PlayKind::kTookPot);
  EXPECT_EQ(out.winner, 1);
  EXPECT_EQ(out.took, 12);
  EXPECT_EQ(out.pot_after, 3);
}

TEST(LocResolve, EqualRanksBrokenBySuit) {
  EXPECT_EQ(resolve_play(cards("KC KD KH 2S"), 1, 4, 1).winner, 2);
  EXPECT_EQ(resolve_play(cards("9H 9S 9D"), 2, 3, 1).winner, 1);
  EXPECT_EQ(resolve_play(cards("5C 5D"), 3, 2, 1).winner, 1);
}

TEST(LocResolve, PlayFiveHighestTakesNobodyPays) {
  PlayOutcome out = resolve_play(cards("AS 2C 3D"), 5, 9, 1);
  EXPECT_EQ(out.kind, PlayKind::kFinalPot);
  EXPECT_EQ(out.winner, 0);
  EXPECT_EQ(out.took, 9);
  EXPECT_EQ(out.paid, (std::vector<std::int64_t>{0, 0, 0}));
  EXPECT_EQ(out.pot_after, 0);
  out = resolve_play(cards("QS KD 3D"), 5, 10, 1);
  EXPECT_EQ(out.winner, 1);
  EXPECT_EQ(out.took, 10);
}

TEST(LocResolve, TarotTrumpBeatsAnyAce) {
  PlayOutcome out = resolve_play(tarot("AS T1 KS"), 1, 3, 1);
  EXPECT_EQ(out.kind, PlayKind::kTookPot);
  EXPECT_EQ(out.winner, 1);
}

TEST(LocResolve, TarotFoolIsTheHighestTrump) {
  EXPECT_EQ(resolve_play(tarot("T21 FOOL AS"), 2, 3, 1).winner, 1);
  EXPECT_EQ(resolve_play(tarot("T20 T21 T3"), 2, 3, 1).winner, 1);
}

TEST(LocResolve, TarotAcesBySuitWithoutTrumps) {
  PlayOutcome out = resolve_play(tarot("AB AD AC KS"), 3, 4, 1);
  EXPECT_EQ(out.kind, PlayKind::kTookPot);
  EXPECT_EQ(out.winner, 2);                                    // Cups over Coins over Batons
  EXPECT_EQ(resolve_play(tarot("AC AS"), 1, 2, 1).winner, 1);  // Swords over Cups
}

TEST(LocResolve, TarotKnightBetweenQueenAndJack) {
  PlayOutcome out = resolve_play(tarot("JS CB 9S"), 1, 3, 1);
  EXPECT_EQ(out.kind, PlayKind::kExcused);
  EXPECT_EQ(out.winner, 1);  // the Knight of Batons over the Jack of Swords
  EXPECT_EQ(resolve_play(tarot("CS QB"), 1, 2, 1).winner, 1);  // the Queen over a Knight
}

TEST(LocResolve, TarotSuitOrderBreaksEqualRanks) {
  EXPECT_EQ(resolve_play(tarot("7B 7D 7C 7S"), 1, 4, 1).winner, 3);
  EXPECT_EQ(resolve_play(tarot("7B 7D 7C"), 1, 3, 1).winner, 2);
  EXPECT_EQ(resolve_play(tarot("7B 7D"), 1, 2, 1).winner, 1);
}

TEST(LocResolve, TarotPlayFiveTrumpAboveSuitCards) {
  PlayOutcome out = resolve_play(tarot("AS T1 KS"), 5, 6, 1);
  EXPECT_EQ(out.kind, PlayKind::kFinalPot);
  EXPECT_EQ(out.winner, 1);
  EXPECT_EQ(sum(balance_changes(out)), 6);  // the whole pot leaves it, nobody pays
}

TEST(LocResolve, ChipsOnlyMoveBetweenPotAndSeats) {
  for (int play = 1; play <= kPlays; ++play) {
    for (const char* shown : {"KS 2D 2H", "AS 2D 2H", "JK 2D AH"}) {
      PlayOutcome out = resolve_play(cards(shown), play, 11, 3);
      EXPECT_EQ(11 - sum(balance_changes(out)), out.pot_after) << shown << " play " << play;
    }
  }
}

TEST(LocResolve, WeakestAndStrongest) {
  EXPECT_EQ(weakest(cards("AS 2H KD 2C")).str(), "2C");
  EXPECT_EQ(strongest(cards("AS 2H JK")).str(), "JK");
  EXPECT_EQ(weakest(tarot("FOOL 2B T1")).str(), "2B");
  EXPECT_EQ(strongest(tarot("T21 FOOL AS")).str(), "FOOL");
}

}  // namespace
}  // namespace parlor::loc
