// The verifier on genuine records (played by the games' bots in the engine) and on
// tampered copies: each tampering must fail, and fail the check that names it.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "clients/cli/verify/match_record.hpp"
#include "engine/registry/registry.hpp"
#include "protocol/commitment.hpp"
#include "tests/verify/match_builder.hpp"

namespace parlor::testing {
namespace {

using verify::CheckStatus;
using verify::verify_match_record;
using verify::VerifyReport;

std::vector<std::string> tested_games() {
  std::vector<std::string> games;
  for (const char* name : {"perico", "loc", "pedro", "poker", "carioca"}) {
    if (find_game(name)) games.push_back(name);
  }
  return games;
}

// Each game's match is played once and shared by every case.
const Json& genuine_record(const std::string& game) {
  static std::map<std::string, Json> records;
  auto found = records.find(game);
  if (found != records.end()) return found->second;
  auto record = play_match_record(plan_for(game));
  EXPECT_TRUE(record.ok()) << game << ": " << record.error().code << " " << record.error().message;
  return records[game] = record.ok() ? *record : Json();
}

CheckStatus status_of(const VerifyReport& report, const std::string& check) {
  const verify::CheckResult* found = report.find(check);
  EXPECT_NE(found, nullptr) << "no check " << check << "\n" << report.text();
  return found ? found->status : CheckStatus::kSkipped;
}

Json details_of(const VerifyReport& report, const std::string& check) {
  const verify::CheckResult* found = report.find(check);
  return found ? found->details : Json();
}

// The match of `record` after its first `count` actions, rebuilt as the verifier does.
std::unique_ptr<GameState> replay_prefix(const Json& record, std::size_t count) {
  const GameDefinition* game = find_game(record["game"].get<std::string>());
  MatchConfig config;
  config.options = record["options"];
  config.seats = static_cast<int>(record["seats"].size());
  config.seed = *Seed::from_hex(record["seed"].get<std::string>());
  config.dealer = record["first_dealer"].get<int>();
  auto state = game->new_match(config);
  EXPECT_TRUE(state.ok());
  for (std::size_t i = 0; i < count; ++i) {
    const Json& entry = record["actions"][i];
    EXPECT_TRUE((*state)->apply(entry["seat"].get<int>(), entry["action"]).ok());
  }
  return std::move(*state);
}

class Verify : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    record_ = genuine_record(GetParam());
    ASSERT_TRUE(record_.is_object());
    ASSERT_GE(record_["commitments"].size(), 2u) << "a tested match must have several deals";
    ASSERT_GE(record_["actions"].size(), 10u);
  }
  int seats() const { return static_cast<int>(record_["seats"].size()); }
  std::size_t action_count() const { return record_["actions"].size(); }

  Json record_;
};

