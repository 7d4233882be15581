// The three auctions: Pedro's one bid each with the dealer forced, King Pedro's final
// passes and throw-in, Cinch's open auction and its no-contract hand.
#include <gtest/gtest.h>

#include "tests/pedro/pedro_test_util.hpp"

namespace parlor::pedro::testing {
namespace {

TEST(PedroBidding, RangeOrderAndOneBidEach) {
  Table t = pedro_rob_past_six();
  const Json before = t.view(0);
  EXPECT_EQ(t.act(0, bid(6)), "bid_out_of_range");
  EXPECT_EQ(t.act(0, bid(15)), "bid_out_of_range");
  EXPECT_EQ(t.act(1, bid(7)), "not_your_turn");
  EXPECT_EQ(t.act(0, play("AH")), "wrong_phase");
  EXPECT_EQ(t.act(0, {{"type", "fold"}}), "unknown_action");
  EXPECT_EQ(t.act(0, {{"type", "bid"}}), "bad_action");
  EXPECT_EQ(t.view(0), before) << "a rejected move changes nothing";
  t.ok(0, bid(8));
  EXPECT_EQ(t.act(1, bid(8)), "bid_too_low");
  EXPECT_EQ(t.act(0, bid(9)), "already_bid");
  t.ok(1, bid(9));   // over the opponents
  t.ok(2, bid(10));  // a player may overbid their partner
  EXPECT_EQ(t.act(1, pass()), "already_bid");
  t.ok(3, pass());
  EXPECT_EQ(t.state().phase(), Phase::kTrump);
  EXPECT_EQ(t.state().declarer(), 2);
  const Json view = t.view(2);
  EXPECT_EQ(view["high_bid"], 10);
  EXPECT_EQ(view["legal"]["trump"].size(), 4u);
  EXPECT_EQ(t.view(0)["legal"], Json::object());
}

TEST(PedroBidding, DealerForcedToSevenAfterThreePasses) {
  Table t = pedro_rob_past_six();
  t.ok(0, pass());
  t.ok(1, pass());
  t.ok(2, pass());
  EXPECT_EQ(t.view(3)["legal"]["pass"], false);
  EXPECT_EQ(t.act(3, pass()), "dealer_must_bid");
  // The timeout default is the forced bid.
  EXPECT_EQ(t.game->default_action(3), bid(7));
  t.ok(3, bid(7));
  EXPECT_EQ(t.state().declarer(), 3);
  EXPECT_EQ(t.view(0)["calls"].size(), 4u);
}

TEST(KingPedroBidding, PassIsFinalAndThreePassesEnd) {
  Table t = king_pedro_deal();
  EXPECT_EQ(t.act(0, bid(29)), "bid_out_of_range");
  EXPECT_EQ(t.act(0, bid(45)), "bid_out_of_range");
  t.ok(0, bid(30));
  t.ok(1, pass());
  t.ok(2, bid(32));
  t.ok(3, pass());
  EXPECT_EQ(t.act(1, bid(33)), "already_passed");
  EXPECT_EQ(t.act(3, pass()), "already_passed");
  t.ok(0, bid(34));  // the auction goes round again, skipping the passed seats
  EXPECT_EQ(t.state().waiting().seats, std::vector<Seat>{2});
  t.ok(2, pass());
  EXPECT_EQ(t.state().phase(), Phase::kTrump);
  EXPECT_EQ(t.state().declarer(), 0);
  EXPECT_EQ(t.view(1)["high_bid"], 34);
}

TEST(KingPedroBidding, AllPassThrowsTheHandIn) {
  Table t = king_pedro_deal();
  for (Seat s : {0, 1, 2}) t.ok(s, pass());
  // Three passes but no bid yet: the dealer still chooses.
  EXPECT_EQ(t.state().phase(), Phase::kBidding);
  EXPECT_EQ(t.state().waiting().seats, std::vector<Seat>{3});
  t.ok(3, pass());
  EXPECT_EQ(t.game->round(), 2);
  EXPECT_EQ(t.state().dealer(), 0);  // the next dealer deals
  EXPECT_EQ(t.game->round_results()[0]["thrown_in"], true);
  EXPECT_EQ(t.view(2)["last_round"]["thrown_in"], true);
  EXPECT_EQ(t.state().waiting().seats, std::vector<Seat>{1});
}

TEST(KingPedroBidding, LastSeatBidsAfterThreePasses) {
  Table t = king_pedro_deal();
  for (Seat s : {0, 1, 2}) t.ok(s, pass());
  t.ok(3, bid(30));
  EXPECT_EQ(t.state().phase(), Phase::kTrump);
  EXPECT_EQ(t.state().declarer(), 3);
}

TEST(CinchBidding, OpenAuctionEndsWithThreePassesInARow) {
  Table t = cinch_choose_trumps();
  EXPECT_EQ(t.act(0, bid(0)), "bid_out_of_range");
  EXPECT_EQ(t.act(0, bid(15)), "bid_out_of_range");
  t.ok(0, pass());
  t.ok(1, bid(5));
  t.ok(2, pass());
  t.ok(3, pass());
  t.ok(0, bid(6));  // a player who passed may bid again
  EXPECT_EQ(t.act(1, bid(6)), "bid_too_low");
  t.ok(1, pass());
  t.ok(2, pass());
  EXPECT_EQ(t.state().phase(), Phase::kBidding);
  t.ok(3, pass());
  EXPECT_EQ(t.state().phase(), Phase::kTrump);
  EXPECT_EQ(t.state().declarer(), 0);
  EXPECT_EQ(t.view(0)["contract"], true);
}

TEST(CinchBidding, FourPassesDealerNamesTrumpsWithoutContract) {
  Table t = cinch_choose_trumps();
  for (Seat s : {0, 1, 2, 3}) t.ok(s, pass());
  EXPECT_EQ(t.state().phase(), Phase::kTrump);
  EXPECT_EQ(t.state().declarer(), 3);
  EXPECT_EQ(t.view(1)["contract"], false);
  EXPECT_EQ(t.act(0, trump("H")), "not_your_turn");
  EXPECT_EQ(t.act(3, trump("X")), "bad_suit");
  t.ok(3, trump("H"));
  // The rob and seat 0's excess trump come next; then the dealer leads.
  t.ok(3, cards_action("rob", {"5H", "3H", "5D"}));
  t.ok(0, cards_action("discard", {"8H"}));
  EXPECT_EQ(t.state().phase(), Phase::kPlay);
  EXPECT_EQ(t.state().waiting().seats, std::vector<Seat>{3});
}

}  // namespace
}  // namespace parlor::pedro::testing
