// Runs tests/scenarios/perico/*.json through the scenario runner with Perico alone, so
// the scenario files are checked even while other games do not build.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "engine/core/scenario.hpp"
#include "engine/perico/perico.hpp"
#include "tests/support/scenario_expect.hpp"

namespace parlor::perico {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> scenario_files() {
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(PERICO_SCENARIO_DIR)) {
    if (entry.path().extension() == ".json") files.push_back(entry.path().filename().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(PericoScenarioFiles, EachMatchesItsExpectations) {
  const auto files = scenario_files();
  EXPECT_GE(files.size(), 10u);
  for (const std::string& file : files) {
    SCOPED_TRACE(file);
    std::ifstream in(fs::path(PERICO_SCENARIO_DIR) / file);
    Json scenario = Json::parse(in, nullptr, false);
    ASSERT_FALSE(scenario.is_discarded()) << "not valid JSON";
    ASSERT_TRUE(scenario.contains("expect"));
    auto lines = run_scenario(scenario, [](const std::string& name) -> const GameDefinition* {
      return name == "perico" ? &definition() : nullptr;
    });
    if (scenario["expect"].contains("error")) {
      ASSERT_FALSE(lines.ok());
      EXPECT_EQ(lines.error().code, scenario["expect"]["error"].get<std::string>());
      continue;
    }
    ASSERT_TRUE(lines.ok()) << lines.error().code << ": " << lines.error().message;
    for (const std::string& mismatch :
         parlor::testing::scenario_mismatches(scenario["expect"], *lines)) {
      ADD_FAILURE() << mismatch;
    }
  }
}

}  // namespace
}  // namespace parlor::perico
