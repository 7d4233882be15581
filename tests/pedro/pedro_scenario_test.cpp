// Runs tests/scenarios/pedro/*.json through the scenario runner against this game
// alone, so the files are checked even while other games' folders do not build (the
// repository-wide scenario_files_tests runs them too).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/core/scenario.hpp"
#include "tests/pedro/pedro_test_util.hpp"
#include "tests/support/scenario_expect.hpp"

namespace parlor::pedro::testing {
namespace {

namespace fs = std::filesystem;

TEST(PedroScenarioFiles, AllMatchTheirExpectations) {
  int files = 0;
  for (const auto& entry : fs::directory_iterator(PEDRO_SCENARIO_DIR)) {
    if (entry.path().extension() != ".json") continue;
    ++files;
    SCOPED_TRACE(entry.path().filename().string());
    std::ifstream in(entry.path());
    const Json scenario = Json::parse(in, nullptr, false);
    ASSERT_FALSE(scenario.is_discarded());
    ASSERT_TRUE(scenario.contains("expect"));
    auto lines = run_scenario(scenario, [](const std::string& name) {
      return name == "pedro" ? &definition() : nullptr;
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
  EXPECT_GE(files, 10);
}

}  // namespace
}  // namespace parlor::pedro::testing
