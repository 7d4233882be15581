// Runs the real `parlor rate` command: the output's shape and values (the model's own,
// and openskill's for two cases of reference/cases.json), ratings per game and carried
// over, starting ratings, and bad input (exit 2, one line on stderr, nothing on stdout).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/ratings/ratings.hpp"
#include "tests/support/built_paths.hpp"
#include "tests/support/command_checks.hpp"
#include "tests/support/run_command.hpp"

namespace parlor {
namespace {

using nlohmann::json;
using testing::CommandResult;
using testing::run_command;

CommandResult rate_command(const std::string& input, const std::string& args = "") {
  return run_command(testing::parlor_cli_path() + " rate" + args, input);
}

json ok_json(const std::string& input) {
  return testing::expect_json_output(rate_command(input), input);
}

void expect_input_error(const std::string& input, const std::string& message_part) {
  const CommandResult result = rate_command(input);
  testing::expect_input_error_of(result, input, message_part);
  EXPECT_EQ(result.err.find('\n'), result.err.size() - 1) << "not one line: " << result.err;
  EXPECT_EQ(result.err.rfind("parlor rate: ", 0), 0u) << result.err;
}

TEST(RateCommand, TwoPlayerMatchMatchesOpenskill) {
  const json out = ok_json(R"([{"game": "perico", "teams": [["ana"], ["ben"]], "ranks": [1, 2]}])");
  ASSERT_EQ(out.at("players").size(), 2u) << out;
  const json& ana = out["players"][0];
  const json& ben = out["players"][1];
  EXPECT_EQ(ana.at("game"), "perico");
  EXPECT_EQ(ana.at("id"), "ana");
  EXPECT_EQ(ben.at("id"), "ben");
  // openskill 5.0.1, reference/cases.json "ffa2_new_players".
  EXPECT_NEAR(ana.at("mu").get<double>(), 27.635389493140497, 1e-9);
  EXPECT_NEAR(ana.at("sigma").get<double>(), 8.06590141354368, 1e-9);
  EXPECT_NEAR(ben.at("mu").get<double>(), 22.364610506859503, 1e-9);
  EXPECT_NEAR(ben.at("sigma").get<double>(), 8.06590141354368, 1e-9);
  EXPECT_DOUBLE_EQ(ana.at("ordinal").get<double>(),
                   ana.at("mu").get<double>() - 3 * ana.at("sigma").get<double>());
  EXPECT_EQ(ana.at("matches"), 1);
  EXPECT_EQ(ana.at("provisional"), true);
  // Every key, and only these.
  EXPECT_EQ(ana.size(), 7u) << ana;
}

TEST(RateCommand, TeamMatchIsTheModelsResultPrintedExactly) {
  const json out = ok_json(
      R"([{"game": "pedro", "teams": [["n", {"id": "s", "mu": 30, "sigma": 4}], ["e", "w"]],
           "ranks": [2, 1]}])");
  auto rated = ratings::rate(
      {{ratings::Rating{}, ratings::Rating{30, 4}}, {ratings::Rating{}, ratings::Rating{}}},
      {2, 1});
  ASSERT_TRUE(rated.ok());
  // Sorted by id: e, n, s, w.
  const json& players = out.at("players");
  ASSERT_EQ(players.size(), 4u) << out;
  const ratings::Rating want[] = {(*rated)[1][0], (*rated)[0][0], (*rated)[0][1], (*rated)[1][1]};
  const char* ids[] = {"e", "n", "s", "w"};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(players[i].at("id"), ids[i]);
    // Printed to full precision: the doubles read back exactly.
    EXPECT_EQ(players[i].at("mu").get<double>(), want[i].mu) << ids[i];
    EXPECT_EQ(players[i].at("sigma").get<double>(), want[i].sigma) << ids[i];
  }
  EXPECT_GT(players[0].at("mu").get<double>(), 25.0);  // e won
  EXPECT_LT(players[2].at("mu").get<double>(), 30.0);  // s lost
}

