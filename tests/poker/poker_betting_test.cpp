// One betting round at a time: limits, table stakes, all-ins, turn order, uncalled bets.
#include <gtest/gtest.h>

#include "engine/core/rng.hpp"
#include "engine/poker/poker_betting.hpp"

namespace parlor::poker {
namespace {

// Three seats with the given stacks, all in the deal, ante 1, limits 2..10.
Betting table(std::vector<Chips> stacks, Chips min_bet = 2, Chips max_bet = 10) {
  Betting b(static_cast<int>(stacks.size()), min_bet, max_bet);
  for (Seat s = 0; s < static_cast<Seat>(stacks.size()); ++s) b.add_chips(s, stacks[s]);
  b.start_deal(std::vector<bool>(stacks.size(), true), std::vector<Chips>(stacks.size(), 1), 0);
  return b;
}

std::string code(const std::optional<Error>& e) { return e ? e->code : "ok"; }

void play(Betting& b, Seat s, MoveType type, Chips amount = 0) {
  Move m{type, amount};
  ASSERT_EQ(code(b.check_move(s, m)), "ok") << "seat " << s << " " << move_name(type);
  b.apply(s, m);
}

TEST(PokerBetting, AntesGoToDeadMoneyAndTurnStartsAtTheGivenSeat) {
  Betting b = table({50, 50, 50});
  EXPECT_EQ(b.dead(), 3);
  EXPECT_EQ(b.stack(0), 49);
  b.start_round(1);
  EXPECT_EQ(b.to_act(), 1);
  EXPECT_EQ(b.total(), 150);
}

TEST(PokerBetting, ChecksAroundEndTheRound) {
  Betting b = table({50, 50, 50});
  b.start_round(1);
  play(b, 1, MoveType::kCheck);
  play(b, 2, MoveType::kCheck);
  EXPECT_EQ(b.to_act(), 0);
  play(b, 0, MoveType::kCheck);
  EXPECT_FALSE(b.to_act());
}

TEST(PokerBetting, AfterABetNobodyChecksAndEarlierCheckersMustAnswer) {
  Betting b = table({50, 50, 50});
  b.start_round(0);
  play(b, 0, MoveType::kCheck);
  play(b, 1, MoveType::kBet, 5);
  EXPECT_EQ(code(b.check_move(2, {MoveType::kCheck, 0})), "check_after_open");
  play(b, 2, MoveType::kCall);
  ASSERT_EQ(b.to_act(), 0);  // the passer calls later
  EXPECT_EQ(code(b.check_move(0, {MoveType::kCheck, 0})), "check_after_open");
  play(b, 0, MoveType::kCall);
  EXPECT_FALSE(b.to_act());
  EXPECT_EQ(b.end_round().second, 0);
  EXPECT_EQ(b.in_pots(), 3 + 15);
}

TEST(PokerBetting, LimitsAndStacksAreEnforced) {
  Betting b = table({50, 8, 50});
  b.start_round(0);
  EXPECT_EQ(code(b.check_move(1, {MoveType::kCheck, 0})), "not_your_turn");
  EXPECT_EQ(code(b.check_move(0, {MoveType::kBet, 1})), "bet_out_of_limits");
  EXPECT_EQ(code(b.check_move(0, {MoveType::kBet, 11})), "bet_out_of_limits");
  EXPECT_EQ(code(b.check_move(0, {MoveType::kBet, 0})), "bad_amount");
  EXPECT_EQ(code(b.check_move(0, {MoveType::kRaise, 3})), "no_bet_to_raise");
  EXPECT_EQ(code(b.check_move(0, {MoveType::kCall, 0})), "no_bet_to_call");
  EXPECT_EQ(code(b.check_move(0, {MoveType::kFold, 0})), "no_bet_to_fold");
  play(b, 0, MoveType::kBet, 6);
  // Seat 1 holds 7: a raise of 2 needs 8.
  EXPECT_EQ(code(b.check_move(1, {MoveType::kRaise, 2})), "over_stack");
  // The largest amount JSON can carry: refused, not added to what is owed (fuzz_engine
  // found owed + amount overflowing).
  EXPECT_EQ(code(b.check_move(1, {MoveType::kRaise, INT64_MAX})), "over_stack");
  EXPECT_EQ(code(b.check_move(1, {MoveType::kBet, 2})), "bet_already_made");
  // All in for a raise of 1: below min_bet but allowed because it is all in.
  play(b, 1, MoveType::kRaise, 1);
  EXPECT_TRUE(b.all_in(1));
  EXPECT_EQ(b.current_bet(), 7);
  EXPECT_EQ(code(b.check_move(2, {MoveType::kRaise, 11})), "bet_out_of_limits");
  EXPECT_EQ(code(b.check_move(2, {MoveType::kRaise, 44})), "over_stack");
}

TEST(PokerBetting, AShortAllInRaiseDoesNotReopenTheBetting) {
  Betting b = table({50, 8, 50});
  b.start_round(0);
  play(b, 0, MoveType::kBet, 6);
  play(b, 1, MoveType::kRaise, 1);  // all in, short
  play(b, 2, MoveType::kRaise, 4);  // a full raise by a seat that had not acted
  ASSERT_EQ(b.to_act(), 0);
  play(b, 0, MoveType::kRaise, 2);  // reopened by seat 2's full raise
  ASSERT_EQ(b.to_act(), 2);
  play(b, 2, MoveType::kCall);
  EXPECT_FALSE(b.to_act());

  Betting c = table({50, 8, 50});
  c.start_round(0);
  play(c, 0, MoveType::kBet, 6);
  play(c, 1, MoveType::kRaise, 1);
  play(c, 2, MoveType::kCall);
  ASSERT_EQ(c.to_act(), 0);
  EXPECT_FALSE(c.raise_range(0).has_value());
  EXPECT_EQ(code(c.check_move(0, {MoveType::kRaise, 2})), "betting_not_reopened");
  play(c, 0, MoveType::kCall);
  EXPECT_FALSE(c.to_act());
}

TEST(PokerBetting, AnUncalledBetGoesBack) {
  Betting b = table({50, 50, 50});
  b.start_round(0);
  play(b, 0, MoveType::kBet, 10);
  play(b, 1, MoveType::kFold);
  play(b, 2, MoveType::kFold);
  EXPECT_FALSE(b.to_act());
  EXPECT_EQ(b.live_count(), 1);
  auto [seat, amount] = b.end_round();
  EXPECT_EQ(seat, 0);
  EXPECT_EQ(amount, 10);
  EXPECT_EQ(b.stack(0), 49);
}

TEST(PokerBetting, ACallForLessLeavesTheExcessUncalled) {
  Betting b = table({50, 5, 50});
  b.start_round(0);
  play(b, 0, MoveType::kBet, 10);
  play(b, 1, MoveType::kCall);  // all in for 4
  play(b, 2, MoveType::kFold);
  EXPECT_FALSE(b.to_act());
  auto [seat, amount] = b.end_round();
  EXPECT_EQ(seat, 0);
  EXPECT_EQ(amount, 6);
  auto pots = b.pots();
  ASSERT_EQ(pots.size(), 1u);
  EXPECT_EQ(pots[0].amount, 3 + 8);
  EXPECT_EQ(pots[0].eligible, (std::vector<Seat>{0, 1}));
}

TEST(PokerBetting, NobodyIsAskedWhenNoOneCouldAnswer) {
  Betting b = table({50, 1, 1});  // seats 1 and 2 are all in on the ante
  b.start_round(1);
  EXPECT_EQ(b.bettors(), 1);
  EXPECT_FALSE(b.to_act());
}

TEST(PokerBetting, FoldedSeatsAndSeatsOutOfTheDealAreSkipped) {
  Betting b(4, 1, 5);
  for (Seat s = 0; s < 4; ++s) b.add_chips(s, 20);
  b.start_deal({true, false, true, true}, {1, 0, 1, 1}, 7);
  EXPECT_EQ(b.dead(), 10);
  b.start_round(0);
  play(b, 0, MoveType::kBet, 3);
  ASSERT_EQ(b.to_act(), 2);
  play(b, 2, MoveType::kFold);
  ASSERT_EQ(b.to_act(), 3);
  play(b, 3, MoveType::kCall);
  EXPECT_FALSE(b.to_act());
  b.end_round();
  b.start_round(1);
  EXPECT_EQ(b.to_act(), 3);
}

// Random legal play: the chips at the table never change, a stack never goes negative,
// and every round ends.
TEST(PokerBetting, RandomRoundsConserveChips) {
  constexpr int kRounds = 3000;
  Rng rng(Seed::from_u64(7), 0);
  for (int r = 0; r < kRounds; ++r) {
    const int seats = 2 + static_cast<int>(rng.below(6));
    const Chips min_bet = 1 + static_cast<Chips>(rng.below(4));
    Betting b(seats, min_bet, min_bet + static_cast<Chips>(rng.below(10)));
    std::vector<bool> in(seats);
    std::vector<Chips> antes(seats, 1);
    for (Seat s = 0; s < seats; ++s) {
      b.add_chips(s, 1 + static_cast<Chips>(rng.below(40)));
      in[s] = true;
    }
    const Chips total = b.total();
    b.start_deal(in, antes, 5);
    ASSERT_EQ(b.total(), total + 5);
    for (int round = 0; round < 2; ++round) {
      b.start_round(static_cast<Seat>(rng.below(static_cast<std::uint64_t>(seats))));
      int steps = 0;
      while (auto seat = b.to_act()) {
        ASSERT_LT(++steps, 1000);
        std::vector<Move> moves;
        if (b.may_check(*seat)) moves.push_back({MoveType::kCheck, 0});
        if (b.may_call(*seat)) moves.push_back({MoveType::kCall, 0});
        if (b.may_fold(*seat)) moves.push_back({MoveType::kFold, 0});
        if (auto range = b.bet_range(*seat)) moves.push_back({MoveType::kBet, range->max});
        if (auto range = b.raise_range(*seat)) moves.push_back({MoveType::kRaise, range->min});
        ASSERT_FALSE(moves.empty());
        Move move = moves[rng.below(moves.size())];
        ASSERT_EQ(code(b.check_move(*seat, move)), "ok");
        b.apply(*seat, move);
        ASSERT_EQ(b.total(), total + 5);
        for (Seat s = 0; s < seats; ++s) ASSERT_GE(b.stack(s), 0);
      }
      b.end_round();
      ASSERT_EQ(b.total(), total + 5);
      Chips pots = 0;
      for (const Pot& pot : b.pots()) pots += pot.amount;
      ASSERT_EQ(pots, b.in_pots());
    }
  }
}

}  // namespace
}  // namespace parlor::poker
