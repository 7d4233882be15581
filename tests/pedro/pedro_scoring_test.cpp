// The rules file's examples of trumps and scoring, both Cinch scoring options, and
// the ways a match ends (bidder goes out, both sides over 62, King Pedro's 200).
#include <gtest/gtest.h>

#include "engine/core/deck.hpp"
#include "engine/pedro/pedro_scoring.hpp"
#include "engine/pedro/pedro_trumps.hpp"
#include "tests/pedro/pedro_test_util.hpp"

namespace parlor::pedro::testing {
namespace {

Card c(const std::string& text) { return *parse_card(text); }

Variant variant(const std::string& name, const std::string& scoring = "difference") {
  return variant_from_options({{"variant", name}, {"cinch_scoring", scoring}});
}

HandScore score(const std::string& name, int bid, int bidders, int bidder_points,
                int defender_points, const std::string& scoring = "difference") {
  HandTally tally;
  tally.bid = bid;
  tally.bidding_side = bidders;
  tally.points[bidders] = bidder_points;
  tally.points[1 - bidders] = defender_points;
  return score_hand(tally, variant(name, scoring));
}

TEST(PedroTrumps, LowPedroBeatsTheFourAndLosesToThePedro) {
  // Rules example: hearts trumps, 5D is the low pedro.
  EXPECT_TRUE(is_low_pedro(c("5D"), Suit::kHearts));
  EXPECT_TRUE(is_trump(c("5D"), Suit::kHearts));
  EXPECT_EQ(trick_winner_index({c("4H"), c("5D")}, Suit::kHearts), 1u);
  EXPECT_EQ(trick_winner_index({c("5D"), c("5H")}, Suit::kHearts), 1u);
  EXPECT_EQ(trick_winner_index({c("5H"), c("5D"), c("4H")}, Suit::kHearts), 0u);
  EXPECT_EQ(same_colour_suit(Suit::kClubs), Suit::kSpades);
  EXPECT_EQ(same_colour_suit(Suit::kDiamonds), Suit::kHearts);
}

TEST(PedroTrumps, TrickWinners) {
  // No trump: the highest card of the suit led; a trump beats any plain card.
  EXPECT_EQ(trick_winner_index({c("9C"), c("AS"), c("KC"), c("TC")}, Suit::kHearts), 2u);
  EXPECT_EQ(trick_winner_index({c("AC"), c("2H"), c("KC")}, Suit::kHearts), 1u);
  // The low pedro led is a trump lead: a heart-suit card of its printed suit is not.
  EXPECT_EQ(trick_winner_index({c("5D"), c("AD")}, Suit::kHearts), 0u);
}

TEST(PedroTrumps, PointCards) {
  const Variant pedro = variant("pedro");
  int total = 0;
  for (Card card : standard_deck()) total += point_value(card, Suit::kSpades, pedro);
  EXPECT_EQ(total, 14);
  const Variant king = variant("king_pedro");
  total = 0;
  for (Card card : standard_deck()) total += point_value(card, Suit::kSpades, king);
  EXPECT_EQ(total, 44);
  EXPECT_EQ(point_value(c("5C"), Suit::kSpades, pedro), 5);  // the low pedro
  EXPECT_EQ(point_value(c("KS"), Suit::kSpades, pedro), 0);
  EXPECT_EQ(point_value(c("KS"), Suit::kSpades, king), 30);
  EXPECT_EQ(point_value(c("AC"), Suit::kSpades, pedro), 0);
}

TEST(PedroFollow, KingOfSpadesLedClubsTrumps) {
  // Rules example: clubs trumps, KS led, a hand of 5S and diamonds: 5S is a trump.
  const Variant pedro = variant("pedro");
  const std::vector<Card> hand = {c("5S"), c("2D"), c("9D")};
  EXPECT_EQ(check_follow(hand, c("KS"), c("5S"), Suit::kClubs, pedro), FollowVerdict::kLegal);
  EXPECT_EQ(check_follow(hand, c("KS"), c("9D"), Suit::kClubs, pedro), FollowVerdict::kMustFollow);
  EXPECT_EQ(legal_follow_cards(hand, c("KS"), Suit::kClubs, pedro), std::vector<Card>{c("5S")});
}

TEST(PedroFollow, LowPedroLedIsATrumpLead) {
  const Variant pedro = variant("pedro");
  const std::vector<Card> hand = {c("9D"), c("3H")};
  EXPECT_EQ(check_follow(hand, c("5D"), c("9D"), Suit::kHearts, pedro),
            FollowVerdict::kLowPedroIsTrump);
  EXPECT_EQ(check_follow(hand, c("5D"), c("3H"), Suit::kHearts, pedro), FollowVerdict::kLegal);
}

TEST(PedroFollow, PlainLeadSuitOrTrumpInPedroAnythingInKingPedro) {
  const std::vector<Card> hand = {c("9C"), c("3H"), c("AS")};
  const Variant pedro = variant("pedro");
  const Variant king = variant("king_pedro");
  EXPECT_EQ(check_follow(hand, c("KC"), c("3H"), Suit::kHearts, pedro), FollowVerdict::kLegal);
  EXPECT_EQ(check_follow(hand, c("KC"), c("9C"), Suit::kHearts, pedro), FollowVerdict::kLegal);
  EXPECT_EQ(check_follow(hand, c("KC"), c("AS"), Suit::kHearts, pedro), FollowVerdict::kMustFollow);
  EXPECT_EQ(check_follow(hand, c("KC"), c("AS"), Suit::kHearts, king), FollowVerdict::kLegal);
  EXPECT_EQ(check_follow(hand, c("KH"), c("AS"), Suit::kHearts, king), FollowVerdict::kMustFollow);
}

TEST(PedroFollow, FirstTrickDumpKeepsAPointCardPlayable) {
  // 13 trumps (all six point cards): playing a non-point card would leave only six
  // non-point cards for a dump of seven, so only the point cards may be played.
  const Variant pedro = variant("pedro");
  std::vector<Card> hand;
  for (const char* text :
       {"AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "5D", "4H", "2H"}) {
    hand.push_back(c(text));
  }
  const DumpRule rule = first_trick_dump(hand, hand, Suit::kHearts, pedro);
  EXPECT_EQ(rule.count, 7);
  EXPECT_EQ(rule.playable.size(), 6u);
  for (Card card : rule.playable) EXPECT_TRUE(is_point_card(card, Suit::kHearts, pedro));
}

TEST(PedroScoring, RulesExamples) {
  // A side bids 9 and captures 10 → bidders +10, defenders +4.
  HandScore made = score("pedro", 9, 0, 10, 4);
  EXPECT_TRUE(made.made);
  EXPECT_EQ(made.delta[0], 10);
  EXPECT_EQ(made.delta[1], 4);
  // ... captures 8 → bidders −9, defenders +6.
  HandScore set = score("pedro", 9, 1, 8, 6);
  EXPECT_FALSE(set.made);
  EXPECT_EQ(set.delta[1], -9);
  EXPECT_EQ(set.delta[0], 6);
}

TEST(PedroScoring, CinchSetAddsTheBidToTheDefenders) {
  // Rules example: bid 8, bidders capture 7, defenders 7 → defenders +15.
  for (const char* scoring : {"difference", "bid_minus_opponents"}) {
    HandScore s = score("cinch", 8, 0, 7, 7, scoring);
    EXPECT_FALSE(s.made);
    EXPECT_EQ(s.delta[0], 0);
    EXPECT_EQ(s.delta[1], 15);
  }
}

TEST(PedroScoring, CinchOvertrickUnderBothOptions) {
  // Bid 8, captured 12 (defenders 2): +10 with difference, +6 with bid_minus_opponents.
  HandScore diff = score("cinch", 8, 1, 12, 2, "difference");
  EXPECT_EQ(diff.delta[1], 10);
  EXPECT_EQ(diff.delta[0], 0);
  HandScore minus = score("cinch", 8, 1, 12, 2, "bid_minus_opponents");
  EXPECT_EQ(minus.delta[1], 6);
  EXPECT_EQ(minus.delta[0], 0);
}

TEST(PedroScoring, CinchMadeBidThatLosesOnPoints) {
  // Seed example: a bid of 6 made while the defenders take 8 scores 2 for the defenders.
  HandScore minus = score("cinch", 6, 0, 6, 8, "bid_minus_opponents");
  EXPECT_TRUE(minus.made);
  EXPECT_EQ(minus.delta[0], 0);
  EXPECT_EQ(minus.delta[1], 2);
  HandScore diff = score("cinch", 6, 0, 6, 8, "difference");
  EXPECT_EQ(diff.delta[1], 2);
}

TEST(PedroScoring, CinchWithoutContractScoresTheDifference) {
  HandTally tally;
  tally.points = {9, 4};
  HandScore s = score_hand(tally, variant("cinch"));
  EXPECT_FALSE(s.contract);
  EXPECT_EQ(s.delta[0], 5);
  EXPECT_EQ(s.delta[1], 0);
}

TEST(PedroScoring, KingPedroSetBack) {
  HandScore s = score("king_pedro", 35, 1, 34, 10);
  EXPECT_EQ(s.delta[1], -35);
  EXPECT_EQ(s.delta[0], 10);
}

std::optional<int> winner(const std::string& name, SideScores before, int bidders, int bid,
                          int bidder_points) {
  const Variant v = variant(name);
  HandTally tally;
  tally.bid = bid;
  tally.bidding_side = bidders;
  tally.points[bidders] = bidder_points;
  tally.points[1 - bidders] = v.total_points() - bidder_points;
  const HandScore s = score_hand(tally, v);
  SideScores after = before;
  after[0] += s.delta[0];
  after[1] += s.delta[1];
  return match_winner(v, before, after, tally, s);
}

TEST(PedroMatchEnd, FirstTo62) {
  EXPECT_EQ(winner("pedro", {50, 20}, 0, 7, 12), 0);             // 62
  EXPECT_EQ(winner("pedro", {50, 20}, 0, 7, 11), std::nullopt);  // 61
  EXPECT_EQ(winner("pedro", {20, 58}, 0, 7, 9), 1);              // defenders reach 63
}

TEST(PedroMatchEnd, BidderGoesOutWinsOnAMadeBid) {
  // Both at 55 or more: the bidding side making its bid wins whatever the totals.
  EXPECT_EQ(winner("pedro", {55, 60}, 0, 7, 7), 0);  // 62 vs 67: the bidders still win
  EXPECT_EQ(winner("pedro", {56, 57}, 1, 8, 8), 1);
}

TEST(PedroMatchEnd, BidderGoesOutLossIsScoredNormally) {
  // The bidders fail: scored normally. 56 − 10 = 46 against 57 + 6 = 63: defenders win.
  EXPECT_EQ(winner("pedro", {56, 57}, 0, 10, 8), 1);
  // 55 − 10 = 45 against 55 + 5 = 60: nobody yet.
  EXPECT_EQ(winner("pedro", {55, 55}, 0, 10, 9), std::nullopt);
}

TEST(PedroMatchEnd, BothOver62TheBiddersWin) {
  // 57 + 6 = 63 for the defenders, 54 + 8 = 62 for the bidders: the bidders win.
  EXPECT_EQ(winner("pedro", {57, 54}, 1, 7, 8), 1);
  EXPECT_EQ(winner("pedro", {54, 50}, 1, 7, 12), 1);  // 56 against 62
}

TEST(PedroMatchEnd, KingPedroWinsOnlyOnAMadeBid) {
  // Defenders reaching 200 win nothing yet.
  EXPECT_EQ(winner("king_pedro", {190, 100}, 1, 30, 30), std::nullopt);  // 204 as defenders
  EXPECT_EQ(winner("king_pedro", {190, 180}, 1, 30, 30), 1);             // 210 on a made bid
  EXPECT_EQ(winner("king_pedro", {190, 180}, 1, 40, 30), std::nullopt);  // set
}

TEST(PedroMatchEnd, CinchFirstTo51) {
  EXPECT_EQ(winner("cinch", {45, 0}, 0, 5, 12), 0);            // +10 → 55
  EXPECT_EQ(winner("cinch", {45, 0}, 0, 5, 9), std::nullopt);  // +4 → 49
}

}  // namespace
}  // namespace parlor::pedro::testing
