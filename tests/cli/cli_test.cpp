// Runs the real `parlor` binary and checks its exit codes and output shapes.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/run_command.hpp"

namespace parlor {
namespace {

using testing::run_command;

TEST(Cli, HelpListsCommands) {
  auto result = run_command(std::string(PARLOR_CLI) + " --help");
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_NE(result.out.find("scenario FILE"), std::string::npos);
  EXPECT_NE(result.out.find("games"), std::string::npos);
  EXPECT_EQ(run_command(std::string(PARLOR_CLI)).exit_code, 2);
  EXPECT_EQ(run_command(std::string(PARLOR_CLI) + " frobnicate").exit_code, 2);
}

TEST(Cli, GamesJsonIsMachineReadable) {
  auto result = run_command(std::string(PARLOR_CLI) + " games --json");
  ASSERT_EQ(result.exit_code, 0);
  auto parsed = nlohmann::json::parse(result.out, nullptr, false);
  ASSERT_FALSE(parsed.is_discarded()) << result.out;
  ASSERT_TRUE(parsed["games"].is_array());
  for (const auto& game : parsed["games"]) {
    EXPECT_TRUE(game["name"].is_string());
    EXPECT_TRUE(game["options"].is_array());
    EXPECT_LE(game["seats"]["min"].get<int>(), game["seats"]["max"].get<int>());
  }
  EXPECT_EQ(run_command(std::string(PARLOR_CLI) + " games --yaml").exit_code, 2);
}

TEST(Cli, ScenarioInputErrorsExitTwoWithAMessage) {
  auto missing = run_command(std::string(PARLOR_CLI) + " scenario /nonexistent/file.json");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_TRUE(missing.out.empty());
  EXPECT_NE(missing.err.find("cannot read"), std::string::npos);

  std::string path = ::testing::TempDir() + "/broken.json";
  std::ofstream(path) << "{ not json";
  auto broken = run_command(std::string(PARLOR_CLI) + " scenario " + path);
  EXPECT_EQ(broken.exit_code, 2);
  EXPECT_NE(broken.err.find("not valid JSON"), std::string::npos);

  std::ofstream(path) << R"({"game": "chess", "seats": 2, "actions": []})";
  auto unknown = run_command(std::string(PARLOR_CLI) + " scenario " + path);
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("unknown game"), std::string::npos);
  EXPECT_TRUE(unknown.out.empty());

  EXPECT_EQ(run_command(std::string(PARLOR_CLI) + " scenario").exit_code, 2);
}

}  // namespace
}  // namespace parlor
