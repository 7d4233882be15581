// The real `parlor verify` binary: its output and exit codes (0 verified, 1 a check
// failed, 2 bad usage, input or an unverifiable record).
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "engine/registry/registry.hpp"
#include "tests/support/built_paths.hpp"
#include "tests/support/run_command.hpp"
#include "tests/verify/match_builder.hpp"

namespace parlor::testing {
namespace {

class VerifyCli : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!find_game("perico")) GTEST_SKIP() << "no perico in this build";
    auto played = play_match_record(plan_for("perico"));
    ASSERT_TRUE(played.ok()) << played.error().message;
    record_ = *played;
  }
  std::string write(const std::string& name, const std::string& text) {
    std::string path = ::testing::TempDir() + "/verify-" + name + ".json";
    std::ofstream(path) << text;
    return path;
  }
  CommandResult verify(const std::string& args, const std::string& input = "") {
    return run_command(parlor_cli_path() + " verify " + args, input);
  }

  Json record_;
};

TEST_F(VerifyCli, GenuineRecordExitsZero) {
  auto result = verify(write("genuine", record_.dump()));
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  std::size_t deals = record_["commitments"].size();
  EXPECT_NE(result.out.find("commitments: " + std::to_string(deals) + " of " +
                            std::to_string(deals) + " match"),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("\nVERIFIED\n"), std::string::npos) << result.out;

  auto from_stdin = verify("-", record_.dump(2));
  EXPECT_EQ(from_stdin.exit_code, 0) << from_stdin.out << from_stdin.err;
  EXPECT_EQ(from_stdin.out, result.out);
}

TEST_F(VerifyCli, JsonReportIsMachineReadable) {
  auto result = verify("--json " + write("json", record_.dump()));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  Json report = Json::parse(result.out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << result.out;
  EXPECT_EQ(report["verified"], true);
  EXPECT_EQ(report["match"], record_["id"]);
  ASSERT_EQ(report["checks"].size(), 5u);
  for (const Json& check : report["checks"]) EXPECT_EQ(check["status"], "ok") << check;
}

TEST_F(VerifyCli, TamperedRecordExitsOne) {
  record_["results"]["scores"][0] = record_["results"]["scores"][0].get<std::int64_t>() + 5;
  auto result = verify(write("tampered", record_.dump()));
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_NE(result.out.find("MISMATCH: results"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("results.scores[0]"), std::string::npos) << result.out;

  auto as_json = verify("--json -", record_.dump());
  EXPECT_EQ(as_json.exit_code, 1);
  EXPECT_EQ(Json::parse(as_json.out, nullptr, false)["failed"], Json::array({"results"}));
}

TEST_F(VerifyCli, BadUsageInputAndLiveRecordsExitTwo) {
  EXPECT_EQ(verify("").exit_code, 2);
  EXPECT_EQ(verify("a.json b.json").exit_code, 2);
  EXPECT_EQ(verify("--yaml " + write("usage", record_.dump())).exit_code, 2);
  auto missing = verify("/nonexistent/match.json");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("cannot read"), std::string::npos);
  auto broken = verify(write("broken", "{ not json"));
  EXPECT_EQ(broken.exit_code, 2);
  EXPECT_NE(broken.err.find("not valid JSON"), std::string::npos);

  record_.erase("seed");
  record_.erase("actions");
  record_["status"] = "playing";
  auto live = verify(write("live", record_.dump()));
  EXPECT_EQ(live.exit_code, 2);
  EXPECT_TRUE(live.out.empty()) << live.out;
  EXPECT_NE(live.err.find("still being played"), std::string::npos) << live.err;

  EXPECT_EQ(verify("--help").exit_code, 0);
}

}  // namespace
}  // namespace parlor::testing
