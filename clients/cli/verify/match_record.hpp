// Verifies a finished match record (the JSON of GET /api/matches/ID, shape in
// docs/fairness.md): recomputes every deal commitment from the revealed seed, replays
// every action through the engine, and compares the replay with the recorded results.
//
// Checks, each reported on its own: "setup" (the options, seats and first dealer start
// a match), "commitments" (commitment k is SHA-256(seed || k)), "actions" (seq 1..n in
// order, each accepted by the engine), "deals" (the replay shuffled as many deals as
// were committed to), "results" (scores, placings, winners and per-round results equal
// the replay's, and an "over" match is over in the replay).
//
// A record that cannot be verified at all is refused with an Error instead:
// "bad_record" (not the shape of a match record), "unknown_game", "not_revealed" (a
// live match: its seed and actions are not public yet).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/expected.hpp"

namespace parlor::verify {

using Json = nlohmann::json;

enum class CheckStatus { kOk, kFailed, kSkipped };

struct CheckResult {
  std::string name;  // "setup", "commitments", "deals", "actions", "results"
  CheckStatus status = CheckStatus::kOk;
  std::string summary;            // what a person reads after "name: "
  Json details = Json::object();  // the same facts for machines
};

struct VerifyReport {
  std::optional<Error> refused;  // set when the record could not be verified at all
  std::string match_id;
  std::string game;
  std::vector<CheckResult> checks;

  // True when the record was verifiable and every check passed.
  bool verified() const;
  const CheckResult* find(const std::string& name) const;
  // The failed checks' names, in report order.
  std::vector<std::string> failed() const;

  // "commitments: 7 of 7 match" ... then "VERIFIED" or "MISMATCH: ...".
  std::string text() const;
  Json json() const;
};

VerifyReport verify_match_record(const Json& record);

}  // namespace parlor::verify