TEST_P(Verify, GenuineRecordVerifies) {
  VerifyReport report = verify_match_record(record_);
  ASSERT_TRUE(report.verified()) << report.text();
  EXPECT_FALSE(report.refused.has_value());
  for (const char* check : {"setup", "commitments", "deals", "actions", "results"}) {
    EXPECT_EQ(status_of(report, check), CheckStatus::kOk) << check;
  }
  std::size_t deals = record_["commitments"].size();
  EXPECT_EQ(details_of(report, "deals")["replayed"], deals);
  EXPECT_EQ(details_of(report, "actions")["replayed"], action_count());
  std::string text = report.text();
  EXPECT_NE(text.find("commitments: " + std::to_string(deals) + " of " + std::to_string(deals) +
                      " match"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("actions: " + std::to_string(action_count()) + " replayed"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("results: match"), std::string::npos) << text;
  EXPECT_EQ(text.substr(text.size() - 9), "VERIFIED\n");
  EXPECT_EQ(report.json()["verified"], true);
  EXPECT_EQ(report.json()["match"], record_["id"]);
}

TEST_P(Verify, RecordParsedFromTextVerifies) {
  // What `parlor verify` sees: numbers re-read from text, keys in any order.
  EXPECT_TRUE(verify_match_record(Json::parse(record_.dump())).verified());
}

TEST_P(Verify, ActionsAreReplayedInSeqOrderWhateverTheirListOrder) {
  std::reverse(record_["actions"].begin(), record_["actions"].end());
  EXPECT_TRUE(verify_match_record(record_).verified());
}

TEST_P(Verify, ChangedSeedFailsEveryCommitment) {
  std::string seed = record_["seed"];
  seed[10] = seed[10] == '0' ? '1' : '0';
  record_["seed"] = seed;
  VerifyReport report = verify_match_record(record_);
  EXPECT_FALSE(report.verified());
  ASSERT_EQ(status_of(report, "commitments"), CheckStatus::kFailed) << report.text();
  EXPECT_EQ(details_of(report, "commitments")["matched"], 0);
  EXPECT_EQ(details_of(report, "commitments")["mismatched_deals"].size(),
            record_["commitments"].size());
  EXPECT_NE(report.text().find("MISMATCH: "), std::string::npos);
}

TEST_P(Verify, SwappedCommitmentsNameBothDeals) {
  std::swap(record_["commitments"][0]["sha256"], record_["commitments"][1]["sha256"]);
  VerifyReport report = verify_match_record(record_);
  EXPECT_FALSE(report.verified());
  ASSERT_EQ(status_of(report, "commitments"), CheckStatus::kFailed);
  EXPECT_EQ(details_of(report, "commitments")["mismatched_deals"], Json::array({1, 2}));
  EXPECT_NE(report.text().find("deals 1, 2 differ"), std::string::npos) << report.text();
  EXPECT_EQ(report.failed(), std::vector<std::string>{"commitments"});
}

TEST_P(Verify, ExtraCommitmentFailsTheDealCount) {
  std::size_t deals = record_["commitments"].size();
  // A true commitment, but to a deal the match never played.
  Seed seed = *Seed::from_hex(record_["seed"].get<std::string>());
  record_["commitments"].push_back(
      {{"deal", deals + 1}, {"sha256", protocol::deal_commitment(seed, deals + 1)}});
  VerifyReport report = verify_match_record(record_);
  EXPECT_FALSE(report.verified());
  EXPECT_EQ(report.failed(), std::vector<std::string>{"deals"}) << report.text();
  EXPECT_EQ(details_of(report, "deals")["committed"], deals + 1);
  EXPECT_EQ(details_of(report, "deals")["replayed"], deals);
}

TEST_P(Verify, ActionBySeatNotWaitingIsRejectedAtItsSeq) {
  // The first action whose step leaves some seat not waiting: give it to that seat.
  auto state = replay_prefix(record_, 0);
  for (std::size_t i = 0; i < action_count(); ++i) {
    Waiting wait = state->waiting();
    for (Seat other = 0; other < seats(); ++other) {
      if (std::find(wait.seats.begin(), wait.seats.end(), other) != wait.seats.end()) continue;
      record_["actions"][i]["seat"] = other;
      VerifyReport report = verify_match_record(record_);
      EXPECT_FALSE(report.verified());
      ASSERT_EQ(status_of(report, "actions"), CheckStatus::kFailed) << report.text();
      Json details = details_of(report, "actions");
      EXPECT_EQ(details["seq"], i + 1);
      EXPECT_EQ(details["seat"], other);
      EXPECT_FALSE(details["code"].get<std::string>().empty());
      EXPECT_EQ(details["replayed"], i);
      EXPECT_EQ(status_of(report, "commitments"), CheckStatus::kOk);
      EXPECT_EQ(status_of(report, "results"), CheckStatus::kSkipped);
      return;
    }
    ASSERT_TRUE(
        state->apply(record_["actions"][i]["seat"].get<int>(), record_["actions"][i]["action"])
            .ok());
  }
  FAIL() << "every seat was waiting at every step";
}

TEST_P(Verify, ChangedLegalActionIsCaughtLater) {
  // From the middle on, the first action with a different legal alternative is changed
  // to it: accepted itself, it must make a later action or the results disagree.
  std::size_t start = action_count() / 2;
  auto state = replay_prefix(record_, start);
  for (std::size_t i = start; i < action_count(); ++i) {
    Seat seat = record_["actions"][i]["seat"].get<int>();
    const Json& original = record_["actions"][i]["action"];
    for (const Json& alternative : state->legal_actions(seat).actions) {
      if (alternative == original) continue;
      record_["actions"][i]["action"] = alternative;
      VerifyReport report = verify_match_record(record_);
      EXPECT_FALSE(report.verified())
          << "seq " << i + 1 << " " << original << " -> " << alternative;
      EXPECT_EQ(status_of(report, "commitments"), CheckStatus::kOk);
      if (status_of(report, "actions") == CheckStatus::kFailed) {
        EXPECT_GT(details_of(report, "actions")["seq"].get<std::size_t>(), i + 1);
      } else {
        std::vector<std::string> failed = report.failed();
        EXPECT_TRUE(failed == std::vector<std::string>{"results"} ||
                    failed == (std::vector<std::string>{"deals", "results"}))
            << report.text();
      }
      return;
    }
    ASSERT_TRUE(state->apply(seat, original).ok());
  }
  FAIL() << "no action had a legal alternative";
}

TEST_P(Verify, DroppedActionIsAMissingSeq) {
  std::size_t dropped = action_count() / 3;
  record_["actions"].erase(dropped);
  VerifyReport report = verify_match_record(record_);
  EXPECT_FALSE(report.verified());
  ASSERT_EQ(status_of(report, "actions"), CheckStatus::kFailed) << report.text();
  EXPECT_EQ(details_of(report, "actions")["code"], "seq_missing");
  EXPECT_EQ(details_of(report, "actions")["seq"], dropped + 1);
  EXPECT_NE(report.text().find("seq " + std::to_string(dropped + 1) + " is missing"),
            std::string::npos)
      << report.text();
}

TEST_P(Verify, DroppedAndRenumberedActionIsCaught) {
  std::size_t dropped = action_count() / 3;
  record_["actions"].erase(dropped);
  for (std::size_t i = 0; i < record_["actions"].size(); ++i) record_["actions"][i]["seq"] = i + 1;
  VerifyReport report = verify_match_record(record_);
  EXPECT_FALSE(report.verified()) << report.text();
  EXPECT_EQ(status_of(report, "commitments"), CheckStatus::kOk);
  EXPECT_TRUE(status_of(report, "actions") == CheckStatus::kFailed ||
              status_of(report, "results") == CheckStatus::kFailed)
      << report.text();
}

TEST_P(Verify, DuplicatedSeqIsCaught) {
  record_["actions"].insert(record_["actions"].begin() + 4, record_["actions"][3]);
  VerifyReport report = verify_match_record(record_);
  EXPECT_FALSE(report.verified());
  ASSERT_EQ(status_of(report, "actions"), CheckStatus::kFailed) << report.text();
  EXPECT_EQ(details_of(report, "actions")["code"], "seq_repeated");
}

TEST_P(Verify, LastActionDroppedLeavesTheMatchUnfinished) {
  record_["actions"].erase(action_count() - 1);
  VerifyReport report = verify_match_record(record_);
  EXPECT_FALSE(report.verified());
  EXPECT_EQ(status_of(report, "actions"), CheckStatus::kOk);
  ASSERT_EQ(status_of(report, "results"), CheckStatus::kFailed) << report.text();
  EXPECT_NE(report.text().find("the replayed match is not"), std::string::npos) << report.text();
}

TEST_P(Verify, ChangedFinalScoreFailsResults) {
  record_["results"]["scores"][1] = record_["results"]["scores"][1].get<std::int64_t>() + 1;
  VerifyReport report = verify_match_record(record_);
  EXPECT_FALSE(report.verified());
  EXPECT_EQ(report.failed(), std::vector<std::string>{"results"}) << report.text();
  Json differences = details_of(report, "results")["differences"];
  ASSERT_EQ(differences.size(), 1u) << differences;
  EXPECT_EQ(differences[0].get<std::string>().rfind("results.scores[1]: record ", 0), 0u)
      << differences;
}

TEST_P(Verify, ChangedSeatScorePlacingOrWinnerFailsResults) {
  for (const char* field : {"score", "placing", "winner"}) {
    Json tampered = record_;
    Json& value = tampered["seats"][0][field];
    value = value.is_boolean() ? Json(!value.get<bool>()) : Json(value.get<std::int64_t>() + 1);
    VerifyReport report = verify_match_record(tampered);
    EXPECT_EQ(report.failed(), std::vector<std::string>{"results"}) << field << report.text();
    EXPECT_NE(report.text().find(std::string("seats[0].") + field), std::string::npos)
        << report.text();
  }
}

TEST_P(Verify, ChangedRoundResultFailsResults) {
  Json& round = record_["rounds"][0];
  round["tampered"] = true;
  VerifyReport report = verify_match_record(record_);
  EXPECT_EQ(report.failed(), std::vector<std::string>{"results"}) << report.text();
  EXPECT_NE(report.text().find("rounds[0]"), std::string::npos) << report.text();
}

TEST_P(Verify, ChangedFirstDealerIsCaught) {
  record_["first_dealer"] = (record_["first_dealer"].get<int>() + 1) % seats();
  VerifyReport report = verify_match_record(record_);
  EXPECT_FALSE(report.verified()) << report.text();
  EXPECT_EQ(status_of(report, "setup"), CheckStatus::kOk);
  EXPECT_EQ(status_of(report, "commitments"), CheckStatus::kOk);
  EXPECT_TRUE(status_of(report, "actions") == CheckStatus::kFailed ||
              status_of(report, "results") == CheckStatus::kFailed)
      << report.text();
}

TEST_P(Verify, FirstDealerOutsideTheTableFailsSetup) {
  record_["first_dealer"] = seats();
  VerifyReport report = verify_match_record(record_);
  EXPECT_FALSE(report.verified());
  ASSERT_EQ(status_of(report, "setup"), CheckStatus::kFailed) << report.text();
  EXPECT_EQ(details_of(report, "setup")["code"], "bad_dealer");
  EXPECT_EQ(status_of(report, "actions"), CheckStatus::kSkipped);
}

TEST_P(Verify, LiveRecordIsRefused) {
  record_.erase("seed");
  record_.erase("actions");
  record_["status"] = "playing";
  record_["results"] = nullptr;
  VerifyReport report = verify_match_record(record_);
  EXPECT_FALSE(report.verified());
  ASSERT_TRUE(report.refused.has_value());
  EXPECT_EQ(report.refused->code, "not_revealed");
  EXPECT_NE(report.refused->message.find("still being played"), std::string::npos);
  EXPECT_TRUE(report.checks.empty());
  EXPECT_EQ(report.json()["error"]["code"], "not_revealed");
}

TEST_P(Verify, AbortedMatchVerifiesUpToItsLastAction) {
  // An aborted record: the actions so far, the commitments published so far, no results.
  std::size_t kept = action_count() / 2;
  auto state = replay_prefix(record_, kept);
  Json aborted = record_;
  aborted["status"] = "aborted";
  aborted["results"] = nullptr;
  aborted["rounds"] = state->round_results();
  aborted["actions"].erase(aborted["actions"].begin() + static_cast<std::ptrdiff_t>(kept),
                           aborted["actions"].end());
  aborted["commitments"].erase(aborted["commitments"].begin() + state->deals_started(),
                               aborted["commitments"].end());
  for (Json& seat : aborted["seats"]) seat["score"] = seat["placing"] = seat["winner"] = nullptr;
  VerifyReport report = verify_match_record(aborted);
  EXPECT_TRUE(report.verified()) << report.text();
  EXPECT_NE(report.text().find("no final results"), std::string::npos) << report.text();

  aborted["status"] = "over";  // but the replay is not over
  EXPECT_EQ(verify_match_record(aborted).failed(), std::vector<std::string>{"results"});
}

INSTANTIATE_TEST_SUITE_P(Games, Verify, ::testing::ValuesIn(tested_games()),
                         [](const auto& info) { return info.param; });

TEST(VerifyRecords, RandomBotsMatchesVerify) {
  for (const std::string& game : tested_games()) {
    if (game == "carioca") continue;  // random bots rarely go out: long matches
    MatchPlan plan = plan_for(game);
    plan.level = BotLevel::kRandom;
    plan.seed_number += 100;
    auto record = play_match_record(plan);
    ASSERT_TRUE(record.ok()) << game << ": " << record.error().message;
    VerifyReport report = verify_match_record(*record);
    EXPECT_TRUE(report.verified()) << game << "\n" << report.text();
  }
}

TEST(VerifyRecords, MalformedRecordsAreRefused) {
  Json record = genuine_record(tested_games().front());
  auto refusal = [](const Json& input) {
    VerifyReport report = verify_match_record(input);
    EXPECT_FALSE(report.verified());
    return report.refused ? report.refused->code : std::string("(not refused)");
  };
  EXPECT_EQ(refusal(Json::array()), "bad_record");
  Json bad = record;
  bad["seed"] = "12ab";
  EXPECT_EQ(refusal(bad), "bad_record");
  bad = record;
  bad["actions"][0].erase("seat");
  EXPECT_EQ(refusal(bad), "bad_record");
  bad = record;
  bad["seats"] = Json::array();
  EXPECT_EQ(refusal(bad), "bad_record");
  bad = record;
  bad["game"] = "chess";
  EXPECT_EQ(refusal(bad), "unknown_game");
  bad = record;
  bad.erase("seed");  // over, yet nothing revealed
  EXPECT_EQ(refusal(bad), "not_revealed");
}

TEST(VerifyRecords, ChangedOptionsAreCaught) {
  // Poker closing after fewer deals than were played: the replay ends early.
  if (!find_game("poker")) GTEST_SKIP() << "no poker in this build";
  Json record = genuine_record("poker");
  record["options"]["deals"] = 2;
  VerifyReport report = verify_match_record(record);
  EXPECT_FALSE(report.verified());
  EXPECT_EQ(status_of(report, "actions"), CheckStatus::kFailed) << report.text();
  EXPECT_EQ(details_of(report, "actions")["code"], "match_over");
}

}  // namespace
}  // namespace parlor::testing
