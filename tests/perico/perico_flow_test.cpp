// Scripted deals for every rule of the round flow (../shared/rules/perico.md).
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/core/deck.hpp"

#include "tests/perico/perico_test_util.hpp"

namespace parlor::perico {
namespace {

using testing::Deal;
using testing::discard;
using testing::draw;
using testing::expect_rejected;
using testing::knock;
using testing::perico;
using testing::play;
using testing::start;
using testing::strings;
using testing::take;

std::vector<Card> cards(std::string_view text) { return *parse_card_list(text); }

// Three seats, dealer 0, so seat 1 acts first. Hands chosen far from complete.
Deal three_seats(Json discard_pile, Json stock = Json::array()) {
  Deal deal;
  deal.hands = {{"2C", "5D", "8H", "JH", "KC"},   // high card
                {"3C", "3D", "3H", "9S", "JD"},   // three of a kind
                {"4C", "4D", "7H", "TH", "6C"}};  // one pair
  deal.discard = std::move(discard_pile);
  deal.stock = std::move(stock);
  return deal;
}

bool has_event(const std::vector<Event>& events, const std::string& type) {
  for (const Event& e : events) {
    if (e.body()["type"] == type) return true;
  }
  return false;
}

TEST(PericoDeal, RandomDealGivesHandsPileAndStock) {
  for (const char* variant : {"five_card", "six_card"}) {
    Deal deal;
    deal.variant = variant;
    deal.seats = 4;
    deal.dealer = 2;
    deal.hands = nullptr;
    deal.seed = 99;
    auto state = start(deal);
    ASSERT_TRUE(state);
    const PericoState& p = perico(*state);
    const int size = p.config().variant->hand_size;
    for (const auto& hand : p.hands()) EXPECT_EQ(static_cast<int>(hand.size()), size);
    ASSERT_EQ(p.discard_pile().size(), 1u);
    EXPECT_FALSE(p.discard_pile()[0].is_joker());
    const int deck = 52 + p.config().variant->jokers;
    EXPECT_EQ(static_cast<int>(p.stock().size()), deck - 4 * size - 1);
    EXPECT_EQ(p.turn(), 3);  // left of the dealer
    EXPECT_EQ(state->waiting().seats, std::vector<Seat>{3});
    EXPECT_EQ(state->deals_started(), 1);
  }
}

TEST(PericoDeal, TargetDefaultsByVariant) {
  auto five = definition().validate_table(Json::object(), 3);
  ASSERT_TRUE(five);
  EXPECT_EQ((*five)["target"], 5);
  auto six = definition().validate_table({{"variant", "six_card"}}, 3);
  ASSERT_TRUE(six);
  EXPECT_EQ((*six)["target"], 6);
  auto chosen = definition().validate_table({{"variant", "six_card"}, {"target", 2}}, 3);
  EXPECT_EQ((*chosen)["target"], 2);
}

TEST(PericoDeal, SeatLimitsPerVariant) {
  EXPECT_TRUE(definition().validate_table({{"variant", "five_card"}}, 6));
  EXPECT_EQ(definition().validate_table({{"variant", "five_card"}}, 7).error().code,
            "bad_seat_count");
  EXPECT_TRUE(definition().validate_table({{"variant", "six_card"}}, 5));
  EXPECT_EQ(definition().validate_table({{"variant", "six_card"}}, 6).error().code,
            "bad_seat_count");
  EXPECT_EQ(definition().validate_table(Json::object(), 1).error().code, "bad_seat_count");
}

TEST(PericoDeal, BadSetups) {
  Deal joker_on_top = three_seats({"JK", "5S"});
  EXPECT_EQ(testing::try_start(joker_on_top).error().code, "bad_setup");
  Deal joker_below = three_seats({"5S", "JK"});
  EXPECT_TRUE(testing::try_start(joker_below));
  Deal short_hand = three_seats({"5S"});
  short_hand.hands[0] = {"2C", "5D", "8H", "JS"};
  EXPECT_EQ(testing::try_start(short_hand).error().code, "bad_setup");
  Deal twice = three_seats({"2C"});
  EXPECT_EQ(testing::try_start(twice).error().code, "bad_setup");
}

TEST(PericoDeal, EmptySetupPileIsTurnedUpFromTheStock) {
  auto state = start(three_seats(Json::array(), {"6S", "7S"}));
  EXPECT_EQ(perico(*state).discard_pile(), cards("6S"));
  EXPECT_EQ(perico(*state).stock().front(), cards("7S")[0]);
}

TEST(PericoDeal, TurnedUpJokerGoesBackAndAnotherCardIsTurned) {
  auto state = start(three_seats(Json::array(), {"JK", "JK", "7S"}));
  const PericoState& p = perico(*state);
  ASSERT_EQ(p.discard_pile().size(), 1u);
  EXPECT_FALSE(p.discard_pile()[0].is_joker());
  EXPECT_EQ(p.stock().size(), 54u - 15u - 1u);
  int returned = 0;
  for (const Event& e : state->take_events()) {
    if (e.body()["type"] == "deal") returned = e.body()["jokers_returned"].get<int>();
  }
  EXPECT_GE(returned, 1);
}

TEST(PericoDeal, RandomDealsNeverStartWithAJokerOnTop) {
  int deals_with_a_returned_joker = 0;
  for (std::uint64_t seed = 0; seed < 400; ++seed) {
    Deal deal;
    deal.hands = nullptr;
    deal.seed = seed;
    auto state = start(deal);
    EXPECT_FALSE(perico(*state).discard_pile()[0].is_joker());
    for (const Event& e : state->take_events()) {
      if (e.body()["type"] == "deal" && e.body()["jokers_returned"] != 0)
        ++deals_with_a_returned_joker;
    }
  }
  EXPECT_GT(deals_with_a_returned_joker, 0);  // about 1 deal in 27 turns a joker first
}

TEST(PericoTake, RulesFileExample) {
  Deal deal;
  deal.hands = {{"AS", "KD", "3C", "4H", "6D"},
                {"7C", "8D", "9S", "KH", "2C"},
                {"2D", "3D", "4D", "5H", "9H"}};
  deal.discard = {"QD", "5S"};
  auto state = start(deal);
  expect_rejected(*state, 1, take(2, {"QD", "7C"}), "card_just_taken");
  play(*state, 1, take(2, {"7C", "2C"}));
  EXPECT_EQ(perico(*state).hands()[1], cards("8D 9S KH QD 5S"));
  EXPECT_EQ(perico(*state).discard_pile(), cards("2C 7C"));
  EXPECT_EQ(state->view(1)["discard_pile"], Json({"2C", "7C"}));
  EXPECT_EQ(perico(*state).turn(), 2);
}

TEST(PericoTake, CountBoundsAndDiscardList) {
  auto state = start(three_seats({"QD", "5S", "2S", "4S", "6S", "TC"}));
  expect_rejected(*state, 1, take(0, Json::array()), "bad_take_count");
  expect_rejected(*state, 1, take(6, {"3C", "3D", "3H", "9S", "JD", "JD"}), "bad_take_count");
  expect_rejected(*state, 1, take(2, {"9S"}), "wrong_discard_count");
  expect_rejected(*state, 1, take(2, {"9S", "ZZ"}), "bad_card");
  expect_rejected(*state, 1, take(2, {"9S", "AS"}), "card_not_held");
  expect_rejected(*state, 1, take(2, {"9S", "9S"}), "card_not_held");
  expect_rejected(*state, 1, {{"type", "take"}, {"count", "two"}, {"discard", {"9S"}}},
                  "bad_action");
  expect_rejected(*state, 1, {{"type", "take"}, {"count", 1}}, "bad_action");
  EXPECT_EQ(state->view(1)["legal"]["take_max"], 5);
  play(*state, 1, take(5, {"3C", "3D", "3H", "9S", "JD"}));
  EXPECT_EQ(perico(*state).hands()[1], cards("QD 5S 2S 4S 6S"));
  EXPECT_EQ(perico(*state).discard_pile(), cards("JD 9S 3H 3D 3C TC"));
}

TEST(PericoTake, LimitedByThePile) {
  auto state = start(three_seats({"QD"}));
  EXPECT_EQ(state->view(1)["legal"]["take_max"], 1);
  expect_rejected(*state, 1, take(2, {"9S", "JD"}), "bad_take_count");
  play(*state, 1, take(1, {"9S"}));
  EXPECT_EQ(perico(*state).discard_pile(), cards("9S"));
}

TEST(PericoDraw, DrawThenDiscard) {
  auto state = start(three_seats({"QD"}, {"9C", "6S"}));
  state->take_events();
  expect_rejected(*state, 0, draw(), "not_your_turn");
  expect_rejected(*state, 1, discard("9S"), "wrong_phase");
  play(*state, 1, draw());
  EXPECT_EQ(perico(*state).hands()[1].size(), 6u);
  EXPECT_EQ(state->view(1)["drawn"], "9C");
  EXPECT_EQ(state->view(1)["phase"], "discard");
  EXPECT_EQ(state->view(1)["legal"]["discard"], true);
  EXPECT_EQ(state->view(0)["drawn"], nullptr);
  EXPECT_EQ(state->view(0)["players"][1]["cards"], 6);
  for (Seat viewer : {kSpectator, 0, 2}) {
    EXPECT_EQ(state->view(viewer).dump().find("9C"), std::string::npos) << viewer;
  }
  auto events = state->take_events();
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].body()["card"], "9C");
  EXPECT_EQ(events[0].audience.kind, Audience::Kind::kOnlySeat);
  EXPECT_FALSE(events[1].body().contains("card"));
  EXPECT_EQ(events[1].audience.kind, Audience::Kind::kAllButSeat);
  expect_rejected(*state, 1, draw(), "discard_due");
  expect_rejected(*state, 1, take(1, {"9S"}), "discard_due");
  expect_rejected(*state, 1, knock(), "discard_due");
  expect_rejected(*state, 2, discard("4C"), "not_your_turn");
  expect_rejected(*state, 1, discard("AS"), "card_not_held");
  expect_rejected(*state, 1, discard("XX"), "bad_card");
  expect_rejected(*state, 1, {{"type", "discard"}}, "bad_action");
  play(*state, 1, discard("9C"));  // the drawn card itself
  EXPECT_EQ(perico(*state).hands()[1], cards("3C 3D 3H 9S JD"));
  EXPECT_EQ(perico(*state).discard_pile(), cards("9C QD"));
  EXPECT_EQ(perico(*state).turn(), 2);
  EXPECT_EQ(state->view(1)["drawn"], nullptr);
}

