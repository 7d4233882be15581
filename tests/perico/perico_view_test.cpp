// What each viewer sees (../shared/rules/perico.md, "What each player sees").
#include <gtest/gtest.h>

#include "tests/perico/perico_invariants.hpp"
#include "tests/perico/perico_test_util.hpp"

namespace parlor::perico {
namespace {

using testing::Deal;
using testing::play;
using testing::start;

Deal knock_deal() {
  Deal deal;
  deal.hands = {{"2C", "5D", "8H", "JH", "KC"},
                {"3C", "3D", "3H", "9S", "JD"},
                {"4C", "4D", "7H", "TH", "6C"}};
  deal.discard = {"2D", "2H", "5S", "9C", "TD"};
  deal.stock = {"6S", "7S"};
  return deal;
}

TEST(PericoView, SeatSeesOwnHandAndPublicState) {
  auto state = start(knock_deal());
  Json view = state->view(1);
  EXPECT_EQ(view["game"], "perico");
  EXPECT_EQ(view["variant"], "five_card");
  EXPECT_EQ(view["phase"], "play");
  EXPECT_EQ(view["dealer"], 0);
  EXPECT_EQ(view["turn"], 1);
  EXPECT_EQ(view["hand"], Json({"3C", "3D", "3H", "9S", "JD"}));
  EXPECT_EQ(view["discard_pile"], Json({"2D", "2H", "5S", "9C", "TD"}));
  EXPECT_EQ(view["stock_size"], 54 - 15 - 5);
  EXPECT_EQ(view["players"].size(), 3u);
  EXPECT_EQ(view["players"][2]["cards"], 5);
  EXPECT_EQ(view["knock"]["running"], false);
  EXPECT_EQ(view["scores"], Json({0, 0, 0}));
  EXPECT_EQ(view["last_round"], nullptr);
  EXPECT_EQ(view["legal"],
            Json({{"draw", true}, {"take_max", 5}, {"knock", true}, {"discard", false}}));
  EXPECT_EQ(state->view(0)["legal"], Json::object());
  for (Seat viewer = kSpectator; viewer < 3; ++viewer) {
    EXPECT_TRUE(testing::view_problems(testing::perico(*state), viewer).empty());
  }
}

TEST(PericoView, SpectatorSeesNoHandUntilTheRoundEnds) {
  auto state = start(knock_deal());
  Json spectator = state->view(kSpectator);
  EXPECT_FALSE(spectator.contains("hand"));
  EXPECT_FALSE(spectator.contains("legal"));
  EXPECT_EQ(spectator["viewer"], nullptr);
  for (const char* card : {"2C", "3C", "4C", "JD", "KC"}) {
    EXPECT_EQ(spectator.dump().find(card), std::string::npos) << card;
  }
  play(*state, 1, testing::knock());
  EXPECT_EQ(state->view(kSpectator)["knock"], Json({{"running", true}, {"by", 1}}));
  EXPECT_EQ(state->view(kSpectator)["players"][1]["knocked"], true);
  play(*state, 2, testing::draw());
  play(*state, 2, testing::discard("6S"));
  play(*state, 0, testing::draw());
  play(*state, 0, testing::discard("7S"));
  Json last = state->view(kSpectator)["last_round"];
  ASSERT_EQ(last["hands"].size(), 3u);
  EXPECT_EQ(last["hands"][0]["cards"], Json({"2C", "5D", "8H", "JH", "KC"}));
  EXPECT_EQ(last["hands"][0]["category"], "high_card");
  EXPECT_EQ(last["hands"][1]["category"], "three_of_a_kind");
  EXPECT_EQ(last["hands"][2]["category"], "one_pair");
  EXPECT_FALSE(state->view(kSpectator).contains("hand"));
}

TEST(PericoView, DealEventsKeepHandsPrivate) {
  auto state = start(knock_deal());
  auto events = state->take_events();
  int private_hands = 0;
  for (const Event& e : events) {
    if (e.body()["type"] == "hand") {
      ++private_hands;
      EXPECT_EQ(e.audience.kind, Audience::Kind::kOnlySeat);
      EXPECT_EQ(e.audience.seat, e.body()["seat"]);
    } else {
      EXPECT_EQ(e.audience.kind, Audience::Kind::kEveryone);
    }
  }
  EXPECT_EQ(private_hands, 3);
  EXPECT_TRUE(testing::event_problems(testing::perico(*state), events, {}).empty());
}

TEST(PericoView, RoundResultsRecordEveryRound) {
  auto state = start(knock_deal());
  play(*state, 1, testing::knock());
  play(*state, 2, testing::draw());
  play(*state, 2, testing::discard("6S"));
  play(*state, 0, testing::draw());
  play(*state, 0, testing::discard("7S"));
  Json results = state->round_results();
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0]["round"], 1);
  EXPECT_EQ(results[0]["points"], Json({0, 1, 0}));
  EXPECT_EQ(results[0]["scores"], Json({0, 1, 0}));
  EXPECT_EQ(results[0]["drawn"], false);
}

TEST(PericoDescribe, OptionsAndSeatsPerVariant) {
  Json d = definition().describe();
  EXPECT_EQ(d["name"], "perico");
  EXPECT_EQ(d["seats"], Json({{"min", 2}, {"max", 6}}));
  EXPECT_EQ(d["seats_by_option"]["variant"]["six_card"], Json({{"min", 2}, {"max", 5}}));
  EXPECT_EQ(d["options"].size(), 3u);
  EXPECT_EQ(definition().validate_table({{"scoring", "most"}}, 3).error().code, "bad_option_value");
}

}  // namespace
}  // namespace parlor::perico