TEST(RateCommand, RatingsArePerGameAndCarryOver) {
  const json out = ok_json(R"([
    {"game": "perico", "teams": [["a"], ["b"]], "ranks": [1, 2]},
    {"game": "loc", "teams": [["b"], ["a"], ["c"]], "ranks": [1, 2, 2]},
    {"game": "perico", "teams": [[{"id": "a", "mu": 99, "sigma": 1}], ["b"]], "ranks": [1, 2]}
  ])");
  const json& players = out.at("players");
  ASSERT_EQ(players.size(), 5u) << out;
  // loc first (sorted by game), then perico.
  EXPECT_EQ(players[0].at("game"), "loc");
  EXPECT_EQ(players[0].at("id"), "a");
  EXPECT_EQ(players[1].at("id"), "b");
  EXPECT_EQ(players[2].at("id"), "c");
  EXPECT_EQ(players[3].at("game"), "perico");
  EXPECT_EQ(players[3].at("id"), "a");
  EXPECT_EQ(players[3].at("matches"), 2);
  EXPECT_EQ(players[0].at("matches"), 1);
  // The second perico match starts from a's first result: the late starting rating is
  // ignored.
  auto first = ratings::rate({{ratings::Rating{}}, {ratings::Rating{}}}, {1, 2});
  ASSERT_TRUE(first.ok());
  auto second = ratings::rate({(*first)[0], (*first)[1]}, {1, 2});
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(players[3].at("mu").get<double>(), (*second)[0][0].mu);
  EXPECT_EQ(players[4].at("sigma").get<double>(), (*second)[1][0].sigma);
}

TEST(RateCommand, EmptyListPrintsNoPlayers) {
  EXPECT_EQ(ok_json("[]"), json::parse(R"({"players": []})"));
}

TEST(RateCommand, BadInputExitsTwoWithOneLine) {
  expect_input_error("", "not JSON");
  expect_input_error("[{", "not JSON");
  expect_input_error(R"({"game": "perico"})", "list of matches");
  expect_input_error(R"([{"game": "perico", "teams": [["a"], ["b"]], "ranks": [1]}])", "ranks");
  expect_input_error(R"([{"game": "perico", "teams": [["a"], ["b"]]}])", "ranks");
  expect_input_error(R"([{"game": "perico", "teams": [["a"], []], "ranks": [1, 2]}])", "empty");
  expect_input_error(R"([{"game": "perico", "teams": [["a"]], "ranks": [1]}])", "two teams");
  expect_input_error(R"([{"game": "", "teams": [["a"], ["b"]], "ranks": [1, 2]}])", "game");
  expect_input_error(R"([{"game": "perico", "teams": [["a"], ["a"]], "ranks": [1, 2]}])", "twice");
  expect_input_error(R"([{"game": "perico", "teams": [["a"], [7]], "ranks": [1, 2]}])", "player");
  expect_input_error(
      R"([{"game": "perico", "teams": [[{"id": "a", "sigma": 0}], ["b"]], "ranks": [1, 2]}])",
      "sigma");
  expect_input_error(
      R"([{"game": "perico", "teams": [[{"id": "a", "mu": "x"}], ["b"]], "ranks": [1, 2]}])", "mu");
  expect_input_error(R"([{"game": "perico", "teams": [["a"], ["b"]], "ranks": [1.5, 2]}])",
                     "integers");
  expect_input_error(R"([{"game": "perico", "teams": [["a"], ["b"]], "rank": [1, 2]}])",
                     "unknown key \"rank\"");
  // The match's index is named.
  expect_input_error(R"([{"game": "perico", "teams": [["a"], ["b"]], "ranks": [1, 2]},
                         {"game": "perico", "teams": [["a"]], "ranks": [1]}])",
                     "match 1:");
  // Arguments are refused.
  CommandResult extra = rate_command("[]", " matches.json");
  EXPECT_EQ(extra.exit_code, 2);
  EXPECT_TRUE(extra.out.empty());
}

// The recomputation itself is tested through a server's database
// (tests/persistence/history_http_test.cpp); here, what it refuses.
TEST(RateCommand, RecomputeRefusesAMissingOrForeignDatabase) {
  char dir_template[] = "/tmp/parlor-rate-XXXXXX";
  ASSERT_NE(mkdtemp(dir_template), nullptr);
  const std::string dir = dir_template;
  CommandResult missing = rate_command("", " --recompute --db " + dir + "/none.db");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("no database at"), std::string::npos) << missing.err;
  EXPECT_FALSE(std::filesystem::exists(dir + "/none.db"));
  std::ofstream(dir + "/foreign.db") << "not a database at all, just some text";
  CommandResult foreign = rate_command("", " --recompute --db " + dir + "/foreign.db");
  EXPECT_EQ(foreign.exit_code, 1);
  EXPECT_TRUE(foreign.out.empty());
  CommandResult half = rate_command("", " --recompute");
  EXPECT_EQ(half.exit_code, 2);
  std::filesystem::remove_all(dir);
}

TEST(RateCommand, HelpNamesTheFormat) {
  CommandResult help = run_command(testing::parlor_cli_path() + " rate --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("usage: parlor rate"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("\"ranks\""), std::string::npos) << help.out;
}

}  // namespace
}  // namespace parlor
