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

// A duplicate round of a club night: the same deals at every table (one seed), played
// differently (a sensible table and a random one).
TEST_F(VerifyCli, DuplicateRecordsWithOneSeedVerifyTogether) {
  MatchPlan other = plan_for("perico");
  other.level = BotLevel::kRandom;
  auto second = play_match_record(other);
  ASSERT_TRUE(second.ok()) << second.error().message;
  ASSERT_NE((*second)["actions"], record_["actions"]) << "played differently";
  const std::string a = write("dup-a", record_.dump());
  const std::string b = write("dup-b", second->dump());
  auto together = verify("--duplicate " + a + " " + b);
  EXPECT_EQ(together.exit_code, 0) << together.out << together.err;
  EXPECT_NE(together.out.find("same deals: 2 records, perico at 4 seats, one seed " +
                              record_["seed"].get<std::string>()),
            std::string::npos)
      << together.out;
  EXPECT_NE(together.out.find("\nVERIFIED\n"), std::string::npos) << together.out;

  auto as_json = verify("--json --duplicate " + a + " " + b);
  ASSERT_EQ(as_json.exit_code, 0) << as_json.err;
  Json report = Json::parse(as_json.out, nullptr, false);
  EXPECT_EQ(report["verified"], true);
  EXPECT_EQ(report["records"].size(), 2u);
  EXPECT_EQ(report["same_deals"]["status"], "ok");
}

TEST_F(VerifyCli, DuplicateRecordsOfAnotherSeedAreAMismatch) {
  MatchPlan other = plan_for("perico");
  other.seed_number += 1;  // another deal: each record verifies, but not as one round
  auto second = play_match_record(other);
  ASSERT_TRUE(second.ok()) << second.error().message;
  auto apart = verify("--duplicate " + write("dup-c", record_.dump()) + " " +
                      write("dup-d", second->dump()));
  EXPECT_EQ(apart.exit_code, 1) << apart.out << apart.err;
  EXPECT_NE(apart.out.find("differs from record 1 in seed"), std::string::npos) << apart.out;
  EXPECT_NE(apart.out.find("\nMISMATCH\n"), std::string::npos) << apart.out;

  // A forged record among them fails its own checks, and so the round.
  Json forged = record_;
  forged["results"]["scores"][0] = forged["results"]["scores"][0].get<long long>() + 1;
  auto with_forged =
      verify("--duplicate " + write("dup-e", record_.dump()) + " " + write("dup-f", forged.dump()));
  EXPECT_EQ(with_forged.exit_code, 1) << with_forged.out;
  EXPECT_EQ(verify("--duplicate " + write("dup-g", record_.dump())).exit_code, 2)
      << "one record is no round";
}

}  // namespace
}  // namespace parlor::testing
