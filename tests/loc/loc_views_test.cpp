// What each viewer sees and what the events say: a pending choice is never shown to
// anyone but its owner, and discards never to anyone.
#include <gtest/gtest.h>

#include "tests/loc/loc_audit.hpp"
#include "tests/loc/loc_test_util.hpp"

namespace parlor::loc {
namespace {

using testing::card_action;
using testing::collect_strings;
using testing::deal_of;
using testing::start_match;
using testing::step;

const std::vector<std::string> kDiscards = {"5C", "6D", "8C", "9C"};

std::unique_ptr<GameState> worked_match() {
  return start_match({{"hands", 1}}, 4,
                     deal_of({{"KS", "2C", "3C", "4C", "QS", "5C"},
                              {"2D", "AH", "3D", "4D", "5D", "6D"},
                              {"2H", "6C", "KH", "7C", "6H", "8C"},
                              {"2S", "7D", "8D", "KD", "7H", "9C"}}));
}

bool mentions(const Json& value, const std::string& card) {
  std::vector<std::string> strings;
  collect_strings(value, strings);
  return std::find(strings.begin(), strings.end(), card) != strings.end();
}

void expect_no_leaks(GameState& match) {
  testing::CardMap map(testing::loc_state(match).card_places());
  for (Seat viewer = kSpectator; viewer < match.seat_count(); ++viewer) {
    auto leaks = testing::leaked_cards(match.view(viewer), map, viewer, DeckKind::kStandard);
    EXPECT_TRUE(leaks.empty()) << "viewer " << viewer << " sees " << leaks.front();
  }
}

TEST(LocViews, APendingDiscardIsSeenOnlyByItsOwner) {
  auto match = worked_match();
  ASSERT_TRUE(match);
  match->take_events();
  ASSERT_TRUE(match->apply(0, card_action("discard", "5C")).ok());
  EXPECT_EQ(match->view(0)["choice"], "5C");
  EXPECT_FALSE(mentions(match->view(0)["hand"], "5C"));
  for (Seat viewer : {kSpectator, 1, 2, 3}) {
    Json view = match->view(viewer);
    EXPECT_FALSE(mentions(view, "5C")) << "viewer " << viewer;
    EXPECT_EQ(view["players"][0]["chosen"], true);
    EXPECT_EQ(view["players"][0]["cards"], 6);  // the count does not move on choosing
    EXPECT_EQ(view["players"][1]["chosen"], false);
  }
  for (const Event& event : match->take_events()) {
    EXPECT_FALSE(mentions(event.body(), "5C")) << event.body().dump();
  }
  expect_no_leaks(*match);
}

TEST(LocViews, DiscardsAreNeverShownAgain) {
  auto match = worked_match();
  ASSERT_TRUE(match);
  std::vector<Event> events = match->take_events();
  auto record = [&] {
    auto more = match->take_events();
    events.insert(events.end(), more.begin(), more.end());
  };
  step(*match, "discard", kDiscards);
  record();
  EXPECT_EQ(match->view(0)["choice"], nullptr);
  expect_no_leaks(*match);
  for (const auto& plays : std::vector<std::vector<std::string>>{{"KS", "2D", "2H", "2S"},
                                                                 {"2C", "AH", "6C", "7D"},
                                                                 {"3C", "3D", "KH", "8D"},
                                                                 {"4C", "4D", "7C", "KD"},
                                                                 {"QS", "5D", "6H", "7H"}}) {
    step(*match, "play", plays);
    record();
    expect_no_leaks(*match);
  }
  ASSERT_TRUE(match->match_over());
  for (const std::string& discard : kDiscards) {
    for (Seat viewer = kSpectator; viewer < 4; ++viewer) {
      EXPECT_FALSE(mentions(match->view(viewer), discard)) << discard << " to " << viewer;
    }
    EXPECT_FALSE(mentions(match->round_results(), discard)) << discard;
    for (const Event& event : events) {
      if (event.body()["type"] == "hand") continue;  // the dealt hand, before any discard
      EXPECT_FALSE(mentions(event.body(), discard)) << event.body().dump();
    }
  }
}

TEST(LocViews, APendingPlayIsHiddenUntilTheReveal) {
  auto match = worked_match();
  ASSERT_TRUE(match);
  step(*match, "discard", kDiscards);
  match->take_events();
  ASSERT_TRUE(match->apply(1, card_action("play", "AH")).ok());
  ASSERT_TRUE(match->apply(3, card_action("play", "7D")).ok());
  for (const Event& event : match->take_events()) {
    EXPECT_EQ(event.body()["type"], "chosen");
    EXPECT_FALSE(mentions(event.body(), "AH"));
    EXPECT_FALSE(mentions(event.body(), "7D"));
  }
  EXPECT_EQ(match->view(1)["choice"], "AH");
  EXPECT_EQ(match->view(1)["legal"], Json::object());
  EXPECT_FALSE(mentions(match->view(3), "AH"));
  EXPECT_FALSE(mentions(match->view(1), "7D"));
  EXPECT_FALSE(mentions(match->view(kSpectator), "AH"));
  EXPECT_EQ(match->view(0)["waiting"]["seats"], Json({0, 2}));
  expect_no_leaks(*match);
  ASSERT_TRUE(match->apply(0, card_action("play", "2C")).ok());
  ASSERT_TRUE(match->apply(2, card_action("play", "6C")).ok());
  Json reveal;
  for (const Event& event : match->take_events()) {
    if (event.body()["type"] == "reveal") reveal = event.body();
  }
  EXPECT_EQ(reveal["cards"], Json({"2C", "AH", "6C", "7D"}));
  EXPECT_EQ(reveal["winner"], 1);
  Json spectator = match->view(kSpectator);
  EXPECT_EQ(spectator["ledger"].back()["cards"], Json({"2C", "AH", "6C", "7D"}));
  EXPECT_EQ(spectator["ledger"].back()["paid"], Json({1, 1, 1, 1}));
}

TEST(LocViews, SpectatorsSeeOnlyPublicFacts) {
  auto match = worked_match();
  ASSERT_TRUE(match);
  Json view = match->view(kSpectator);
  EXPECT_FALSE(view.contains("hand"));
  EXPECT_FALSE(view.contains("choice"));
  EXPECT_FALSE(view.contains("legal"));
  EXPECT_EQ(view["phase"], "discard");
  EXPECT_EQ(view["pot"], 4);
  EXPECT_EQ(view["players"].size(), 4u);
  EXPECT_EQ(view["players"][2]["balance"], -1);
  EXPECT_EQ(view["last_round"], nullptr);
  EXPECT_EQ(match->view(2)["hand"], Json({"2H", "6C", "KH", "7C", "6H", "8C"}));
}

TEST(LocViews, EachSeatIsDealtItsHandPrivately) {
  auto match = start_match({{"deck", "tarot"}}, 6, std::nullopt, 5);
  ASSERT_TRUE(match);
  int private_hands = 0;
  for (const Event& event : match->take_events()) {
    if (event.body()["type"] != "hand") {
      EXPECT_EQ(event.audience.kind, Audience::Kind::kEveryone);
      continue;
    }
    ++private_hands;
    ASSERT_EQ(event.audience.kind, Audience::Kind::kOnlySeat);
    EXPECT_EQ(event.body()["cards"], match->view(event.audience.seat)["hand"]);
  }
  EXPECT_EQ(private_hands, 6);
}

}  // namespace
}  // namespace parlor::loc
