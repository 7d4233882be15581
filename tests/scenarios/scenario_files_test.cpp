// Runs every tests/scenarios/GAME/*.json through the scenario runner and checks its
// "expect" section (tests/support/scenario_expect.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "engine/core/scenario.hpp"
#include "engine/registry/registry.hpp"
#include "tests/support/built_paths.hpp"
#include "tests/support/scenario_expect.hpp"

namespace parlor {
namespace {

namespace fs = std::filesystem;

fs::path scenario_dir() { return fs::path(parlor::testing::tests_source_dir()) / "scenarios"; }

std::vector<std::string> scenario_files() {
  std::vector<std::string> files;
  for (const GameDefinition* game : all_games()) {
    fs::path dir = scenario_dir() / game->name();
    if (!fs::is_directory(dir)) continue;
    for (const auto& entry : fs::directory_iterator(dir)) {
      if (entry.path().extension() == ".json") {
        files.push_back(fs::relative(entry.path(), scenario_dir()).string());
      }
    }
  }
  std::sort(files.begin(), files.end());
  if (files.empty()) files.push_back("");  // keeps the suite instantiated
  return files;
}

class ScenarioFile : public ::testing::TestWithParam<std::string> {};

TEST_P(ScenarioFile, MatchesItsExpectations) {
  if (GetParam().empty()) GTEST_SKIP() << "no scenario files for the registered games yet";
  std::ifstream in(scenario_dir() / GetParam());
  ASSERT_TRUE(in) << GetParam();
  Json scenario = Json::parse(in, nullptr, false);
  ASSERT_FALSE(scenario.is_discarded()) << GetParam() << " is not valid JSON";
  ASSERT_TRUE(scenario.contains("expect")) << GetParam() << " has no \"expect\" section";
  auto lines = run_scenario(scenario, [](const std::string& name) { return find_game(name); });
  if (scenario["expect"].contains("error")) {
    ASSERT_FALSE(lines.ok()) << "expected the scenario itself to be refused";
    EXPECT_EQ(lines.error().code, scenario["expect"]["error"].get<std::string>());
    return;
  }
  ASSERT_TRUE(lines.ok()) << lines.error().code << ": " << lines.error().message;
  for (const std::string& mismatch : testing::scenario_mismatches(scenario["expect"], *lines)) {
    ADD_FAILURE() << GetParam() << ": " << mismatch;
  }
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = info.param.empty() ? "none" : info.param;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Files, ScenarioFile, ::testing::ValuesIn(scenario_files()), test_name);

}  // namespace
}  // namespace parlor
