// Scripted Poker deals (the scenario files run in scenario_files_tests): the rules file's examples
// played to a showdown, the opening requirement, the draw running out of stock, rebuys, the end of
// a match, legal-move lists and options.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/poker/poker_hands.hpp"
#include "tests/poker/poker_test_util.hpp"

namespace parlor::poker {
namespace {

using testing::start_match;

PokerState& state_of(std::unique_ptr<GameState>& game) { return dynamic_cast<PokerState&>(*game); }

void ok(GameState& game, Seat seat, const Json& action) {
  ActionResult result = game.apply(seat, action);
  ASSERT_TRUE(result.ok()) << action.dump() << ": " << result.error->code;
}

std::string rejected(GameState& game, Seat seat, const Json& action) {
  Json before = game.view(seat);
  ActionResult result = game.apply(seat, action);
  if (result.ok()) return "accepted";
  EXPECT_EQ(game.view(seat), before) << "a rejected move changed the state";
  return result.error->code;
}

const Json kCheck = {{"type", "check"}};
const Json kCall = {{"type", "call"}};
const Json kFold = {{"type", "fold"}};
const Json kStandPat = {{"type", "draw"}, {"discard", Json::array()}};
Json bet(int amount) { return {{"type", "bet"}, {"amount", amount}}; }

// Seat 1 opens for 1, seat 0 calls, both stand pat and check: the showdown's result.
Json showdown(const Json& options, const std::vector<std::string>& hand0,
              const std::vector<std::string>& hand1) {
  auto game = start_match(options, 2, 1, 0, Json{{"hands", {hand0, hand1}}});
  EXPECT_TRUE(game.ok()) << game.error().message;
  if (!game.ok()) return nullptr;
  GameState& g = **game;
  for (auto [seat, action] : std::vector<std::pair<Seat, Json>>{
           {1, bet(1)}, {0, kCall}, {1, kStandPat}, {0, kStandPat}, {1, kCheck}, {0, kCheck}}) {
    ActionResult result = g.apply(seat, action);
    EXPECT_TRUE(result.ok()) << action.dump() << ": " << result.error->code;
  }
  return g.round_results().back();
}

Seat winner(const Json& result) { return result["pots"][0]["winners"][0].get<int>(); }
std::string category(const Json& result, Seat seat) {
  for (const Json& shown : result["shown"]) {
    if (shown["seat"] == seat) return shown["category"];
  }
  return "";
}

TEST(PokerRulesExamples, StraightIsTheSeedsFlush) {
  Json r = showdown(Json::object(), {"2C", "2D", "4S", "7H", "9C"}, {"5C", "6D", "7C", "8S", "9D"});
  EXPECT_EQ(category(r, 1), "straight");
  EXPECT_EQ(winner(r), 1);
}

TEST(PokerRulesExamples, FullHouseOverFlushWith52FlushOverFullHouseWith32) {
  Json r = showdown(Json::object(), {"KS", "KH", "KD", "2C", "2D"}, {"AH", "JH", "9H", "6H", "3H"});
  EXPECT_EQ(category(r, 0), "full_house");
  EXPECT_EQ(category(r, 1), "flush");
  EXPECT_EQ(winner(r), 0);
  r = showdown({{"deck", 32}}, {"KS", "KH", "KD", "8C", "8D"}, {"AH", "JH", "9H", "8H", "7H"});
  EXPECT_EQ(winner(r), 1);
}

TEST(PokerRulesExamples, LowestStraightWith32Cards) {
  Json r = showdown({{"deck", 32}}, {"JC", "JD", "QS", "KH", "AD"}, {"AC", "7D", "8H", "9S", "TC"});
  EXPECT_EQ(category(r, 1), "straight");
  EXPECT_EQ(winner(r), 1);
  r = showdown({{"deck", 32}}, {"7C", "8D", "9H", "TS", "JC"}, {"AC", "7D", "8H", "9S", "TC"});
  EXPECT_EQ(winner(r), 0);  // 7-J beats A-7-8-9-T, the lowest
}

TEST(PokerRulesExamples, FiveOfAKindBeatsAStraightFlush) {
  Json r =
      showdown({{"jokers", 1}}, {"AS", "KS", "QS", "JS", "TS"}, {"9C", "9D", "9H", "9S", "JK"});
  EXPECT_EQ(category(r, 1), "five_of_a_kind");
  EXPECT_EQ(category(r, 0), "straight_flush");
  EXPECT_EQ(winner(r), 1);
}

TEST(PokerRulesExamples, TheNaturalStraightBeatsTheOneWithAJoker) {
  Json r =
      showdown({{"jokers", 1}}, {"9D", "TC", "JK", "QH", "KD"}, {"9C", "TD", "JH", "QS", "KC"});
  EXPECT_EQ(winner(r), 1);
  EXPECT_EQ(r["pots"][0]["winners"].size(), 1u);
}

TEST(PokerRulesExamples, TiedHandsSplitWithTheOddChipLeftOfTheDealer) {
  // Dealer 0: seat 1 is first left of the dealer. Pot 2 antes + 1 + 1 = 4: even; make it
  // odd with the dealer's double ante (5): seat 1 takes 3, seat 0 takes 2.
  Json r = showdown({{"dealer_double_ante", true}}, {"AC", "AD", "9H", "7S", "4C"},
                    {"AH", "AS", "9D", "7C", "4D"});
  EXPECT_EQ(r["winnings"], Json::array({2, 3}));
}

TEST(PokerOpening, JacksOrBetterAccordingToTheDeckAndJokers) {
  for (const Json& deck : {Json(52), Json(40), Json(36), Json(32), Json("rule_of_11")}) {
    for (int jokers = 0; jokers <= 2; ++jokers) {
      auto game = start_match({{"deck", deck}, {"jokers", jokers}}, 2, 3);
      ASSERT_TRUE(game.ok());
      PokerState& state = state_of(*game);
      const auto& evaluator = *evaluator_for(state.settings().rules);
      auto strength = [&](std::vector<Card> cards) {
        return evaluate_hand(evaluator, cards).strength;
      };
      const int low = state.settings().lowest_rank;
      const Card low1 = Card::standard(low, Suit::kClubs);
      const Card low2 = Card::standard(low + 1, Suit::kDiamonds);
      const Card low3 = Card::standard(low == 8 ? 10 : low + 2, Suit::kHearts);
      const std::vector<Card> tens = {
          Card::standard(kTen, Suit::kClubs), Card::standard(kTen, Suit::kDiamonds),
          Card::standard(kAce, Suit::kSpades), Card::standard(kKing, Suit::kHearts),
          Card::standard(kQueen, Suit::kClubs)};
      const std::vector<Card> jacks = {Card::standard(kJack, Suit::kClubs),
                                       Card::standard(kJack, Suit::kDiamonds), low1, low2, low3};
      EXPECT_LT(strength(tens), state.opening_strength()) << deck << " jokers " << jokers;
      EXPECT_GE(strength(jacks), state.opening_strength()) << deck << " jokers " << jokers;
    }
  }
}

TEST(PokerOpening, AJackAndAJokerOpen) {
  auto game = start_match(
      {{"jokers", 1}}, 2, 3, 0,
      Json{{"hands", {{"2C", "3D", "5H", "8S", "KC"}, {"JC", "JK", "2D", "4H", "6S"}}}});
  ASSERT_TRUE(game.ok());
  EXPECT_EQ(state_of(*game).view(1)["can_open"], true);
  EXPECT_EQ(rejected(**game, 1, bet(1)), "accepted");
}

// A 32-card deck for five players leaves 7 cards: the draw has to rebuild the stock from
// its last card and the discards of the players already served — never the requesting
// player's own — and the last card is never dealt.
TEST(PokerDraw, TheStockIsRebuiltFromTheLastCardAndEarlierDiscards) {
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    auto game = start_match({{"deck", 32}}, 5, seed, 0,
                            Json{{"hands",
                                  {{"7C", "8C", "9C", "TC", "QD"},
                                   {"JC", "JD", "7D", "8D", "9D"},
                                   {"7H", "8H", "9H", "TH", "QH"},
                                   {"7S", "8S", "9S", "TS", "QS"},
                                   {"AC", "AD", "AH", "KC", "KD"}}}});
    ASSERT_TRUE(game.ok());
    GameState& g = **game;
    PokerState& state = state_of(*game);
    ok(g, 1, bet(1));
    for (Seat s : {2, 3, 4, 0}) ok(g, s, kCall);
    ASSERT_EQ(state.phase(), Phase::kDraw);
    ASSERT_EQ(state.stock().size(), 7u);
    g.take_events();
    struct Step {
      Seat seat;
      std::vector<std::string> discard;
    };
    const std::vector<Step> steps = {{1, {"7D", "8D", "9D"}},
                                     {2, {"7H", "8H", "9H", "TH", "QH"}},
                                     {3, {"QS"}},
                                     {4, {}},
                                     {0, {"QD", "TC"}}};
    int rebuilt = 0;
    for (const Step& step : steps) {
      std::vector<Card> before = state.hand(step.seat);
      ok(g, step.seat, {{"type", "draw"}, {"discard", step.discard}});
      ASSERT_FALSE(state.stock().empty());
      for (const Event& event : g.take_events()) {
        const Json body = event.body();
        if (body["type"] == "stock_rebuilt") ++rebuilt;
        if (body["type"] != "draw" || !body.contains("received")) continue;
        EXPECT_EQ(body["received"].size(), step.discard.size());
        for (const Json& card : body["received"]) {
          for (const std::string& own : step.discard) EXPECT_NE(card, own) << "seed " << seed;
        }
      }
      EXPECT_EQ(state.hand(step.seat).size(), 5u);
    }
    // 7 - 3 = 4 left; seat 2 wants 5: rebuilt from 4 + 3 = 7, 2 left; seat 3 takes 1
    // (1 left); seat 0 wants 2: rebuilt from 1 + 5 + 1 = 7, 5 left.
    EXPECT_EQ(rebuilt, 2);
    EXPECT_EQ(state.stock().size(), 5u);
    EXPECT_EQ(state.phase(), Phase::kSecondBetting);
  }
}

// Seat 1 loses everything in a first deal; with rebuys it buys in again before the next.
Json all_in_loss_options(const std::string& rebuy) {
  return {{"stack", 20}, {"max_bet", 30}, {"rebuy", rebuy}, {"max_rebuys", 1}};
}

std::unique_ptr<GameState> play_all_in_loss(const Json& options, int seats) {
  std::vector<std::vector<std::string>> hands = {{"AS", "AH", "AD", "KC", "KD"},
                                                 {"JC", "JD", "4S", "7H", "9C"},
                                                 {"2C", "3D", "5H", "8S", "TC"}};
  hands.resize(seats);
  auto game = start_match(options, seats, 8, 0, Json{{"hands", hands}});
  EXPECT_TRUE(game.ok());
  GameState& g = **game;
  EXPECT_TRUE(g.apply(1, bet(19)).ok());
  if (seats == 3) {
    EXPECT_TRUE(g.apply(2, kFold).ok());
  }
  EXPECT_TRUE(g.apply(0, kCall).ok());
  EXPECT_TRUE(g.apply(1, kStandPat).ok());
  EXPECT_TRUE(g.apply(0, kStandPat).ok());
  return std::move(*game);
}

TEST(PokerMatch, TheMatchEndsWhenOnlyOnePlayerHasChips) {
  auto game = play_all_in_loss(all_in_loss_options("off"), 2);
  EXPECT_TRUE(game->match_over());
  EXPECT_EQ(game->scores(), (std::vector<std::int64_t>{20, -20}));
  EXPECT_EQ(game->placings(), (std::vector<int>{1, 2}));
  EXPECT_EQ(game->waiting().mode, WaitMode::kNobody);
  EXPECT_EQ(rejected(*game, 0, kCheck), "match_over");
}

TEST(PokerMatch, ABustedPlayerSitsOutAndTheDealSkipsIt) {
  auto game = play_all_in_loss(all_in_loss_options("off"), 3);
  ASSERT_FALSE(game->match_over());
  PokerState& state = dynamic_cast<PokerState&>(*game);
  EXPECT_EQ(state.betting().stack(1), 0);
  EXPECT_FALSE(state.betting().in_deal(1));
  EXPECT_TRUE(state.hand(1).empty());
  EXPECT_EQ(state.dealer(), 2);  // the deal passes left to a seat that plays
  Json view = game->view(1);
  EXPECT_EQ(view["players"][1]["in_deal"], false);
  EXPECT_EQ(view["legal"], Json::object());
}

TEST(PokerMatch, RebuysRestoreTheStackWithinTheLimits) {
  auto game = play_all_in_loss(all_in_loss_options("starting_stack"), 2);
  ASSERT_FALSE(game->match_over());
  PokerState& state = dynamic_cast<PokerState&>(*game);
  // Rebought for the starting stack (20) and anted 1 in the new deal.
  EXPECT_EQ(state.betting().stack(1) + state.betting().committed(1), 20 - 1);
  EXPECT_EQ(state.chips_bought_in(), 60);
  EXPECT_EQ(game->scores()[1], -20 - 1);

  game = play_all_in_loss(all_in_loss_options("largest_stack"), 2);
  PokerState& largest = dynamic_cast<PokerState&>(*game);
  // The largest stack at the table was 40: the rebuy brings seat 1 up to 40.
  EXPECT_EQ(largest.chips_bought_in(), 20 + 20 + 40);
  EXPECT_EQ(game->view(0)["players"][1]["rebuys"], 1);
}

TEST(PokerMatch, TheDealsOptionClosesTheTableButPlaysOutACarriedJackpot) {
  auto game = start_match(
      {{"deals", 1}}, 2, 5, 0,
      Json{{"hands", {{"2C", "3D", "5H", "8S", "KC"}, {"2D", "4C", "6H", "9S", "QD"}}}});
  ASSERT_TRUE(game.ok());
  GameState& g = **game;
  ok(g, 1, kCheck);
  ok(g, 0, kCheck);
  // Nobody opened: the jackpot carries into a second deal although `deals` is 1.
  ASSERT_FALSE(g.match_over());
  EXPECT_EQ(g.round(), 2);
  // Play on with timeouts (check, or fold) until a deal is won: the table then closes.
  for (int i = 0; i < 1000 && !g.match_over(); ++i) {
    Seat seat = g.waiting().seats.at(0);
    ok(g, seat, g.default_action(seat));
  }
  EXPECT_TRUE(g.match_over());
  auto scores = g.scores();
  EXPECT_EQ(scores[0] + scores[1], 0);
  EXPECT_EQ(state_of(*game).carried(), 0);
}

TEST(PokerMatch, AJackpotLeftWhenTheTableClosesIsShared) {
  // Stacks of 2 with ante 1: a deal nobody opens leaves both at 1; the next leaves both
  // at 0 with a jackpot of 4 that nobody can play for any more.
  auto game = start_match(
      {{"stack", 2}}, 2, 5, 0,
      Json{{"hands", {{"2C", "3D", "5H", "8S", "KC"}, {"2D", "4C", "6H", "9S", "QD"}}}});
  ASSERT_TRUE(game.ok());
  GameState& g = **game;
  ok(g, 1, kCheck);
  ok(g, 0, kCheck);
  for (int i = 0; i < 100 && !g.match_over(); ++i) {
    Seat seat = g.waiting().seats.at(0);
    ok(g, seat, g.default_action(seat));
  }
  ASSERT_TRUE(g.match_over());
  auto scores = g.scores();
  EXPECT_EQ(scores[0] + scores[1], 0);
  EXPECT_EQ(state_of(*game).chips_at_table(), 4);
}

TEST(PokerMatch, EveryListedLegalMoveIsAcceptedAndTheDefaultIsLegal) {
  Rng rng(Seed::from_u64(99), 0);
  auto bot = definition().make_bot(BotLevel::kRandom);
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    auto game = start_match({{"jokers", 2}, {"stack", 30}, {"deals", 6}}, 4, seed);
    ASSERT_TRUE(game.ok());
    GameState& g = **game;
    while (!g.match_over()) {
      const Seat seat = g.waiting().seats.at(0);
      for (Seat other = 0; other < 4; ++other) {
        if (other != seat) {
          EXPECT_TRUE(g.legal_actions(other).actions.empty());
        }
      }
      LegalActions legal = g.legal_actions(seat);
      ASSERT_FALSE(legal.actions.empty());
      for (const Json& action : legal.actions) {
        auto copy = g.clone();
        ASSERT_TRUE(copy->apply(seat, action).ok()) << action.dump();
      }
      auto copy = g.clone();
      ASSERT_TRUE(copy->apply(seat, g.default_action(seat)).ok());
      ok(g, seat, bot->choose(g.view(seat), rng));
    }
  }
}

