// Whole hands through the engine: the rules file's worked ledger, the flow of a match,
// options and capacity, fixed deals, every rejection, timeouts and bots.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <numeric>

#include "tests/loc/loc_test_util.hpp"

namespace parlor::loc {
namespace {

using testing::card_action;
using testing::deal_of;
using testing::start_match;
using testing::step;

// The worked ledger of loc.md (4 players, B = 1): P1..P4 are seats 0..3.
Json worked_ledger_deal() {
  return deal_of({{"KS", "2C", "3C", "4C", "QS", "5C"},
                  {"2D", "AH", "3D", "4D", "5D", "6D"},
                  {"2H", "6C", "KH", "7C", "6H", "8C"},
                  {"2S", "7D", "8D", "KD", "7H", "9C"}});
}

void play_worked_ledger(GameState& match) {
  step(match, "discard", {"5C", "6D", "8C", "9C"});
  step(match, "play", {"KS", "2D", "2H", "2S"});
  step(match, "play", {"2C", "AH", "6C", "7D"});
  step(match, "play", {"3C", "3D", "KH", "8D"});
  step(match, "play", {"4C", "4D", "7C", "KD"});
  step(match, "play", {"QS", "5D", "6H", "7H"});
}

TEST(LocMatch, WorkedLedgerOfTheRules) {
  auto match = start_match({{"hands", 1}}, 4, worked_ledger_deal());
  ASSERT_TRUE(match);
  EXPECT_EQ(match->view(kSpectator)["pot"], 4);
  play_worked_ledger(*match);
  EXPECT_TRUE(match->match_over());
  EXPECT_EQ(match->scores(), (std::vector<std::int64_t>{6, 2, -4, -4}));
  Json last = match->view(kSpectator)["last_round"];
  EXPECT_EQ(last["net"], Json({6, 2, -4, -4}));
  std::vector<int> pots;
  for (const Json& entry : last["ledger"]) pots.push_back(entry["pot"].get<int>());
  EXPECT_EQ(pots, (std::vector<int>{4, 7, 4, 7, 10, 0}));
  EXPECT_EQ(last["ledger"][2]["result"], "took_pot");
  EXPECT_EQ(last["ledger"][2]["winner"], 1);
  EXPECT_EQ(last["ledger"][2]["took"], 7);
  EXPECT_EQ(last["ledger"][5]["result"], "final_pot");
  EXPECT_EQ(last["ledger"][5]["winner"], 0);
  EXPECT_EQ(last["ledger"][5]["took"], 10);
  EXPECT_EQ(match->view(kSpectator)["pot"], 0);
  EXPECT_EQ(match->placings(), (std::vector<int>{1, 2, 3, 3}));
}

TEST(LocMatch, BetScalesEveryPayment) {
  auto match = start_match({{"hands", 1}, {"bet", 5}}, 4, worked_ledger_deal());
  ASSERT_TRUE(match);
  play_worked_ledger(*match);
  EXPECT_EQ(match->scores(), (std::vector<std::int64_t>{30, 10, -20, -20}));
}

TEST(LocMatch, PlayFiveAceTakesWithoutRefresh) {
  auto match = start_match(
      {{"hands", 1}}, 2,
      deal_of({{"2C", "3C", "4C", "5C", "AS", "6C"}, {"2D", "3D", "4D", "5D", "KD", "6D"}}));
  ASSERT_TRUE(match);
  step(*match, "discard", {"6C", "6D"});
  for (const char* pair : {"2C 2D", "3C 3D", "4C 4D", "5C 5D"}) {
    std::string text(pair);
    step(*match, "play", {text.substr(0, 2), text.substr(3, 2)});
  }
  // Ante 2, then the diamond excused four times: seat 0 paid 4 more, pot 6.
  EXPECT_EQ(match->view(kSpectator)["pot"], 6);
  step(*match, "play", {"AS", "KD"});
  EXPECT_EQ(match->scores(), (std::vector<std::int64_t>{1, -1}));
  EXPECT_EQ(match->view(kSpectator)["pot"], 0);
}

TEST(LocMatch, BalancesGoNegativeAndTheMatchLastsOneHandPerSeat) {
  auto match = start_match(Json::object(), 3, std::nullopt, 42, 2);
  ASSERT_TRUE(match);
  EXPECT_EQ(match->view(0)["match_hands"], 3);
  std::vector<Seat> dealers;
  while (!match->match_over()) {
    Json view = match->view(kSpectator);
    if (static_cast<int>(dealers.size()) < match->round()) {
      dealers.push_back(view["dealer"].get<int>());
    }
    for (Seat seat : match->waiting().seats) {
      ASSERT_TRUE(match->apply(seat, match->default_action(seat)).ok());
    }
  }
  EXPECT_EQ(dealers, (std::vector<Seat>{2, 0, 1}));  // the deal moves left
  EXPECT_EQ(match->round(), 3);
  EXPECT_EQ(match->deals_started(), 3);
  EXPECT_EQ(match->round_results().size(), 3u);
  auto scores = match->scores();
  EXPECT_EQ(std::accumulate(scores.begin(), scores.end(), std::int64_t{0}), 0);
  EXPECT_LT(*std::min_element(scores.begin(), scores.end()), 0);
  EXPECT_EQ(match->waiting().mode, WaitMode::kNobody);
  EXPECT_EQ(match->apply(0, card_action("play", "2C")).error->code, "match_over");
}

TEST(LocMatch, SimultaneousWaitingListsSeatsStillToChoose) {
  auto match = start_match({{"hands", 1}}, 4, worked_ledger_deal());
  ASSERT_TRUE(match);
  EXPECT_EQ(match->waiting().mode, WaitMode::kSimultaneous);
  EXPECT_EQ(match->waiting().seats, (std::vector<Seat>{0, 1, 2, 3}));
  ASSERT_TRUE(match->apply(2, card_action("discard", "8C")).ok());
  ASSERT_TRUE(match->apply(0, card_action("discard", "5c")).ok());  // case-insensitive
  EXPECT_EQ(match->waiting().seats, (std::vector<Seat>{1, 3}));
  EXPECT_TRUE(match->legal_actions(2).actions.empty());
  EXPECT_EQ(match->legal_actions(1).actions.size(), 6u);
  EXPECT_EQ(match->view(1)["legal"]["discard"].size(), 6u);
}

// --- Options and capacity ------------------------------------------------------------

TEST(LocOptions, SeatRangesPerDeck) {
  const GameDefinition& game = definition();
  EXPECT_TRUE(game.validate_table(Json::object(), 2).ok());
  EXPECT_TRUE(game.validate_table(Json::object(), 8).ok());
  EXPECT_EQ(game.validate_table(Json::object(), 9).error().code, "bad_seat_count");
  EXPECT_EQ(game.validate_table(Json::object(), 1).error().code, "bad_seat_count");
  EXPECT_TRUE(game.validate_table({{"deck", "tarot"}}, 10).ok());
  EXPECT_EQ(game.validate_table({{"deck", "tarot"}}, 11).error().code, "bad_seat_count");
  EXPECT_EQ(game.validate_table({{"deck", "tarot"}}, 1).error().code, "bad_seat_count");
}

TEST(LocOptions, DefaultsAndBadValues) {
  const GameDefinition& game = definition();
  auto table = game.validate_table(Json::object(), 5);
  ASSERT_TRUE(table.ok());
  EXPECT_EQ((*table)["deck"], "standard");
  EXPECT_EQ((*table)["bet"], 1);
  EXPECT_EQ((*table)["hands"], 5);
  EXPECT_EQ(game.validate_table({{"bet", 0}}, 4).error().code, "bad_option_value");
  EXPECT_EQ(game.validate_table({{"deck", "pinochle"}}, 4).error().code, "bad_option_value");
  EXPECT_EQ(game.validate_table({{"hands", 0}}, 4).error().code, "bad_option_value");
  Json described = game.describe();
  EXPECT_EQ(described["seats_by_option"]["recommended_min"], kRecommendedMinSeats);
  EXPECT_EQ(described["seats_by_option"]["deck=tarot"]["max"], 10);
}

TEST(LocOptions, FullTablesDealSixEach) {
  for (auto [deck, seats] : {std::pair{"standard", 8}, std::pair{"tarot", 10}}) {
    auto match = start_match({{"deck", deck}}, seats);
    ASSERT_TRUE(match);
    auto all = testing::loc_state(*match).card_places().all();
    EXPECT_EQ(all.size(), loc_deck(deck_kind_from_name(deck)).size());
    for (Seat seat = 0; seat < seats; ++seat) EXPECT_EQ(match->view(seat)["hand"].size(), 6u);
  }
}

// --- Fixed deals -----------------------------------------------------------------------

Expected<std::unique_ptr<GameState>> try_setup(const Json& setup, const Json& options = {}) {
  MatchConfig config;
  config.options = *definition().validate_table(options.is_null() ? Json::object() : options, 2);
  config.seats = 2;
  config.setup = setup;
  return definition().new_match(config);
}

TEST(LocSetup, RejectsPilesWrongSizesAndDuplicates) {
  Json good = deal_of({{"2C", "3C", "4C", "5C", "6C", "7C"}, {"2D", "3D", "4D", "5D", "6D", "7D"}});
  EXPECT_TRUE(try_setup(good).ok());
  Json pile = good;
  pile["stock"] = Json::array({"AS"});
  EXPECT_EQ(try_setup(pile).error().code, "bad_setup");
  EXPECT_EQ(
      try_setup(deal_of({{"2C", "3C", "4C", "5C", "6C"}, {"2D", "3D", "4D", "5D", "6D", "7D"}}))
          .error()
          .code,
      "bad_setup");
  EXPECT_EQ(try_setup(deal_of({{"2C", "3C", "4C", "5C", "6C", "JK"},
                               {"2D", "3D", "4D", "5D", "6D", "JK"}}))
                .error()
                .code,
            "bad_setup");
  EXPECT_EQ(try_setup(deal_of({{"2C", "3C", "4C", "5C", "6C", "T1"},
                               {"2D", "3D", "4D", "5D", "6D", "7D"}}))
                .error()
                .code,
            "bad_setup");  // a trump is not a standard card
  EXPECT_TRUE(try_setup(deal_of({{"FOOL", "T21", "CS", "AB", "2D", "T1"},
                                 {"2B", "3B", "4B", "5B", "6B", "7B"}}),
                        {{"deck", "tarot"}})
                  .ok());
}

// --- Rejections ----------------------------------------------------------------------

// Every rejection changes nothing any viewer can see.
void expect_rejected(GameState& match, Seat seat, const Json& action, const std::string& code) {
  std::vector<std::string> before;
  for (Seat viewer = kSpectator; viewer < match.seat_count(); ++viewer) {
    before.push_back(match.view(viewer).dump());
  }
  ActionResult result = match.apply(seat, action);
  ASSERT_FALSE(result.ok()) << action.dump();
  EXPECT_EQ(result.error->code, code) << result.error->message;
  EXPECT_FALSE(result.error->message.empty());
  for (Seat viewer = kSpectator; viewer < match.seat_count(); ++viewer) {
    EXPECT_EQ(match.view(viewer).dump(), before[viewer + 1]) << "viewer " << viewer;
  }
  EXPECT_TRUE(match.take_events().empty());
}

TEST(LocRejections, EveryCode) {
  auto match = start_match({{"hands", 1}}, 4, worked_ledger_deal());
  ASSERT_TRUE(match);
  match->take_events();
  expect_rejected(*match, 0, {{"type", "pass"}}, "unknown_action");
  expect_rejected(*match, 0, {{"type", "discard"}}, "bad_action");
  expect_rejected(*match, 0, {{"type", "discard"}, {"card", 7}}, "bad_action");
  expect_rejected(*match, 0, card_action("discard", "ZZ"), "bad_card");
  expect_rejected(*match, 0, card_action("discard", "AH"), "card_not_held");
  expect_rejected(*match, 0, card_action("play", "KS"), "wrong_phase");
  ASSERT_TRUE(match->apply(0, card_action("discard", "5C")).ok());
  match->take_events();
  expect_rejected(*match, 0, card_action("discard", "KS"), "already_discarded");
  expect_rejected(*match, 0, card_action("play", "KS"), "wrong_phase");  // others not in yet
  for (Seat seat : {1, 2, 3}) {
    const char* discards[] = {"", "6D", "8C", "9C"};
    ASSERT_TRUE(match->apply(seat, card_action("discard", discards[seat])).ok());
  }
  match->take_events();
  expect_rejected(*match, 1, card_action("discard", "2D"), "already_discarded");
  expect_rejected(*match, 1, card_action("play", "6D"), "card_not_held");  // its discard
  ASSERT_TRUE(match->apply(1, card_action("play", "AH")).ok());
  match->take_events();
  expect_rejected(*match, 1, card_action("play", "2D"), "already_chosen");
  expect_rejected(*match, 1, card_action("play", "AH"), "already_chosen");
  expect_rejected(*match, 0, card_action("play", "AH"), "card_not_held");
  expect_rejected(*match, 0, card_action("play", "T1"), "bad_card");
  expect_rejected(*match, 9, card_action("play", "KS"), "bad_seat");
  expect_rejected(*match, 0, Json::array(), "bad_action");
}

TEST(LocRejections, TarotNotationAndCards) {
  auto match = start_match(
      {{"deck", "tarot"}, {"hands", 1}}, 2,
      deal_of({{"FOOL", "T21", "CS", "AB", "2D", "T1"}, {"2B", "3B", "4B", "5B", "6B", "7B"}}));
  ASSERT_TRUE(match);
  match->take_events();
  expect_rejected(*match, 0, card_action("discard", "JK"), "bad_card");
  expect_rejected(*match, 0, card_action("discard", "T22"), "bad_card");
  expect_rejected(*match, 0, card_action("discard", "T2"), "card_not_held");
  EXPECT_TRUE(match->apply(0, card_action("discard", "fool")).ok());
}

// A rejection's code and message are the same whatever the other seats chose.
TEST(LocRejections, DoNotDependOnOtherSeatsChoices) {
  auto rejection_after = [](const std::vector<std::pair<Seat, std::string>>& others) {
    auto match = start_match({{"hands", 1}}, 4, worked_ledger_deal());
    step(*match, "discard", {"5C", "6D", "8C", "9C"});
    for (const auto& [seat, card] : others) {
      EXPECT_TRUE(match->apply(seat, card_action("play", card)).ok());
    }
    std::vector<std::string> out;
    for (const Json& action : {card_action("play", "AH"), card_action("play", "XX"),
                               card_action("discard", "KS"), Json{{"type", "play"}}}) {
      ActionResult result = match->apply(0, action);
      out.push_back(result.error->code + ": " + result.error->message);
    }
    return out;
  };
  auto alone = rejection_after({});
  EXPECT_EQ(alone, rejection_after({{1, "AH"}}));
  EXPECT_EQ(alone, rejection_after({{1, "2D"}, {2, "KH"}}));
  EXPECT_EQ(alone, rejection_after({{2, "6C"}, {3, "KD"}, {1, "5D"}}));
}

// --- Timeouts and bots -----------------------------------------------------------------

TEST(LocDefaults, TimeoutGivesUpTheWeakestCard) {
  auto match = start_match({{"hands", 1}}, 4, worked_ledger_deal());
  ASSERT_TRUE(match);
  EXPECT_EQ(match->default_action(1), card_action("discard", "2D"));
  EXPECT_EQ(match->default_action(3), card_action("discard", "2S"));
  step(*match, "discard", {"5C", "6D", "8C", "9C"});
  EXPECT_EQ(match->default_action(0), card_action("play", "2C"));
  for (Seat seat = 0; seat < 4; ++seat) {
    ASSERT_TRUE(match->apply(seat, match->default_action(seat)).ok());
  }
  EXPECT_EQ(match->view(kSpectator)["ledger"][1]["cards"], Json({"2C", "2D", "2H", "2S"}));
}

TEST(LocBots, BothLevelsPlayLegalMovesToTheEnd) {
  for (BotLevel level : {BotLevel::kRandom, BotLevel::kSensible}) {
    for (const char* deck : {"standard", "tarot"}) {
      auto bot = definition().make_bot(level);
      auto match = start_match({{"deck", deck}}, 5, std::nullopt, 9);
      Rng rng(Seed::from_u64(3), 0);
      int actions = 0;
      while (!match->match_over()) {
        for (Seat seat : match->waiting().seats) {
          Json move = bot->choose(match->view(seat), rng);
          ActionResult result = match->apply(seat, move);
          ASSERT_TRUE(result.ok()) << move.dump() << " " << result.error->message;
          ++actions;
        }
      }
      EXPECT_EQ(actions, 5 * 5 * 6);  // 5 hands x 5 seats x (1 discard + 5 plays)
    }
  }
}

TEST(LocBots, SensibleKeepsItsBestForPlayFiveAndShowsASpareAce) {
  auto bot = definition().make_bot(BotLevel::kSensible);
  auto match = start_match(
      {{"hands", 1}}, 2,
      deal_of({{"JK", "AD", "2C", "3C", "4C", "5C"}, {"2D", "3D", "4D", "5D", "6D", "7D"}}));
  Rng rng(Seed::from_u64(1), 0);
  EXPECT_EQ(bot->choose(match->view(0), rng), card_action("discard", "2C"));
  step(*match, "discard", {"2C", "2D"});
  EXPECT_EQ(bot->choose(match->view(0), rng), card_action("play", "AD"));
  EXPECT_EQ(bot->choose(match->view(1), rng), card_action("play", "3D"));
}

}  // namespace
}  // namespace parlor::loc

