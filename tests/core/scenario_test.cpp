#include <gtest/gtest.h>

#include "engine/core/scenario.hpp"
#include "tests/core/toy_game.hpp"
#include "tests/support/scenario_expect.hpp"

namespace parlor {
namespace {

const testing::ToyGame kToy;

Expected<std::vector<Json>> run(const Json& scenario) {
  return run_scenario(scenario, [](const std::string& name) -> const GameDefinition* {
    return name == "toy" ? &kToy : nullptr;
  });
}

Json base_scenario() {
  return Json::parse(R"({"game": "toy", "seats": 2, "dealer": 1, "seed": 7,
                         "setup": {"hands": [["AS", "2C"], ["KD", "3H"]]}, "actions": []})");
}

TEST(Scenario, PlaysActionsAndReportsEachOne) {
  Json s = base_scenario();
  s["actions"] = {{{"seat", 0}, {"action", {{"type", "play"}, {"card", "as"}}}},
                  {{"seat", 0}, {"action", {{"type", "play"}, {"card", "2C"}}}},
                  {{"seat", 1}, {"action", {{"type", "play"}, {"card", "QS"}}}},
                  {{"seat", 1}, {"action", {{"type", "play"}, {"card", "KD"}}}}};
  auto lines = run(s);
  ASSERT_TRUE(lines.ok()) << lines.error().message;
  ASSERT_EQ(lines->size(), 5u);
  EXPECT_EQ((*lines)[0], Json({{"i", 0}, {"seat", 0}, {"ok", true}}));
  EXPECT_EQ((*lines)[1]["error"], "not_your_turn");
  EXPECT_EQ((*lines)[2]["error"], "card_not_held");
  EXPECT_TRUE((*lines)[2].contains("message"));
  EXPECT_EQ((*lines)[3]["ok"], true);
  const Json& final = (*lines)[4]["final"];
  EXPECT_EQ(final["over"], false);
  EXPECT_EQ(final["round"], 2);
  EXPECT_EQ(final["scores"], Json({1, 0}));
  ASSERT_EQ(final["views"].size(), 2u);
  EXPECT_EQ(final["views"][0]["viewer"], 0);
}

TEST(Scenario, TimeoutAppliesTheDefaultActionOfEveryWaitingSeat) {
  Json s = base_scenario();
  s["actions"] = Json::array();
  for (int i = 0; i < 6; ++i) s["actions"].push_back({{"timeout", true}});
  s["actions"].push_back({{"timeout", true}});
  auto lines = run(s);
  ASSERT_TRUE(lines.ok());
  ASSERT_EQ(lines->size(), 8u);
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ((*lines)[i]["ok"], true) << (*lines)[i].dump();
    EXPECT_EQ((*lines)[i]["timeout"], true);
  }
  EXPECT_EQ((*lines)[6]["error"], "match_over");
  EXPECT_EQ((*lines)[7]["final"]["over"], true);
}

TEST(Scenario, SameSeedSameOutcome) {
  Json s = base_scenario();
  s.erase("setup");
  for (int i = 0; i < 6; ++i) s["actions"].push_back({{"timeout", true}});
  auto a = run(s);
  auto b = run(s);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(*a, *b);
}

TEST(Scenario, MalformedFilesAreErrors) {
  auto expect_error = [](Json s, const std::string& code) {
    auto lines = run(s);
    ASSERT_FALSE(lines.ok()) << s.dump();
    EXPECT_EQ(lines.error().code, code) << lines.error().message;
  };
  expect_error(Json::array(), "bad_scenario");
  Json s = base_scenario();
  s["game"] = "chess";
  expect_error(s, "bad_scenario");
  s = base_scenario();
  s.erase("seats");
  expect_error(s, "bad_scenario");
  s = base_scenario();
  s["seats"] = 9;
  expect_error(s, "bad_seat_count");
  s = base_scenario();
  s["options"] = {{"speed", 1}};
  expect_error(s, "unknown_option");
  s = base_scenario();
  s["dealer"] = 5;
  expect_error(s, "bad_scenario");
  s = base_scenario();
  s["seed"] = "xyz";
  expect_error(s, "bad_seed");
  s = base_scenario();
  s["actions"] = {{{"action", {{"type", "play"}}}}};
  expect_error(s, "bad_scenario");
  s = base_scenario();
  s["actions"] = "play";
  expect_error(s, "bad_scenario");
}

TEST(Scenario, ImpossibleSetupsAreRefused) {
  for (const char* text :
       {R"([["AS", "AS"], ["KD", "3H"]])", R"([["AS", "2C"], ["AS", "3H"]])",
        R"([["AS", "2C", "4C"], ["KD", "3H"]])", R"([["AS", "JK"], ["KD", "3H"]])",
        R"([["AS", "2C"]])", R"([["AS", "XX"], ["KD", "3H"]])"}) {
    Json hands = Json::parse(text);
    Json s = base_scenario();
    s["setup"]["hands"] = hands;
    auto lines = run(s);
    ASSERT_FALSE(lines.ok()) << hands.dump();
    EXPECT_EQ(lines.error().code, "bad_setup");
  }
  Json s = base_scenario();
  s["setup"]["kitty"] = {"4C"};
  EXPECT_EQ(run(s).error().code, "bad_setup");
  s = base_scenario();
  s["setup"]["stock"] = {"AS"};
  EXPECT_EQ(run(s).error().code, "bad_setup");
}

TEST(Scenario, BadActionShapesAreRejectedNotFatal) {
  Json s = base_scenario();
  s["actions"] = {{{"seat", 0}, {"action", "play"}},
                  {{"seat", 0}, {"action", {{"card", "AS"}}}},
                  {{"seat", 7}, {"action", {{"type", "play"}, {"card", "AS"}}}}};
  auto lines = run(s);
  ASSERT_TRUE(lines.ok());
  EXPECT_EQ((*lines)[0]["error"], "bad_action");
  EXPECT_EQ((*lines)[1]["error"], "bad_action");
  EXPECT_EQ((*lines)[2]["error"], "bad_seat");
}

TEST(ScenarioExpect, SubsetMatching) {
  std::vector<Json> lines = {{{"i", 0}, {"seat", 0}, {"ok", true}},
                             {{"i", 1}, {"seat", 1}, {"ok", false}, {"error", "x"}},
                             {{"final", {{"over", false}, {"scores", {1, 0}}}}}};
  EXPECT_TRUE(
      testing::scenario_mismatches(
          {{"results", {{{"i", 1}, {"error", "x"}}}}, {"final", {{"scores", {1, 0}}}}}, lines)
          .empty());
  EXPECT_EQ(testing::scenario_mismatches({{"final", {{"over", false}}}}, lines).size(), 1u)
      << "an unexpected rejection must be reported";
  EXPECT_FALSE(testing::scenario_mismatches(
                   {{"allow_rejections", true}, {"final", {{"scores", {0, 1}}}}}, lines)
                   .empty());
  EXPECT_FALSE(testing::scenario_mismatches(
                   {{"allow_rejections", true}, {"final", {{"scores", {1}}}}}, lines)
                   .empty());
  EXPECT_FALSE(testing::scenario_mismatches({{"results", {{{"i", 5}}}}}, lines).empty());
}

}  // namespace
}  // namespace parlor