TEST(PokerMatch, ViewsShowTheTableButOnlyTheViewersHand) {
  auto game = start_match(Json::object(), 3, 2, 0,
                          Json{{"hands",
                                {{"2C", "3D", "5H", "8S", "KC"},
                                 {"JC", "JD", "4S", "7H", "9C"},
                                 {"2D", "4C", "6H", "9S", "QD"}}}});
  ASSERT_TRUE(game.ok());
  GameState& g = **game;
  ok(g, 1, bet(3));
  Json view = g.view(2);
  EXPECT_EQ(view["hand"], Json::array({"2D", "4C", "6H", "9S", "QD"}));
  EXPECT_EQ(view["hand_category"], "high_card");
  EXPECT_EQ(view["phase"], "first_betting");
  EXPECT_EQ(view["turn"], 2);
  EXPECT_EQ(view["opened"], true);
  EXPECT_EQ(view["opener"], 1);
  EXPECT_EQ(view["pot_total"], 6);
  EXPECT_EQ(view["players"][1]["bet"], 3);
  EXPECT_EQ(view["players"][1]["stack"], 96);
  EXPECT_EQ(view["legal"]["check"], false);
  EXPECT_EQ(view["legal"]["call"], 3);
  EXPECT_EQ(view["legal"]["raise"], Json({{"min", 1}, {"max", 10}}));
  EXPECT_EQ(view["actions"].back()["type"], "bet");
  Json spectator = g.view(kSpectator);
  EXPECT_FALSE(spectator.contains("hand"));
  EXPECT_FALSE(spectator.contains("legal"));
  EXPECT_EQ(g.view(0)["legal"], Json::object());
  ok(g, 2, kFold);
  EXPECT_EQ(g.view(2)["hand"], Json::array());
  EXPECT_EQ(g.view(2)["players"][2]["folded"], true);
}

