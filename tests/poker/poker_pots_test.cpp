// The chip arithmetic: main and side pots, eligibility, splits and odd chips.
#include <gtest/gtest.h>

#include <numeric>

#include "engine/core/rng.hpp"
#include "engine/poker/poker_pots.hpp"

namespace parlor::poker {
namespace {

Chips sum(const std::vector<Chips>& chips) {
  return std::accumulate(chips.begin(), chips.end(), Chips{0});
}

Chips pots_sum(const std::vector<Pot>& pots) {
  Chips total = 0;
  for (const Pot& pot : pots) total += pot.amount;
  return total;
}

TEST(PokerPots, EveryoneInForTheSameMakesOnePotWithTheDeadMoney) {
  auto pots = build_pots({10, 10, 10}, {true, true, true}, 6);
  ASSERT_EQ(pots.size(), 1u);
  EXPECT_EQ(pots[0].amount, 36);
  EXPECT_EQ(pots[0].eligible, (std::vector<Seat>{0, 1, 2}));
}

TEST(PokerPots, ThreeWayAllInMakesTwoSidePots) {
  // Seat 0 all in for 5, seat 1 all in for 20, seat 2 covers 50 (and seat 3 folded after 3).
  auto pots = build_pots({5, 20, 50, 3}, {true, true, true, false}, 8);
  ASSERT_EQ(pots.size(), 3u);
  EXPECT_EQ(pots[0].amount, 8 + 5 * 3 + 3);  // dead money, 5 from each live, the folder's 3
  EXPECT_EQ(pots[0].eligible, (std::vector<Seat>{0, 1, 2}));
  EXPECT_EQ(pots[1].amount, 15 * 2);
  EXPECT_EQ(pots[1].eligible, (std::vector<Seat>{1, 2}));
  EXPECT_EQ(pots[2].amount, 30);
  EXPECT_EQ(pots[2].eligible, (std::vector<Seat>{2}));
  EXPECT_EQ(pots_sum(pots), 8 + 5 + 20 + 50 + 3);
}

TEST(PokerPots, AFoldedBetAboveAnAllInJoinsTheLevelItReached) {
  // Seat 0 all in for 4; seat 1 bet 10 and folded to seat 2's raise to 30.
  auto pots = build_pots({4, 10, 30}, {true, false, true}, 0);
  ASSERT_EQ(pots.size(), 2u);
  EXPECT_EQ(pots[0].amount, 12);
  EXPECT_EQ(pots[0].eligible, (std::vector<Seat>{0, 2}));
  EXPECT_EQ(pots[1].amount, 6 + 26);
  EXPECT_EQ(pots[1].eligible, (std::vector<Seat>{2}));
}

TEST(PokerPots, APlayerAllInOnTheAnteWinsOnlyTheDeadMoney) {
  auto pots = build_pots({0, 7, 7}, {true, true, true}, 3);
  ASSERT_EQ(pots.size(), 2u);
  EXPECT_EQ(pots[0].amount, 3);
  EXPECT_EQ(pots[0].eligible, (std::vector<Seat>{0, 1, 2}));
  EXPECT_EQ(pots[1].amount, 14);
  EXPECT_EQ(pots[1].eligible, (std::vector<Seat>{1, 2}));
}

TEST(PokerPots, NoChipsMakeNoPots) { EXPECT_TRUE(build_pots({0, 0}, {true, true}, 0).empty()); }

TEST(PokerPots, SplitGivesOddChipsFromTheDealersLeft) {
  // Dealer 2 of 4: left of the dealer is 3, then 0, 1.
  auto paid = split_pot(11, {0, 1, 3}, 2, 4);
  EXPECT_EQ(paid, (std::vector<Chips>{4, 3, 0, 4}));
  paid = split_pot(10, {0, 1}, 0, 3);  // even: no odd chip
  EXPECT_EQ(paid, (std::vector<Chips>{5, 5, 0}));
  paid = split_pot(7, {0, 2}, 0, 3);  // dealer 0: the order left is 1, 2, 0
  EXPECT_EQ(paid, (std::vector<Chips>{3, 0, 4}));
  paid = split_pot(7, {0, 2}, 2, 3);  // dealer 2: seat 0 is directly left
  EXPECT_EQ(paid, (std::vector<Chips>{4, 0, 3}));
}

TEST(PokerPots, AwardGivesEachPotToItsBestEligibleHand) {
  // The all-in seat 0 has the best hand: it wins only the main pot; the side pot goes to
  // the best of the others, and the last pot (only seat 2) back to seat 2.
  auto pots = build_pots({5, 20, 50}, {true, true, true}, 3);
  std::vector<std::vector<Seat>> winners;
  auto won = award_pots(pots, {900, 500, 400}, 0, 3, &winners);
  EXPECT_EQ(won, (std::vector<Chips>{18, 30, 30}));
  ASSERT_EQ(winners.size(), 3u);
  EXPECT_EQ(winners[0], (std::vector<Seat>{0}));
  EXPECT_EQ(winners[1], (std::vector<Seat>{1}));
  EXPECT_EQ(winners[2], (std::vector<Seat>{2}));
}

TEST(PokerPots, ATieSplitsOnlyThePotsTheTiedHandsShare) {
  // Seats 0 and 1 tie: they split the main pot; seat 1 alone takes the side pot over seat 2.
  auto pots = build_pots({5, 20, 20}, {true, true, true}, 1);
  auto won = award_pots(pots, {700, 700, 100}, 2, 3);
  // main pot 16 split 8/8; side pot 30 to seat 1.
  EXPECT_EQ(won, (std::vector<Chips>{8, 38, 0}));
  // An odd main pot: the first tied seat left of dealer 1 is seat 2, then 0.
  pots = build_pots({5, 5, 5}, {true, true, true}, 2);
  won = award_pots(pots, {300, 100, 300}, 1, 3);
  EXPECT_EQ(won, (std::vector<Chips>{8, 0, 9}));
}

// Random tables: whatever the bets, the pots hold exactly the chips put in, every pot has
// an eligible live seat, and the awards pay out exactly the pots.
TEST(PokerPots, RandomPotsNeverCreateOrLoseChips) {
  constexpr int kCases = 5000;
  Rng rng(Seed::from_u64(42), 0);
  for (int c = 0; c < kCases; ++c) {
    const int seats = 2 + static_cast<int>(rng.below(6));
    std::vector<Chips> committed(seats);
    std::vector<bool> live(seats);
    std::vector<std::uint32_t> strength(seats);
    int live_count = 0;
    for (int s = 0; s < seats; ++s) {
      committed[s] = static_cast<Chips>(rng.below(30));
      live[s] = rng.below(3) != 0;
      live_count += live[s] ? 1 : 0;
      strength[s] = static_cast<std::uint32_t>(rng.below(4));
    }
    if (live_count == 0) live[0] = true;
    const Chips dead = static_cast<Chips>(rng.below(20));
    auto pots = build_pots(committed, live, dead);
    ASSERT_EQ(pots_sum(pots), sum(committed) + dead);
    for (const Pot& pot : pots) {
      ASSERT_GT(pot.amount, 0);
      ASSERT_FALSE(pot.eligible.empty());
      for (Seat s : pot.eligible) ASSERT_TRUE(live[s]);
    }
    const Seat dealer = static_cast<Seat>(rng.below(static_cast<std::uint64_t>(seats)));
    auto won = award_pots(pots, strength, dealer, seats);
    ASSERT_EQ(sum(won), sum(committed) + dead);
    for (int s = 0; s < seats; ++s) {
      if (!live[s]) {
        ASSERT_EQ(won[s], 0);
      }
    }
  }
}

}  // namespace
}  // namespace parlor::poker
