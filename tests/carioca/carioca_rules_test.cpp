// Scripted deals for each rule of ../shared/rules/carioca.md: the deal and turn order,
// lowering each way, lay-offs, going out, stealing, the stock running out, totals,
// views, legal moves and timeouts.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/core/deck.hpp"
#include "tests/carioca/carioca_test_util.hpp"

namespace parlor::carioca {
namespace {

using testing::cards;
using testing::discard;
using testing::draw;
using testing::expect_rejected;
using testing::fixed_match;
using testing::lay;
using testing::lower;

std::unique_ptr<CariocaState> random_match(int seats, Seat dealer, Json options = Json::object()) {
  auto table = definition().validate_table(options, seats);
  EXPECT_TRUE(table.ok());
  MatchConfig config{*table, seats, Seed::from_u64(99), dealer, std::nullopt};
  auto state = definition().new_match(config);
  EXPECT_TRUE(state.ok());
  return std::unique_ptr<CariocaState>(static_cast<CariocaState*>(state->release()));
}

int hand_count(const CariocaState& state, Seat seat, const std::string& card) {
  auto hand = state.hand(seat);
  return static_cast<int>(std::count(hand.begin(), hand.end(), cards(card)[0]));
}

TEST(CariocaRules, DealsElevenEachAndPlaysToTheRight) {
  auto state = random_match(4, 2);
  for (Seat seat = 0; seat < 4; ++seat) EXPECT_EQ(state->hand(seat).size(), 11u);
  EXPECT_EQ(state->discard_pile().size(), 1u);
  EXPECT_EQ(state->stock().size(), 108u - 44u - 1u);
  EXPECT_EQ(state->turn(), 1);  // the dealer's right
  Waiting wait = state->waiting();
  EXPECT_EQ(wait.mode, WaitMode::kTurn);
  EXPECT_EQ(wait.seats, std::vector<Seat>{1});
  CARIOCA_OK(*state, 1, draw("discard"));
  Card keep = state->hand(1).front();
  CARIOCA_OK(*state, 1, discard(keep.str()));
  EXPECT_EQ(state->turn(), 0);
  EXPECT_EQ(state->phase(), Phase::kDraw);
}

TEST(CariocaRules, RoundEightDealsThirteen) {
  auto state = random_match(3, 0, {{"first_round", 8}});
  EXPECT_EQ(state->round(), 8);
  for (Seat seat = 0; seat < 3; ++seat) EXPECT_EQ(state->hand(seat).size(), 13u);
  EXPECT_EQ(state->stock().size(), 108u - 39u - 1u);
}

TEST(CariocaRules, SetupMustBeAPossibleDeal) {
  Json setup = {{"hands", {testing::card_list("7C 7D"), testing::card_list("8C 8D")}}};
  auto table = definition().validate_table(Json::object(), 2);
  MatchConfig config{*table, 2, Seed::from_u64(1), 0, setup};
  auto state = definition().new_match(config);
  ASSERT_FALSE(state.ok());
  EXPECT_EQ(state.error().code, "bad_setup");
}

// Seat 0 plays first (dealer 1 in a two-seat game).
std::unique_ptr<CariocaState> round_one_table() {
  return fixed_match({"7C 7D 7H 7S KC KD KH 2D 4D 9S QS", "8C 8D 8H 8C 8D 2S 3S 5H 6H 9C TD"}, "3C",
                     "AH JK 4C 5C 6C", 1);
}

TEST(CariocaRules, RoundOneExamplesFromTheRulesFile) {
  auto state = round_one_table();
  expect_rejected(*state, 0, lower({"7C 7D 7H 7S", "KC KD KH"}), "wrong_phase");
  CARIOCA_OK(*state, 0, draw("stock"));
  EXPECT_EQ(hand_count(*state, 0, "AH"), 1);
  expect_rejected(*state, 0, lower({"7C 7D 7H 7S"}), "wrong_contract");  // one trio alone
  expect_rejected(*state, 0, lower({"7C 7D 7H", "KC KD KH", "7S 2D 4D"}), "invalid_meld");
  expect_rejected(*state, 0, lower({"7C 7D 7H 7S", "KC KD KH KS"}), "card_not_held");
  expect_rejected(*state, 0, lower({"7C 7D 7H", "7S KC KD KH"}), "invalid_meld");
  CARIOCA_OK(*state, 0, lower({"7C 7D 7H 7S", "KC KD KH"}));
  EXPECT_EQ(state->melds()[0].size(), 2u);
  EXPECT_EQ(state->hand(0).size(), 5u);
  expect_rejected(*state, 0, lower({"2D 4D 9S"}), "already_lowered");
  expect_rejected(*state, 0, lay(0, 0, "7S"), "lowered_this_turn");
  expect_rejected(*state, 0, draw("stock"), "must_discard");
  CARIOCA_OK(*state, 0, discard("AH"));
  // Seat 1: two trios of eights are refused (same rank).
  CARIOCA_OK(*state, 1, draw("stock"));  // JK
  expect_rejected(*state, 1, lower({"8C 8D 8H", "8C 8D JK"}), "duplicate_trio_rank");
  expect_rejected(*state, 1, lay(0, 0, "JK"), "not_lowered");
  CARIOCA_OK(*state, 1, discard("9C"));
  // Seat 0, a later turn: a card that fits nowhere is refused.
  CARIOCA_OK(*state, 0, draw("stock"));  // 4C
  expect_rejected(*state, 0, lay(0, 1, "2D"), "does_not_fit");
  expect_rejected(*state, 0, lay(1, 0, "2D"), "no_such_meld");
  expect_rejected(*state, 0, lower({"2D 4D 9S"}), "already_lowered");
  CARIOCA_OK(*state, 0, discard("QS"));
}

TEST(CariocaRules, LayOffOntoAnotherPlayersMeldsOnALaterTurn) {
  // Seat 0 lowers 2 trios; seat 1 lowers 2 trios; then seat 0 lays off on seat 1's melds.
  auto state = fixed_match({"7C 7D 7H KC KD KH 5S 5S 9D 9D 2C", "5C 5D 5H 9C 9H 9S 3D 4D 6D 8H TC"},
                           "QC", "JH QH 2S 3S 4S", 1);
  CARIOCA_OK(*state, 0, draw("stock"));
  CARIOCA_OK(*state, 0, lower({"7C 7D 7H", "KC KD KH"}));
  CARIOCA_OK(*state, 0, discard("JH"));
  CARIOCA_OK(*state, 1, draw("stock"));
  CARIOCA_OK(*state, 1, lower({"5C 5D 5H", "9C 9H 9S"}));
  CARIOCA_OK(*state, 1, discard("QH"));
  CARIOCA_OK(*state, 0, draw("stock"));  // 2S
  CARIOCA_OK(*state, 0, lay(1, 0, "5S"));
  CARIOCA_OK(*state, 0, lay(1, 0, "5S"));
  CARIOCA_OK(*state, 0, lay(1, 1, "9D"));
  EXPECT_EQ(cards_to_string(state->melds()[1][0].cards), "5C 5D 5H 5S 5S");
  EXPECT_EQ(cards_to_string(state->melds()[1][1].cards), "9C 9H 9S 9D");
  expect_rejected(*state, 0, lay(1, 1, "2C"), "does_not_fit");
  Json view = state->view(0);
  EXPECT_EQ(view["players"][1]["melds"][0]["cards"].size(), 5u);
  CARIOCA_OK(*state, 0, discard("2C"));
}

TEST(CariocaRules, GoingOutInTheTurnOfLoweringScoresMinusThirty) {
  auto state = fixed_match({"7C 7D 7H 7S 7C 7D KC KD KH KS KC", "2C 3C 4C 5C 6C 9C TC JC QC AC JK"},
                           "3D", "KD", 1);
  CARIOCA_OK(*state, 0, draw("stock"));
  CARIOCA_OK(*state, 0, lower({"7C 7D 7H 7S 7C 7D", "KC KD KH KS KC KD"}));
  // The round ended at once and round 2 is dealt.
  EXPECT_EQ(state->round(), 2);
  EXPECT_EQ(state->scores(), (std::vector<std::int64_t>{-30, 109}));
  Json last = state->view(0)["last_round"];
  EXPECT_EQ(last["went_out"], 0);
  EXPECT_EQ(last["out_bonus"], -30);
  EXPECT_EQ(last["points"], Json({-30, 109}));
  EXPECT_EQ(last["hands"][1].size(), 11u);
  EXPECT_EQ(state->hand(0).size(), 11u);
  EXPECT_EQ(state->dealer(), 0);  // the next dealer is the dealer's right
  EXPECT_EQ(state->turn(), 1);
}

TEST(CariocaRules, GoingOutOnALaterTurnScoresZero) {
  auto state = fixed_match({"7C 7D 7H 7S KC KD KH KS 7C KC 9S", "2C 3C 4C 5C 6C 9C TC JC QC AC 7D"},
                           "3D", "QS 4H 8D", 1);
  CARIOCA_OK(*state, 0, draw("stock"));  // QS
  CARIOCA_OK(*state, 0, lower({"7C 7D 7H", "KC KD KH"}));
  CARIOCA_OK(*state, 0, discard("QS"));
  CARIOCA_OK(*state, 1, draw("stock"));  // 4H
  CARIOCA_OK(*state, 1, discard("4H"));
  CARIOCA_OK(*state, 0, draw("stock"));  // 8D
  for (const char* card : {"7S", "7C"}) CARIOCA_OK(*state, 0, lay(0, 0, card));
  for (const char* card : {"KS", "KC"}) CARIOCA_OK(*state, 0, lay(0, 1, card));
  CARIOCA_OK(*state, 0, discard("9S"));
  EXPECT_EQ(state->hand(0).size(), 1u);
  CARIOCA_OK(*state, 1, draw("discard"));  // 9S
  CARIOCA_OK(*state, 1, discard("7D"));
  CARIOCA_OK(*state, 0, draw("discard"));  // 7D, laid off at once: a lay-off may use it
  CARIOCA_OK(*state, 0, lay(0, 0, "7D"));
  EXPECT_EQ(state->round(), 1);
  CARIOCA_OK(*state, 0, discard("8D"));
  EXPECT_EQ(state->round(), 2);
  // Seat 1 kept 2C..6C 9C TC JC QC AC 9S: 2+3+4+5+6+9+10+10+10+20+9 = 88.
  EXPECT_EQ(state->scores(), (std::vector<std::int64_t>{0, 88}));
  EXPECT_EQ(state->round_results()[0]["out_bonus"], 0);
  EXPECT_EQ(state->rounds_out(), (std::vector<int>{1, 0}));
}

TEST(CariocaRules, JokersInLoweredStraightsAndLaterLayOffs) {
  auto state = fixed_match({"4S 5S JK 7S 9H TH JH QH JK 2D 3C", "2H 3H 4H 5C 6C 8C 8D KC KD AC AD"},
                           "3D", "JK 6D JK", 1, {{"first_round", 3}});
  CARIOCA_OK(*state, 0, draw("stock"));  // JK
  expect_rejected(*state, 0, lower({"4S 5S JK JK 7S", "9H TH JH QH"}), "too_many_jokers");
  expect_rejected(*state, 0, lower({"4S 5S JK 7S", "9H TH JH QH", "JK 2D 3C"}), "invalid_meld");
  CARIOCA_OK(*state, 0, lower({"4S 5S JK 7S", "9H TH JH QH"}));
  Json meld = state->view(1)["players"][0]["melds"][0];
  EXPECT_EQ(meld["jokers"], Json::parse(R"([{"index": 2, "as": "6S"}])"));
  CARIOCA_OK(*state, 0, discard("2D"));
  CARIOCA_OK(*state, 1, draw("stock"));  // 6D
  CARIOCA_OK(*state, 1, discard("AD"));
  CARIOCA_OK(*state, 0, draw("stock"));  // JK: three jokers in hand
  expect_rejected(*state, 0, lay(0, 1, "JK"), "end_required");
  CARIOCA_OK(*state, 0, lay(0, 1, "JK", "high"));  // stands for the king of hearts
  EXPECT_EQ(state->melds()[0][1].stands_for(4), "KH");
  expect_rejected(*state, 0, lay(0, 1, "JK", "high"), "adjacent_jokers");
  // 4S 5S JK 7S has three naturals: a second joker would be more than half.
  expect_rejected(*state, 0, lay(0, 0, "JK", "low"), "joker_limit");
  CARIOCA_OK(*state, 0, lay(0, 1, "JK", "low"));  // 8H
  EXPECT_EQ(state->melds()[0][1].stands_for(0), "8H");
  EXPECT_EQ(cards_to_string(state->melds()[0][1].cards), "JK 9H TH JH QH JK");
  CARIOCA_OK(*state, 0, discard("3C"));
}

TEST(CariocaRules, WrapAroundStraightsFollowTheOption) {
  for (bool wrap : {true, false}) {
    auto state =
        fixed_match({"QD KD AD 2D 5C 6C 7C 8C 9S 9H 4S", "2H 3H 4H 5H 6H 8C 8D KC KS AC TD"}, "3D",
                    "JH", 1, {{"first_round", 3}, {"straight_wrap", wrap}});
    CARIOCA_OK(*state, 0, draw("stock"));
    auto result = state->apply(0, lower({"QD KD AD 2D", "5C 6C 7C 8C"}));
    EXPECT_EQ(result.ok(), wrap);
    if (!wrap) {
      EXPECT_EQ(result.error->code, "invalid_meld");
    }
  }
}

TEST(CariocaRules, LastRoundsLowerOnlyWhenGoingOut) {
  auto state = fixed_match(
      {"AS 2S 3S 4S 5H 6H 7H 8H 9D TD JD QD 3C", "2H 3H 4H 5C 6C 8C 8D KC KD AC AD 9S 9C"}, "3D",
      "7C KD", 1, {{"first_round", 8}});
  CARIOCA_OK(*state, 0, draw("stock"));  // 7C: 3C and 7C would stay
  expect_rejected(*state, 0, lower({"AS 2S 3S 4S", "5H 6H 7H 8H", "9D TD JD QD"}), "must_go_out");
  CARIOCA_OK(*state, 0, discard("7C"));
  CARIOCA_OK(*state, 1, draw("stock"));  // KD
  CARIOCA_OK(*state, 1, discard("9S"));
  CARIOCA_OK(*state, 0, draw("discard"));  // 9S: the lowering keeps 3C and 9S
  expect_rejected(*state, 0, lower({"AS 2S 3S 4S", "5H 6H 7H 8H", "9D TD JD QD"}), "must_go_out");
  // Keeping only the card just taken is no way out either.
  CARIOCA_OK(*state, 0, discard("3C"));
  CARIOCA_OK(*state, 1, draw("discard"));  // 3C
  CARIOCA_OK(*state, 1, discard("KD"));
  CARIOCA_OK(*state, 0, draw("discard"));  // KD: lower everything, 13 + 1 cards
  CARIOCA_OK(*state, 0, lower({"AS 2S 3S 4S", "5H 6H 7H 8H", "9D TD JD QD KD"}));
  ASSERT_EQ(state->hand(0).size(), 1u);  // 9S, discardable
  CARIOCA_OK(*state, 0, discard("9S"));
  // Round 8 was the last: the match is over, -30 for going out in the turn of lowering.
  EXPECT_TRUE(state->match_over());
  EXPECT_EQ(state->scores()[0], -30);
  EXPECT_EQ(state->placings(), (std::vector<int>{1, 2}));
  EXPECT_EQ(state->waiting().mode, WaitMode::kNobody);
  expect_rejected(*state, 1, draw("stock"), "match_over");
}

TEST(CariocaRules, NoDiscardLeftIsRefused) {
  // Lowering every card but the one just taken from the discard pile would leave the seat
  // unable to end its turn.
  auto state = fixed_match({"7C 7D 7H 7S 7C KC KD KH KS KC KD", "2H 3H 4H 5C 6C 8C 8D KS AC AD 9C"},
                           "QS", "", 1);
  CARIOCA_OK(*state, 0, draw("discard"));  // QS
  expect_rejected(*state, 0, lower({"7C 7D 7H 7S 7C", "KC KD KH KS KC KD"}), "no_discard_left");
  CARIOCA_OK(*state, 0, lower({"7C 7D 7H 7S 7C", "KC KD KH KS KC"}));
  expect_rejected(*state, 0, discard("QS"), "discard_taken_card");
  CARIOCA_OK(*state, 0, discard("KD"));
}

// Four seats, dealer 0: play goes 3, 2, 1, 0.
std::unique_ptr<CariocaState> four_seat_table() {
  return fixed_match({"2C 3C 4C 5C 6C 7C 8C 9C TC JC QC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
                      "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"},
                     "AC", "KC KD KH KS AD AH", 0);
}

TEST(CariocaRules, AStealContestedByTwoPlayersFollowsTurnOrder) {
  auto state = four_seat_table();
  EXPECT_EQ(state->turn(), 3);
  CARIOCA_OK(*state, 3, draw("stock"));  // KC; the upcard cannot be stolen
  EXPECT_EQ(state->phase(), Phase::kPlay);
  CARIOCA_OK(*state, 3, discard("2S"));
  CARIOCA_OK(*state, 2, draw("stock"));  // KD: the others may claim 2S
  Waiting wait = state->waiting();
  EXPECT_EQ(wait.mode, WaitMode::kClaim);
  EXPECT_EQ(wait.seats, (std::vector<Seat>{1, 0}));  // turn order, not the discarder
  expect_rejected(*state, 0, {{"type", "steal"}}, "claim_out_of_order");
  expect_rejected(*state, 3, {{"type", "steal"}}, "not_eligible");
  expect_rejected(*state, 2, {{"type", "steal"}}, "not_eligible");
  expect_rejected(*state, 2, discard("2H"), "steal_window_open");
  Json view = state->view(0);
  EXPECT_EQ(view["legal"]["steal"], false);
  EXPECT_EQ(state->view(1)["legal"]["steal"], true);
  CARIOCA_OK(*state, 1, {{"type", "decline"}});
  expect_rejected(*state, 1, {{"type", "steal"}}, "already_declined");
  EXPECT_EQ(state->view(kSpectator)["steal_window"]["declined"], Json({1}));
  EXPECT_EQ(state->waiting().seats, std::vector<Seat>{0});
  CARIOCA_OK(*state, 0, {{"type", "steal"}});
  EXPECT_EQ(hand_count(*state, 0, "2S"), 1);
  EXPECT_EQ(state->hand(0).size(), 12u);
  EXPECT_EQ(state->scores()[0], 2);  // +2 at once
  EXPECT_EQ(state->phase(), Phase::kPlay);
  EXPECT_EQ(state->waiting().seats, std::vector<Seat>{2});
  EXPECT_EQ(state->discard_pile().back(), cards("AC")[0]);
  CARIOCA_OK(*state, 2, discard("2H"));
  // The first in order may claim straight away.
  CARIOCA_OK(*state, 1, draw("stock"));  // KH
  EXPECT_EQ(state->waiting().seats, (std::vector<Seat>{0, 3}));
  CARIOCA_OK(*state, 0, {{"type", "steal"}});
  EXPECT_EQ(state->scores()[0], 4);
  expect_rejected(*state, 3, {{"type", "decline"}}, "no_steal_window");
  CARIOCA_OK(*state, 1, discard("2D"));
  // Everyone declining closes the window.
  CARIOCA_OK(*state, 0, draw("stock"));  // KS
  EXPECT_EQ(state->waiting().seats, (std::vector<Seat>{3, 2}));
  CARIOCA_OK(*state, 2, {{"type", "decline"}});  // declining early is allowed
  CARIOCA_OK(*state, 3, {{"type", "decline"}});
  EXPECT_EQ(state->phase(), Phase::kPlay);
  EXPECT_EQ(state->turn(), 0);
}

TEST(CariocaRules, NoStealingWithTwoPlayers) {
  auto state = fixed_match({"2C 3C 4C 5C 6C 7C 8C 9C TC JC QC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD"},
                           "AC", "KC KD", 1);
  CARIOCA_OK(*state, 0, draw("stock"));
  CARIOCA_OK(*state, 0, discard("2C"));
  CARIOCA_OK(*state, 1, draw("stock"));
  EXPECT_EQ(state->phase(), Phase::kPlay);
  EXPECT_EQ(state->waiting().mode, WaitMode::kTurn);
  expect_rejected(*state, 0, {{"type", "steal"}}, "no_steal_window");
}

// Seat hands of a two-seat table and a setup whose stock holds only `stock_cards` cards.
Json small_stock_setup(int stock_cards) {
  std::vector<Card> hand0 = cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC");
  std::vector<Card> hand1 = cards("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD");
  std::vector<Card> rest = double_deck_with_jokers();
  for (Card card : hand0) rest.erase(std::find(rest.begin(), rest.end(), card));
  for (Card card : hand1) rest.erase(std::find(rest.begin(), rest.end(), card));
  std::vector<Card> stock(rest.begin(), rest.begin() + stock_cards);
  std::vector<Card> pile(rest.begin() + stock_cards, rest.end());
  return {{"hands", {cards_to_json(hand0), cards_to_json(hand1)}},
          {"stock", cards_to_json(stock)},
          {"discard", cards_to_json(pile)}};
}

std::unique_ptr<CariocaState> match_from_setup(const Json& setup, int seats, Json options) {
  auto table = definition().validate_table(options, seats);
  MatchConfig config{*table, seats, Seed::from_u64(4), 1, setup};
  auto state = definition().new_match(config);
  EXPECT_TRUE(state.ok()) << (state.ok() ? "" : state.error().message);
  return std::unique_ptr<CariocaState>(static_cast<CariocaState*>(state->release()));
}

TEST(CariocaRules, TheStockIsRebuiltFromTheDiscards) {
  auto state = match_from_setup(small_stock_setup(2), 2, Json::object());
  std::size_t pile = state->discard_pile().size();
  EXPECT_EQ(state->stock().size(), 2u);
  CARIOCA_OK(*state, 0, draw("stock"));
  CARIOCA_OK(*state, 0, discard("2C"));
  CARIOCA_OK(*state, 1, draw("stock"));
  state->take_events();
  CARIOCA_OK(*state, 1, discard("2D"));
  // Seat 0's turn starts with an empty stock: all but the top discard are reshuffled.
  EXPECT_EQ(state->discard_pile().size(), 1u);
  EXPECT_EQ(state->discard_pile().back(), cards("2D")[0]);
  EXPECT_EQ(state->stock().size(), pile + 1);
  EXPECT_EQ(state->view(0)["stock"]["reshuffles"], 1);
  bool announced = false;
  for (const Event& event : state->take_events()) announced |= event.body()["type"] == "reshuffle";
  EXPECT_TRUE(announced);
}

TEST(CariocaRules, TheRoundEndsWithNobodyOutAfterTheLastAllowedReshuffle) {
  auto state = match_from_setup(small_stock_setup(1), 2, {{"stock_reshuffles", 0}});
  CARIOCA_OK(*state, 0, draw("stock"));
  CARIOCA_OK(*state, 0, discard("2C"));
  EXPECT_EQ(state->round(), 2);
  Json last = state->round_results()[0];
  EXPECT_EQ(last["went_out"], nullptr);
  EXPECT_EQ(last["ended_by"], "stock_exhausted");
  // Seat 0 kept 3C..QC and the card drawn; seat 1 kept 2D..QD (2+..+9 + 10+10+10 = 74).
  EXPECT_EQ(last["points"][1], 74);
}

TEST(CariocaRules, TheRoundEndsWhenNothingIsLeftToDraw) {
  // Three seats; every stock draw is followed by a steal, so the pile never grows.
  auto state = fixed_match({"2C 3C 4C 5C 6C 7C 8C 9C TC JC QC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
                            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"},
                           "AC", "", 0);
  Seat seat = state->turn();
  CARIOCA_OK(*state, seat, draw("discard"));  // the upcard: the pile is empty
  CARIOCA_OK(*state, seat, discard(state->hand(seat).front().str()));
  int guard = 0;
  while (state->round() == 1 && guard++ < 200) {
    seat = state->turn();
    CARIOCA_OK(*state, seat, draw("stock"));
    Seat thief = state->waiting().seats.front();
    CARIOCA_OK(*state, thief, {{"type", "steal"}});
    CARIOCA_OK(*state, seat, discard(state->hand(seat).front().str()));
  }
  ASSERT_EQ(state->round(), 2);
  Json last = state->round_results()[0];
  EXPECT_EQ(last["ended_by"], "stock_exhausted");
  int steals = 0;
  for (const Json& count : last["steals"]) steals += count.get<int>();
  EXPECT_EQ(steals, 108 - 33 - 1);  // every stock card's draw came with a steal
}

TEST(CariocaRules, ViewsShowOwnHandAndPublicFactsOnly) {
  auto state = four_seat_table();
  Json spectator = state->view(kSpectator);
  EXPECT_FALSE(spectator.contains("hand"));
  EXPECT_FALSE(spectator.contains("legal"));
  EXPECT_EQ(spectator["discard"]["top"], "AC");
  EXPECT_EQ(spectator["stock"]["size"], 108 - 44 - 1);
  EXPECT_EQ(spectator["contract"]["trios"], 2);
  EXPECT_EQ(spectator["players"][2]["cards"], 11);
  Json mine = state->view(3);
  EXPECT_EQ(mine["hand"].size(), 11u);
  EXPECT_EQ(mine["legal"]["draw"], Json({"stock", "discard"}));
  EXPECT_EQ(state->view(2)["legal"], Json::object());
  EXPECT_EQ(mine["phase"], "draw");
  EXPECT_EQ(mine["turn"], 3);
  EXPECT_EQ(mine["dealer"], 0);
  CARIOCA_OK(*state, 3, draw("discard"));
  Json play = state->view(3)["legal"];
  EXPECT_EQ(play["can_lower"], true);
  EXPECT_EQ(play["can_lay_off"], false);
  EXPECT_EQ(play["must_discard"], true);
  EXPECT_EQ(play["forbidden_discard"], "AC");
  LegalActions legal = state->legal_actions(3);
  EXPECT_FALSE(legal.complete);
  bool offers_forbidden = false;
  for (const Json& action : legal.actions) offers_forbidden |= action == discard("AC");
  EXPECT_FALSE(offers_forbidden);
}

TEST(CariocaRules, LegalActionsOfferAFoundLowering) {
  auto state = round_one_table();
  CARIOCA_OK(*state, 0, draw("stock"));
  LegalActions legal = state->legal_actions(0);
  const Json* found = nullptr;
  for (const Json& action : legal.actions) {
    if (action["type"] == "lower") found = &action;
  }
  ASSERT_NE(found, nullptr);
  CARIOCA_OK(*state, 0, *found);
  EXPECT_EQ(state->hand(0).size(), 5u);
}

TEST(CariocaRules, TimeoutsDrawDiscardTheCostliestAndDecline) {
  auto state = four_seat_table();
  EXPECT_EQ(state->default_action(3), draw("stock"));
  CARIOCA_OK(*state, 3, draw("discard"));   // AC, worth 20, may not go back
  Json timeout = state->default_action(3);  // a ten-point card (TS, JS or QS), never AC
  EXPECT_EQ(timeout["type"], "discard");
  EXPECT_EQ(card_points(*parse_card(timeout["card"].get<std::string>()), false, 30), 10);
  CARIOCA_OK(*state, 3, state->default_action(3));
  CARIOCA_OK(*state, 2, state->default_action(2));
  EXPECT_EQ(state->phase(), Phase::kStealWindow);
  for (Seat seat : state->waiting().seats) {
    EXPECT_EQ(state->default_action(seat), Json({{"type", "decline"}}));
    CARIOCA_OK(*state, seat, state->default_action(seat));
  }
  EXPECT_EQ(state->phase(), Phase::kPlay);
}

TEST(CariocaRules, CutBonusForTheExactCut) {
  auto state = random_match(3, 0, {{"cut_bonus", true}});
  EXPECT_EQ(state->phase(), Phase::kCut);
  EXPECT_EQ(state->waiting().seats, std::vector<Seat>{1});  // the dealer's left
  expect_rejected(*state, 2, draw("stock"), "not_your_turn");
  expect_rejected(*state, 1, {{"type", "cut"}, {"size", 0}}, "bad_cut");
  CARIOCA_OK(*state, 1, (Json{{"type", "cut"}, {"size", 34}}));  // 3 * 11 + 1
  EXPECT_EQ(state->scores()[1], -10);
  EXPECT_EQ(state->phase(), Phase::kDraw);
  EXPECT_EQ(state->turn(), 2);
}

TEST(CariocaRules, MalformedActionsChangeNothing) {
  auto state = round_one_table();
  Json before = state->view(0);
  expect_rejected(*state, 0, {{"type", "fly"}}, "unknown_action");
  expect_rejected(*state, 0, {{"type", "draw"}, {"from", "sky"}}, "bad_action");
  expect_rejected(*state, 1, draw("stock"), "not_your_turn");
  CARIOCA_OK(*state, 0, draw("stock"));
  before = state->view(0);
  expect_rejected(*state, 0, discard("ZZ"), "bad_card");
  expect_rejected(*state, 0, discard("AS"), "card_not_held");
  expect_rejected(*state, 0, {{"type", "lower"}, {"melds", "7C"}}, "bad_action");
  expect_rejected(*state, 0, lay(0, 0, "7C", "middle"), "not_lowered");
  EXPECT_EQ(state->view(0), before);
}

}  // namespace
}  // namespace parlor::carioca
