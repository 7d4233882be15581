// Scripted deals for how a round ends (../shared/rules/perico.md): knocking, the joker
// on top, complete hands, scoring, the match's end, the legal moves and the default move.
#include <gtest/gtest.h>

#include "tests/perico/perico_test_deals.hpp"
#include "tests/perico/perico_test_util.hpp"

namespace parlor::perico {
namespace {

using testing::cards;
using testing::Deal;
using testing::discard;
using testing::draw;
using testing::expect_rejected;
using testing::knock;
using testing::perico;
using testing::play;
using testing::start;
using testing::take;
using testing::three_seats;
using testing::three_six_card_seats;

bool has_event(const std::vector<Event>& events, const std::string& type) {
  for (const Event& e : events) {
    if (e.body()["type"] == type) return true;
  }
  return false;
}

TEST(PericoKnock, FiveCardThreshold) {
  auto state = start(three_seats({"QD", "5S", "3S", "4S"}, {"9C"}));
  expect_rejected(*state, 1, knock(), "knock_below_threshold");
  EXPECT_EQ(state->view(1)["legal"]["knock"], false);
  play(*state, 1, draw());
  play(*state, 1, discard("9C"));
  EXPECT_EQ(state->view(2)["legal"]["knock"], true);
  play(*state, 2, knock());
  EXPECT_EQ(state->view(kSpectator)["knock"], Json({{"running", true}, {"by", 2}}));
}

TEST(PericoKnock, SixCardThreshold) {
  auto state = start(three_six_card_seats({"QD", "5S", "3S", "4S", "7S"}, {"9C"}));
  expect_rejected(*state, 1, knock(), "knock_below_threshold");
  play(*state, 1, draw());
  play(*state, 1, discard("9C"));
  play(*state, 2, knock());
}

TEST(PericoKnock, PhaseGivesEveryOtherSeatOneTurnThenEnds) {
  auto state = start(three_seats({"2D", "2H", "5S", "9C", "TD"}, {"6S", "7S"}));
  play(*state, 1, knock());
  EXPECT_EQ(state->view(2)["legal"]["knock"], false);
  expect_rejected(*state, 2, knock(), "knock_running");
  play(*state, 2, draw());
  play(*state, 2, discard("6S"));
  EXPECT_EQ(state->round(), 1);
  play(*state, 0, draw());
  play(*state, 0, discard("7S"));
  // The turn came back to the knocker: the round is over, the winner deals next.
  EXPECT_EQ(state->round(), 2);
  EXPECT_EQ(state->scores(), (std::vector<std::int64_t>{0, 1, 0}));
  Json last = state->view(kSpectator)["last_round"];
  EXPECT_EQ(last["reason"], "knock");
  EXPECT_EQ(last["knocker"], 1);
  EXPECT_EQ(last["winner"], 1);
  EXPECT_EQ(last["hands"][1]["category"], "three_of_a_kind");
  EXPECT_EQ(last["hands"][0]["cards"], Json({"2C", "5D", "8H", "JH", "KC"}));
  EXPECT_EQ(perico(*state).dealer(), 1);
  EXPECT_EQ(perico(*state).turn(), 2);
  EXPECT_FALSE(perico(*state).knocker());
  EXPECT_EQ(state->round_results().size(), 1u);
}

TEST(PericoKnock, TwoSeatsEndAfterTheOtherSeatsTurn) {
  Deal deal;
  deal.seats = 2;
  deal.dealer = 1;
  deal.hands = {{"3C", "3D", "3H", "9S", "JD"}, {"2C", "5D", "8H", "JS", "KC"}};
  deal.discard = {"2D", "2H", "5S", "9C", "TD"};
  deal.stock = {"6S"};
  auto state = start(deal);
  play(*state, 0, knock());
  play(*state, 1, take(1, {"KC"}));
  EXPECT_EQ(state->round(), 2);
  EXPECT_EQ(state->scores(), (std::vector<std::int64_t>{1, 0}));
}

TEST(PericoJoker, OnTopAfterDrawReshufflesAndCancelsTheKnockThenAnotherKnock) {
  auto state = start(three_seats({"2D", "2H", "5S", "9C", "TD"}, {"JK"}));
  play(*state, 1, knock());
  play(*state, 2, draw());
  state->take_events();
  play(*state, 2, discard("JK"));
  auto events = state->take_events();
  ASSERT_TRUE(has_event(events, "reshuffle"));
  for (const Event& e : events) {
    if (e.body()["type"] == "reshuffle") {
      EXPECT_EQ(e.body()["knock_cancelled"], true);
    }
  }
  const PericoState& p = perico(*state);
  EXPECT_EQ(p.discard_pile().size(), 1u);
  EXPECT_FALSE(p.discard_pile()[0].is_joker());
  EXPECT_EQ(p.stock().size(), 54u - 15u - 1u);
  EXPECT_FALSE(p.knocker());
  EXPECT_EQ(state->view(0)["knock"]["running"], false);
  EXPECT_EQ(p.turn(), 0);
  EXPECT_EQ(state->round(), 1);
  // The cancelled knock no longer counts: once the pile is back at 5, anyone may knock.
  expect_rejected(*state, 0, knock(), "knock_below_threshold");
  play(*state, 0, draw());
  play(*state, 0, discard("2C"));
  play(*state, 1, draw());
  play(*state, 1, discard("9S"));
  play(*state, 2, draw());
  play(*state, 2, discard("7H"));
  play(*state, 0, draw());
  play(*state, 0, discard("5D"));
  play(*state, 1, knock());
  EXPECT_EQ(perico(*state).knocker(), 1);
}

TEST(PericoJoker, PlacedLowerByATakeDoesNothing) {
  Deal deal = three_seats({"QD", "5S", "3S"});
  deal.hands[1] = {"JK", "8D", "9S", "KH", "2D"};
  auto state = start(deal);
  play(*state, 1, take(2, {"JK", "2D"}));
  EXPECT_EQ(perico(*state).discard_pile(), cards("2D JK 3S"));
}

TEST(PericoJoker, PlacedLastByATakeReshuffles) {
  Deal deal = three_seats({"QD", "5S", "3S"});
  deal.hands[1] = {"JK", "8D", "9S", "KH", "2D"};
  auto state = start(deal);
  state->take_events();
  play(*state, 1, take(2, {"2D", "JK"}));
  EXPECT_TRUE(has_event(state->take_events(), "reshuffle"));
  EXPECT_EQ(perico(*state).discard_pile().size(), 1u);
  EXPECT_FALSE(perico(*state).discard_pile()[0].is_joker());
  EXPECT_EQ(perico(*state).hands()[1], cards("8D 9S KH QD 5S"));
}

TEST(PericoComplete, ByDraw) {
  Deal deal = three_seats({"QD"}, {"JK"});
  deal.hands[1] = {"AS", "AD", "AC", "AH", "2D"};
  auto state = start(deal);
  play(*state, 1, draw());
  EXPECT_EQ(state->round(), 1);  // a draw turn completes with its discard
  play(*state, 1, discard("2D"));
  EXPECT_EQ(state->round(), 2);
  Json last = state->view(0)["last_round"];
  EXPECT_EQ(last["reason"], "complete");
  EXPECT_EQ(last["winner"], 1);
  EXPECT_EQ(last["hands"][1]["category"], "five_of_a_kind");
  EXPECT_EQ(last["hands"][1]["complete"], true);
  EXPECT_EQ(state->scores(), (std::vector<std::int64_t>{0, 1, 0}));
  EXPECT_EQ(perico(*state).dealer(), 1);
}

TEST(PericoComplete, ByTake) {
  Deal deal = three_seats({"KS", "3S"});
  deal.hands[1] = {"AS", "QS", "JS", "TS", "2D"};
  auto state = start(deal);
  play(*state, 1, take(1, {"2D"}));
  Json last = state->view(0)["last_round"];
  EXPECT_EQ(last["winner"], 1);
  EXPECT_EQ(last["hands"][1]["category"], "royal_flush");
  EXPECT_EQ(state->round(), 2);
}

TEST(PericoComplete, DuringAKnockPhase) {
  Deal deal = three_seats({"KS", "3S", "4S", "5S", "6S"});
  deal.hands[2] = {"AS", "QS", "JS", "TS", "2D"};
  auto state = start(deal);
  play(*state, 1, knock());
  play(*state, 2, take(1, {"2D"}));
  Json last = state->view(0)["last_round"];
  EXPECT_EQ(last["reason"], "complete");
  EXPECT_EQ(last["winner"], 2);
}

TEST(PericoComplete, AtTheDeal) {
  Deal deal = three_seats({"QD"});
  deal.hands[2] = {"AS", "KS", "QS", "JS", "TS"};
  auto state = start(deal);
  EXPECT_EQ(state->round(), 2);
  Json last = state->view(kSpectator)["last_round"];
  EXPECT_EQ(last["reason"], "complete_at_deal");
  EXPECT_EQ(last["winner"], 2);
  EXPECT_EQ(state->scores(), (std::vector<std::int64_t>{0, 0, 1}));
  EXPECT_EQ(perico(*state).dealer(), 2);
  EXPECT_EQ(state->deals_started(), 2);
}

TEST(PericoComplete, SeveralAtTheDealBestWins) {
  Deal deal = three_seats({"QD"});
  deal.hands[0] = {"AH", "AD", "AC", "AS", "JK"};
  deal.hands[1] = {"KS", "QS", "JS", "TS", "9S"};  // straight flush: not complete
  deal.hands[2] = {"KH", "QH", "JH", "TH", "JK"};  // royal flush with a joker
  auto state = start(deal);
  Json last = state->view(kSpectator)["last_round"];
  EXPECT_EQ(last["winner"], 2);
  EXPECT_EQ(last["hands"][0]["category"], "five_of_a_kind");
  EXPECT_EQ(last["hands"][2]["category"], "royal_flush");
}

TEST(PericoComplete, TwoEqualAtTheDealIsADrawnRound) {
  Deal deal = three_seats({"QD"});
  deal.hands[0] = {"AS", "KS", "QS", "JS", "TS"};
  deal.hands[2] = {"AH", "KH", "QH", "JH", "TH"};
  auto state = start(deal);
  Json last = state->view(kSpectator)["last_round"];
  EXPECT_EQ(last["winner"], nullptr);
  EXPECT_EQ(last["drawn"], true);
  EXPECT_EQ(state->scores(), (std::vector<std::int64_t>{0, 0, 0}));
  EXPECT_EQ(perico(*state).dealer(), 1);  // the deal passes left
  EXPECT_EQ(state->round(), 2);
}

TEST(PericoRound, DrawnRoundGivesNoPointsAndPassesTheDeal) {
  Deal deal = three_seats({"2D", "2H", "5S", "9H", "TD"}, {"KS", "KH"});
  deal.hands = {{"9C", "7D", "5H", "3S", "2C"},
                {"9D", "7H", "5S", "3C", "2S"},
                {"8C", "6D", "4H", "3H", "2H"}};
  deal.discard = {"QD", "QH", "5C", "9S", "TD"};
  auto state = start(deal);
  play(*state, 1, knock());
  play(*state, 2, draw());
  play(*state, 2, discard("KS"));
  play(*state, 0, draw());
  play(*state, 0, discard("KH"));
  Json last = state->view(kSpectator)["last_round"];
  EXPECT_EQ(last["drawn"], true);
  EXPECT_EQ(last["winner"], nullptr);
  EXPECT_EQ(state->scores(), (std::vector<std::int64_t>{0, 0, 0}));
  EXPECT_EQ(perico(*state).dealer(), 1);
  EXPECT_EQ(state->round_results().size(), 1u);
}

TEST(PericoRound, OutrankedScoring) {
  Deal deal = three_seats({"2D", "2H", "5S", "9C", "TD"}, {"6S", "7S"});
  deal.options = {{"scoring", "outranked"}};
  auto state = start(deal);
  play(*state, 1, knock());
  play(*state, 2, draw());
  play(*state, 2, discard("6S"));
  play(*state, 0, draw());
  play(*state, 0, discard("7S"));
  EXPECT_EQ(state->scores(), (std::vector<std::int64_t>{0, 2, 1}));
  EXPECT_EQ(state->view(0)["last_round"]["points"], Json({0, 2, 1}));
}

TEST(PericoMatch, EndsAtTheTarget) {
  Deal deal = three_seats({"QD"}, {"JK"});
  deal.hands[1] = {"AS", "AD", "AC", "AH", "2D"};
  deal.options = {{"target", 1}};
  auto state = start(deal);
  play(*state, 1, draw());
  play(*state, 1, discard("2D"));
  EXPECT_TRUE(state->match_over());
  EXPECT_EQ(state->waiting().mode, WaitMode::kNobody);
  EXPECT_EQ(state->placings(), (std::vector<int>{2, 1, 2}));
  EXPECT_EQ(state->view(1)["phase"], "over");
  EXPECT_EQ(state->view(1)["legal"], Json::object());
  EXPECT_EQ(state->round(), 1);
  EXPECT_EQ(state->apply(2, draw()).error->code, "match_over");
}

TEST(PericoMatch, OutrankedTieAtTheTopPlaysOn) {
  Deal deal = three_seats({"QD"});
  deal.hands[0] = {"AS", "KS", "QS", "JS", "TS"};
  deal.hands[2] = {"AH", "KH", "QH", "JH", "TH"};
  deal.options = {{"scoring", "outranked"}, {"target", 1}};
  auto state = start(deal);
  EXPECT_EQ(state->scores(), (std::vector<std::int64_t>{1, 0, 1}));
  EXPECT_FALSE(state->match_over());
  EXPECT_EQ(state->round(), 2);
}

TEST(PericoLegal, EnumeratesEveryMoveAndEachIsAccepted) {
  auto state = start(three_seats({"2D", "2H", "5S", "9C", "TD"}, {"6S"}));
  LegalActions legal = state->legal_actions(1);
  EXPECT_TRUE(legal.complete);
  // draw + knock + takes: 5 + 5*4 + 5*4*3 + 5*4*3*2 + 5! ordered discards
  EXPECT_EQ(legal.actions.size(), 2u + 5 + 20 + 60 + 120 + 120);
  for (const Json& action : legal.actions) {
    auto copy = state->clone();
    EXPECT_TRUE(copy->apply(1, action).ok()) << action.dump();
  }
  EXPECT_TRUE(state->legal_actions(0).actions.empty());
  play(*state, 1, draw());
  legal = state->legal_actions(1);
  EXPECT_EQ(legal.actions.size(), 6u);
  for (const Json& action : legal.actions) EXPECT_TRUE(state->clone()->apply(1, action).ok());
}

TEST(PericoLegal, SixCardEnumeratesEveryOrderedDiscard) {
  auto state = start(three_six_card_seats({"QD", "5S", "3S", "4S", "7S", "8S"}));
  LegalActions legal = state->legal_actions(1);
  EXPECT_EQ(legal.actions.size(), 2u + 6 + 30 + 120 + 360 + 720 + 720);
  for (std::size_t i = 0; i < legal.actions.size(); i += 7) {
    EXPECT_TRUE(state->clone()->apply(1, legal.actions[i]).ok()) << legal.actions[i].dump();
  }
}

TEST(PericoLegal, IdenticalJokersAreOneChoice) {
  Deal deal;
  deal.variant = "six_card";
  deal.seats = 2;
  deal.hands = {{"2C", "5D", "8H", "JS", "KC", "6H"}, {"JK", "JK", "3H", "9S", "JD", "6D"}};
  deal.discard = {"QD"};
  auto state = start(deal);
  // x = 1 only; five distinct cards to discard.
  EXPECT_EQ(state->legal_actions(1).actions.size(), 1u + 5u);
}

TEST(PericoDefault, DrawThenKeepTheBestHand) {
  auto state = start(three_seats({"QD"}, {"2H", "3S", "JK"}));
  EXPECT_EQ(state->default_action(1), draw());
  play(*state, 1, state->default_action(1));
  EXPECT_EQ(state->default_action(1), discard("2H"));  // the useless drawn card
  play(*state, 1, state->default_action(1));
  play(*state, 2, draw());
  play(*state, 2, discard("3S"));
  play(*state, 0, draw());
  EXPECT_NE(state->default_action(0), discard("JK"));  // keeps the joker
  Deal trips = three_seats({"QD"}, {"3S"});
  auto other = start(trips);
  play(*other, 1, draw());
  EXPECT_EQ(other->default_action(1), discard("9S"));  // keeps 3333 and the jack
}

}  // namespace
}  // namespace parlor::perico
