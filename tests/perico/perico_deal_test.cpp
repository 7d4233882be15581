// Scripted deals for the round flow's opening moves (../shared/rules/perico.md): the deal,
// taking from the pile, drawing, and an exhausted stock.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/core/deck.hpp"
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

}  // namespace
}  // namespace parlor::perico