namespace parlor::loc {
namespace {

// The sensible bot against three random ones, over a fixed set of seeds (so the
// figure is reproducible): it must come out ahead.
TEST(LocBots, SensibleBeatsRandomOverManyHands) {
  constexpr int kMatches = 400;
  auto sensible = definition().make_bot(BotLevel::kSensible);
  auto random = definition().make_bot(BotLevel::kRandom);
  std::int64_t sensible_total = 0;
  for (int i = 0; i < kMatches; ++i) {
    auto match = testing::start_match({{"hands", 4}}, 4, std::nullopt, 1000 + i);
    Seat smart = i % 4;
    Rng rng(Seed::from_u64(i), 7);
    while (!match->match_over()) {
      for (Seat seat : match->waiting().seats) {
        const BotPolicy& bot = seat == smart ? *sensible : *random;
        ASSERT_TRUE(match->apply(seat, bot.choose(match->view(seat), rng)).ok());
      }
    }
    sensible_total += match->scores()[smart];
  }
  RecordProperty("sensible_chips_per_match", std::to_string(sensible_total / kMatches));
  std::cout << "sensible bot: " << static_cast<double>(sensible_total) / kMatches
            << " chips per 4-hand match against three random bots\n";
  EXPECT_GT(sensible_total, 0);
}

}  // namespace
}  // namespace parlor::loc