// A deal's recorded result is the result the table shows as "last_round", with the deal's
// public actions as "actions", written as nlohmann writes the tree (the log's text is put
// in front of the result's, not parsed and written again).
TEST(PokerMatch, ARecordedDealIsItsResultWithItsActionLog) {
  auto game = start_match(
      Json::object(), 2, 1, 0,
      Json{{"hands", {{"2C", "2D", "4S", "7H", "9C"}, {"5C", "6D", "7C", "8S", "9D"}}}});
  ASSERT_TRUE(game.ok()) << game.error().message;
  GameState& g = **game;
  for (auto [seat, action] : std::vector<std::pair<Seat, Json>>{
           {1, bet(1)}, {0, kCall}, {1, kStandPat}, {0, kStandPat}, {1, kCheck}, {0, kCheck}}) {
    ASSERT_TRUE(g.apply(seat, action).ok()) << action.dump();
  }
  ASSERT_EQ(g.rounds_finished(), 1u);
  const std::string& text = g.round_result_text(0);
  Json recorded = Json::parse(text);
  std::vector<std::string> types;
  for (const Json& entry : recorded["actions"]) types.push_back(entry["type"].get<std::string>());
  EXPECT_EQ(types, (std::vector<std::string>{"bet", "call", "draw", "draw", "check", "check"}));
  EXPECT_EQ(recorded["actions"][0]["seat"], 1);
  EXPECT_EQ(recorded["actions"][0]["amount"], 1);
  EXPECT_EQ(recorded["actions"][0]["opens"], true);
  recorded.erase("actions");
  EXPECT_EQ(recorded["outcome"], "showdown");
  EXPECT_EQ(recorded, g.table_view()["last_round"]);
  // The text is exactly nlohmann's dump of its tree (keys in order, the log's entries' too),
  // as every journaled round's text is.
  EXPECT_EQ(Json::parse(text).dump(), text);
}

