// Runs tests/scenarios/carioca/*.json through the scenario runner and checks each file's
// "expect" section, so the scenario files are tested with this suite alone too.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "engine/carioca/carioca.hpp"
#include "engine/core/scenario.hpp"
#include "tests/support/scenario_expect.hpp"

namespace parlor::carioca {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> scenario_files() {
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(PARLOR_CARIOCA_SCENARIOS)) {
    if (entry.path().extension() == ".json") files.push_back(entry.path().filename().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

class CariocaScenario : public ::testing::TestWithParam<std::string> {};

TEST_P(CariocaScenario, MatchesItsExpectations) {
  std::ifstream in(fs::path(PARLOR_CARIOCA_SCENARIOS) / GetParam());
  ASSERT_TRUE(in) << GetParam();
  Json scenario = Json::parse(in, nullptr, false);
  ASSERT_FALSE(scenario.is_discarded()) << GetParam() << " is not valid JSON";
  ASSERT_TRUE(scenario.contains("expect"));
  auto lines = run_scenario(scenario, [](const std::string& name) -> const GameDefinition* {
    return name == "carioca" ? &definition() : nullptr;
  });
  ASSERT_TRUE(lines.ok()) << lines.error().code << ": " << lines.error().message;
  for (const std::string& mismatch :
       ::parlor::testing::scenario_mismatches(scenario["expect"], *lines)) {
    ADD_FAILURE() << GetParam() << ": " << mismatch;
  }
}

TEST(CariocaScenarioFiles, ThereAreScenarioFiles) { EXPECT_GE(scenario_files().size(), 10u); }

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = info.param;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Files, CariocaScenario, ::testing::ValuesIn(scenario_files()), test_name);

}  // namespace
}  // namespace parlor::carioca