TEST(PericoDraw, UnknownActionAndWrongSeat) {
  auto state = start(three_seats({"QD"}));
  expect_rejected(*state, 1, {{"type", "pass"}}, "unknown_action");
  expect_rejected(*state, 2, knock(), "not_your_turn");
  expect_rejected(*state, 2, take(1, {"4C"}), "not_your_turn");
  expect_rejected(*state, 7, draw(), "bad_seat");
  expect_rejected(*state, 1, Json::array(), "bad_action");
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
  Deal deal;
  deal.variant = "six_card";
  deal.hands = {{"2C", "5D", "8H", "JS", "KC", "6H"},
                {"3C", "3D", "3H", "9S", "JD", "6D"},
                {"4C", "4D", "7H", "TS", "AC", "6C"}};
  deal.discard = {"QD", "5S", "3S", "4S", "7S"};
  deal.stock = {"9C"};
  auto state = start(deal);
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

// Every card but the hands in the pile: the stock is empty.
Deal exhausted_stock() {
  Deal deal;
  deal.seats = 2;
  deal.hands = {{"2C", "5D", "8H", "JS", "KC"}, {"3C", "3D", "3H", "9S", "JD"}};
  std::vector<Card> held = cards("2C 5D 8H JS KC 3C 3D 3H 9S JD");
  Json pile = Json::array();
  for (Card c : standard_deck(2)) {
    if (std::find(held.begin(), held.end(), c) == held.end()) pile.push_back(c.str());
  }
  pile.erase(pile.end() - 2, pile.end());  // the jokers go below
  pile.push_back("JK");
  pile.push_back("JK");
  deal.discard = pile;
  return deal;
}

TEST(PericoStock, ExhaustedStockForbidsDrawing) {
  auto state = start(exhausted_stock());
  EXPECT_EQ(perico(*state).stock().size(), 0u);
  EXPECT_EQ(state->view(1)["stock_size"], 0);
  EXPECT_EQ(state->view(1)["legal"]["draw"], false);
  expect_rejected(*state, 1, draw(), "stock_empty");
  Json fallback = state->default_action(1);
  EXPECT_EQ(fallback["type"], "take");
  play(*state, 1, fallback);
  play(*state, 0, knock());
  play(*state, 1, state->default_action(1));
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
  Deal deal;
  deal.variant = "six_card";
  deal.hands = {{"2C", "5D", "8H", "JS", "KC", "6H"},
                {"3C", "3D", "3H", "9S", "JD", "6D"},
                {"4C", "4D", "7H", "TS", "AC", "6C"}};
  deal.discard = {"QD", "5S", "3S", "4S", "7S", "8S"};
  auto state = start(deal);
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