// The sensible bot opens, calls and draws by hand strength: heads-up against the random
// bot it wins chips over many matches (fixed seeds, so the outcome is reproducible).
TEST(PokerBots, TheSensibleBotBeatsTheRandomBot) {
  constexpr int kBotMatches = 150;
  auto random_bot = definition().make_bot(BotLevel::kRandom);
  auto sensible_bot = definition().make_bot(BotLevel::kSensible);
  Rng rng(Seed::from_u64(5), 0);
  std::int64_t sensible_net = 0;
  for (int m = 0; m < kBotMatches; ++m) {
    auto game = start_match({{"stack", 40}, {"deals", 10}}, 2, 1000 + m);
    ASSERT_TRUE(game.ok());
    GameState& g = **game;
    const Seat sensible = m % 2;
    while (!g.match_over()) {
      const Seat seat = g.waiting().seats.at(0);
      const BotPolicy& bot = seat == sensible ? *sensible_bot : *random_bot;
      ok(g, seat, bot.choose(g.view(seat), rng));
    }
    sensible_net += g.scores()[sensible];
  }
  EXPECT_GT(sensible_net, 0);
}

TEST(PokerOptions, DecksDependOnSeatsAndBadTablesAreRefused) {
  const GameDefinition& game = definition();
  auto options = game.validate_table({{"deck", "auto"}}, 4);
  ASSERT_TRUE(options.ok());
  EXPECT_EQ((*options)["deck"], "auto");  // resolved at creation; stored options revalidate
  EXPECT_TRUE(game.validate_table(*options, 4).ok());
  EXPECT_EQ(game.validate_table({{"min_bet", 5}, {"max_bet", 4}}, 2).error().code,
            "bad_bet_limits");
  EXPECT_EQ(game.validate_table({{"stack", 1}, {"ante", 2}}, 2).error().code, "stack_below_ante");
  EXPECT_EQ(game.validate_table(Json::object(), 8).error().code, "bad_seat_count");
  EXPECT_EQ(game.validate_table(Json::object(), 1).error().code, "bad_seat_count");
  // 5 x seats + max_discard + 1 cards: 36 serve six players exactly, not seven.
  EXPECT_TRUE(game.validate_table({{"deck", 36}}, 6).ok());
  EXPECT_EQ(game.validate_table({{"deck", 36}}, 7).error().code, "deck_too_small");
  EXPECT_EQ(game.validate_table({{"deck", 40}}, 7).error().code, "deck_too_small");
  EXPECT_TRUE(game.validate_table({{"deck", 40}, {"jokers", 1}}, 7).ok());
  EXPECT_TRUE(game.validate_table({{"deck", 40}, {"max_discard", 4}}, 7).ok());
  EXPECT_EQ(lowest_rank_for("rule_of_11", 6), 5);
  EXPECT_EQ(lowest_rank_for("auto", 2), 7);
  EXPECT_EQ(lowest_rank_for(36, 3), 6);
}

TEST(PokerOptions, UnknownAndMalformedActionsAreRejected) {
  auto game = start_match(Json::object(), 2, 1, 0);
  ASSERT_TRUE(game.ok());
  GameState& g = **game;
  EXPECT_EQ(rejected(g, 1, {{"type", "shuffle"}}), "unknown_action");
  EXPECT_EQ(rejected(g, 1, {{"type", "bet"}}), "bad_action");
  EXPECT_EQ(rejected(g, 1, {{"type", "bet"}, {"amount", "3"}}), "bad_action");
  EXPECT_EQ(rejected(g, 1, {{"type", "draw"}, {"discard", Json::array()}}), "wrong_phase");
  EXPECT_EQ(rejected(g, 0, kCheck), "not_your_turn");
}

}  // namespace
}  // namespace parlor::poker
