// Runs the real `parlor` binary and checks its exit codes and output shapes.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/built_paths.hpp"
#include "tests/support/run_command.hpp"

namespace parlor {
namespace {

using testing::run_command;

// What `parlor games --json` prints, into `parsed`; a fatal failure unless it succeeds
// with JSON.
void read_games_json(nlohmann::json& parsed) {
  auto result = run_command(testing::parlor_cli_path() + " games --json");
  ASSERT_EQ(result.exit_code, 0);
  parsed = nlohmann::json::parse(result.out, nullptr, false);
  ASSERT_FALSE(parsed.is_discarded()) << result.out;
}

TEST(Cli, HelpListsCommands) {
  auto result = run_command(testing::parlor_cli_path() + " --help");
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_NE(result.out.find("scenario FILE"), std::string::npos);
  EXPECT_NE(result.out.find("games"), std::string::npos);
  EXPECT_EQ(run_command(testing::parlor_cli_path()).exit_code, 2);
  EXPECT_EQ(run_command(testing::parlor_cli_path() + " frobnicate").exit_code, 2);
}

TEST(Cli, GamesJsonIsMachineReadable) {
  nlohmann::json parsed;
  ASSERT_NO_FATAL_FAILURE(read_games_json(parsed));
  ASSERT_TRUE(parsed["games"].is_array());
  for (const auto& game : parsed["games"]) {
    EXPECT_TRUE(game["name"].is_string());
    EXPECT_TRUE(game["options"].is_array());
    EXPECT_LE(game["seats"]["min"].get<int>(), game["seats"]["max"].get<int>());
  }
  EXPECT_EQ(run_command(testing::parlor_cli_path() + " games --yaml").exit_code, 2);
}

// What a player reads of an option is words: every option has a label, every choice a
// label of its own, and no label, description or note shows a raw value ("five_card").
TEST(Cli, EveryOptionAndEachOfItsValuesReadsInWords) {
  nlohmann::json parsed;
  ASSERT_NO_FATAL_FAILURE(read_games_json(parsed));
  for (const auto& game : parsed["games"]) {
    for (const auto& option : game["options"]) {
      const std::string where =
          game["name"].get<std::string>() + "." + option["name"].get<std::string>();
      const std::string label = option.value("label", "");
      EXPECT_FALSE(label.empty()) << where;
      EXPECT_NE(label, option["name"].get<std::string>()) << where;
      std::string words =
          label + " " + option.value("description", "") + " " + option.value("default_note", "");
      if (option["type"] == "choice") {
        ASSERT_TRUE(option.contains("choice_labels")) << where;
        ASSERT_EQ(option["choice_labels"].size(), option["choices"].size()) << where;
        for (const auto& value_label : option["choice_labels"]) {
          EXPECT_FALSE(value_label.get<std::string>().empty()) << where;
          words += " " + value_label.get<std::string>();
        }
      }
      EXPECT_EQ(words.find('_'), std::string::npos) << where << ": " << words;
    }
  }
  auto text = run_command(testing::parlor_cli_path() + " games");
  ASSERT_EQ(text.exit_code, 0);
  EXPECT_NE(text.out.find("Hand size: "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("five_card       5 cards  (default)"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("--option variant=VALUE, one of:"), std::string::npos) << text.out;
  // Seats by option value, as typed after --option, never the engine's JSON.
  EXPECT_NE(text.out.find("seats: 2-6 (variant=five_card: 2-6; variant=six_card: 2-5)"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("deck=tarot: 2-10; best with 4 or more)"), std::string::npos) << text.out;
  EXPECT_EQ(text.out.find("{\""), std::string::npos) << text.out;
}

TEST(Cli, ScenarioInputErrorsExitTwoWithAMessage) {
  auto missing = run_command(testing::parlor_cli_path() + " scenario /nonexistent/file.json");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_TRUE(missing.out.empty());
  EXPECT_NE(missing.err.find("cannot read"), std::string::npos);

  std::string path = ::testing::TempDir() + "/broken.json";
  std::ofstream(path) << "{ not json";
  auto broken = run_command(testing::parlor_cli_path() + " scenario " + path);
  EXPECT_EQ(broken.exit_code, 2);
  EXPECT_NE(broken.err.find("not valid JSON"), std::string::npos);

  std::ofstream(path) << R"({"game": "chess", "seats": 2, "actions": []})";
  auto unknown = run_command(testing::parlor_cli_path() + " scenario " + path);
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("unknown game"), std::string::npos);
  EXPECT_TRUE(unknown.out.empty());

  EXPECT_EQ(run_command(testing::parlor_cli_path() + " scenario").exit_code, 2);
}

// `parlor --help` tells people to run `parlor COMMAND --help`: every command answers it
// with its usage, exit 0, and never runs (no server is contacted, no file is read).
class CommandHelp : public ::testing::TestWithParam<const char*> {};

TEST_P(CommandHelp, PrintsUsageAndExitsZero) {
  const std::string name = GetParam();
  for (const char* flag : {" --help", " -h"}) {
    auto result = run_command(testing::parlor_cli_path() + " " + name + flag);
    EXPECT_EQ(result.exit_code, 0) << name << flag << ": " << result.err;
    EXPECT_NE(result.out.find("usage: parlor " + name), std::string::npos) << result.out;
    EXPECT_TRUE(result.err.empty()) << result.err;
  }
  // After other arguments too, even ones that would be refused.
  auto late = run_command(testing::parlor_cli_path() + " " + name + " --server nowhere --help");
  EXPECT_EQ(late.exit_code, 0) << late.err;
}

INSTANTIATE_TEST_SUITE_P(EveryCommand, CommandHelp,
                         ::testing::Values("arena", "bot", "games", "hand", "load", "play", "rate",
                                           "scenario", "verify"));

TEST(Cli, EveryListedCommandHasAHelpTest) {
  auto result = run_command(testing::parlor_cli_path() + " --help");
  int listed = 0;
  for (const char* name :
       {"arena", "bot", "games", "hand", "load", "play", "rate", "scenario", "verify"}) {
    listed += result.out.find(std::string("  ") + name + " ") != std::string::npos;
  }
  EXPECT_EQ(listed, 9) << result.out;
}

TEST(Cli, ArenaReportsEachLevelAsJsonAndRefusesBadLevels) {
  const std::string arena = testing::parlor_cli_path() + " arena ";
  auto result = run_command(arena +
                            "--game perico --option target=1 --levels sensible,random --matches 2 "
                            "--budget-ms 0 --iterations 1 --json");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  auto report = nlohmann::json::parse(result.out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << result.out;
  EXPECT_EQ(report["matches"], 2);
  EXPECT_EQ(report["errors"], 0);
  ASSERT_EQ(report["levels"].size(), 2u);
  EXPECT_EQ(report["levels"][1]["level"], "random");
  EXPECT_TRUE(report["levels"][0]["interval95"].is_array());
  EXPECT_EQ(run_command(arena + "--game perico --levels expert,genius").exit_code, 2);
  EXPECT_EQ(run_command(arena + "--game perico").exit_code, 2);
}

TEST(Cli, NetworkCommandsHelpNamesTheirFlags) {
  EXPECT_NE(run_command(testing::parlor_cli_path() + " play --help").out.find("--script"),
            std::string::npos);
  EXPECT_NE(run_command(testing::parlor_cli_path() + " bot --help").out.find("--seats N"),
            std::string::npos);
  EXPECT_NE(run_command(testing::parlor_cli_path() + " load --help").out.find("--tables N"),
            std::string::npos);
}

TEST(Cli, HandTakesPericoWithAVariantOption) {
  const std::string hand = testing::parlor_cli_path() + " hand ";
  auto five = run_command(hand + "perico \"KC QD JH TS 9C\" \"AC 2D 3H 4S 5C\"");
  ASSERT_EQ(five.exit_code, 0) << five.err;
  auto five_json = nlohmann::json::parse(five.out);
  EXPECT_EQ(five_json["game"], "perico");
  // The same hands ranked as the old name ranks them.
  auto old_five = nlohmann::json::parse(
      run_command(hand + "perico5 \"KC QD JH TS 9C\" \"AC 2D 3H 4S 5C\"").out);
  EXPECT_EQ(five_json["hands"], old_five["hands"]);
  EXPECT_EQ(five_json["order"], old_five["order"]);

  auto six = run_command(hand + "perico --option variant=six_card \"AH AD AC AS JK JK\"");
  ASSERT_EQ(six.exit_code, 0) << six.err;
  auto old_six = nlohmann::json::parse(run_command(hand + "perico6 \"AH AD AC AS JK JK\"").out);
  EXPECT_EQ(nlohmann::json::parse(six.out)["hands"], old_six["hands"]);

  auto wrong_size = run_command(hand + "perico --option variant=six_card \"AH AD AC AS JK\"");
  EXPECT_EQ(wrong_size.exit_code, 2);
  EXPECT_NE(wrong_size.err.find("has 5 cards"), std::string::npos) << wrong_size.err;
  auto bad_variant = run_command(hand + "perico --option variant=seven \"AH AD AC AS JK\"");
  EXPECT_EQ(bad_variant.exit_code, 2);
  EXPECT_NE(bad_variant.err.find("five_card or six_card"), std::string::npos) << bad_variant.err;
  auto bad_option = run_command(hand + "perico --option jokers=2 \"AH AD AC AS JK\"");
  EXPECT_EQ(bad_option.exit_code, 2);
  EXPECT_NE(bad_option.err.find("no option 'jokers'"), std::string::npos) << bad_option.err;
}

}  // namespace
}  // namespace parlor
