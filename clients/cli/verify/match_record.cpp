#include "clients/cli/verify/match_record.hpp"

#include <algorithm>
#include <cstdint>
#include <exception>
#include <memory>
#include <sstream>

#include "engine/core/game.hpp"
#include "engine/core/rng.hpp"
#include "engine/registry/registry.hpp"
#include "protocol/commitment.hpp"

namespace parlor::verify {
namespace {

// At most this many differences are spelled out in a summary line (all are in details).
constexpr std::size_t kDifferencesShown = 3;
// Longer values (a round's whole result) are cut to this many characters in a summary.
constexpr std::size_t kShownChars = 120;

struct LoggedAction {
  std::int64_t seq = 0;
  Seat seat = 0;
  Json action;
};

// The parts of a record the checks use, with their types checked.
struct Record {
  std::string id;
  std::string game;
  std::string status;
  Json options;
  Json seats;  // the seat objects
  int first_dealer = 0;
  Seed seed;
  std::vector<LoggedAction> actions;  // sorted by seq
  Json commitments;                   // array
  Json results;                       // null or object
  Json rounds;                        // null or array
};

Error bad_record(const std::string& message) { return Error{"bad_record", message}; }

bool is_integer(const Json& value) {
  return value.is_number_integer() || value.is_number_unsigned();
}

Expected<std::vector<LoggedAction>> parse_actions(const Json& actions) {
  if (!actions.is_array()) return bad_record("\"actions\" is not an array");
  std::vector<LoggedAction> parsed;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const Json& entry = actions[i];
    std::string where = "actions[" + std::to_string(i) + "]";
    if (!entry.is_object() || !is_integer(entry.value("seq", Json())) ||
        !is_integer(entry.value("seat", Json())) || !entry.contains("action")) {
      return bad_record(where + " is not an object with an integer \"seq\" and \"seat\" and an " +
                        "\"action\"");
    }
    parsed.push_back(
        {entry["seq"].get<std::int64_t>(), entry["seat"].get<Seat>(), entry["action"]});
  }
  std::stable_sort(parsed.begin(), parsed.end(),
                   [](const LoggedAction& a, const LoggedAction& b) { return a.seq < b.seq; });
  return parsed;
}

// A record is refused (not failed) when it cannot be read as a finished match record.
Expected<Record> parse_record(const Json& json) {
  if (!json.is_object()) return bad_record("a match record is a JSON object");
  Record record;
  record.id = json.value("id", Json()).is_string() ? json["id"].get<std::string>() : "";
  if (!json.value("game", Json()).is_string()) return bad_record("no string \"game\"");
  record.game = json["game"];
  record.status = json.value("status", Json()).is_string() ? json["status"].get<std::string>() : "";
  if (!json.contains("seed") || !json.contains("actions")) {
    std::string match = record.id.empty() ? "this match" : "match " + record.id;
    if (record.status == "playing") {
      return Error{"not_revealed", match + " is still being played: its seed and actions are " +
                                       "revealed when it ends, so it cannot be verified yet"};
    }
    return Error{"not_revealed", "the record of " + match + " reveals no \"seed\" and " +
                                     "\"actions\", so it cannot be verified"};
  }
  if (!json["seed"].is_string()) return bad_record("\"seed\" is not a string");
  auto seed = Seed::from_hex(json["seed"].get<std::string>());
  if (!seed) return bad_record("\"seed\" is not 64 hexadecimal digits");
  record.seed = *seed;
  record.options = json.value("options", Json::object());
  if (!json.value("seats", Json()).is_array() || json["seats"].empty()) {
    return bad_record("\"seats\" is not a non-empty array");
  }
  record.seats = json["seats"];
  for (const Json& seat : record.seats) {
    if (!seat.is_object()) return bad_record("a seat is not an object");
  }
  if (!is_integer(json.value("first_dealer", Json()))) {
    return bad_record("\"first_dealer\" is not an integer");
  }
  record.first_dealer = json["first_dealer"].get<int>();
  auto actions = parse_actions(json["actions"]);
  if (!actions) return actions.error();
  record.actions = std::move(*actions);
  record.commitments = json.value("commitments", Json::array());
  if (!record.commitments.is_array()) return bad_record("\"commitments\" is not an array");
  record.results = json.value("results", Json());
  if (!record.results.is_null() && !record.results.is_object()) {
    return bad_record("\"results\" is neither null nor an object");
  }
  record.rounds = json.value("rounds", Json());
  if (!record.rounds.is_null() && !record.rounds.is_array()) {
    return bad_record("\"rounds\" is neither null nor an array");
  }
  return record;
}

CheckResult ok(std::string name, std::string summary, Json details = Json::object()) {
  return {std::move(name), CheckStatus::kOk, std::move(summary), std::move(details)};
}
CheckResult failed(std::string name, std::string summary, Json details = Json::object()) {
  return {std::move(name), CheckStatus::kFailed, std::move(summary), std::move(details)};
}
CheckResult skipped(std::string name, std::string summary) {
  return {std::move(name), CheckStatus::kSkipped, std::move(summary), Json::object()};
}

std::string join(const std::vector<std::string>& parts, const std::string& separator) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? separator : "") + parts[i];
  return out;
}

// Commitment k (the k-th entry, labelled deal k) must be deal_commitment(seed, k).
CheckResult check_commitments(const Record& record) {
  std::vector<int> mismatched;
  int total = static_cast<int>(record.commitments.size());
  for (int k = 1; k <= total; ++k) {
    const Json& entry = record.commitments[static_cast<std::size_t>(k - 1)];
    bool labelled = entry.is_object() && is_integer(entry.value("deal", Json())) &&
                    entry["deal"].get<std::int64_t>() == k;
    bool hash_matches = entry.is_object() && entry.value("sha256", Json()).is_string() &&
                        entry["sha256"].get<std::string>() ==
                            protocol::deal_commitment(record.seed, static_cast<std::uint64_t>(k));
    if (!labelled || !hash_matches) mismatched.push_back(k);
  }
  int matched = total - static_cast<int>(mismatched.size());
  Json details = {{"matched", matched}, {"total", total}, {"mismatched_deals", mismatched}};
  std::string summary = std::to_string(matched) + " of " + std::to_string(total) + " match";
  if (mismatched.empty()) return ok("commitments", summary, details);
  std::vector<std::string> deals;
  for (int deal : mismatched) deals.push_back(std::to_string(deal));
  std::string which = mismatched.size() == 1 ? "deal " + deals[0] + " differs"
                                             : "deals " + join(deals, ", ") + " differ";
  return failed("commitments", summary + "; " + which + " from SHA-256 of the revealed seed",
                details);
}

// Rebuilds the match exactly as the server started it.
Expected<std::unique_ptr<GameState>> start_match(const GameDefinition& game, const Record& record) {
  int seats = static_cast<int>(record.seats.size());
  auto options = game.validate_table(record.options, seats);
  if (!options) return options.error();
  MatchConfig config;
  config.options = *options;
  config.seats = seats;
  config.seed = record.seed;
  config.dealer = record.first_dealer;
  if (record.first_dealer < 0 || record.first_dealer >= seats) {
    return Error{"bad_dealer", "first_dealer " + std::to_string(record.first_dealer) +
                                   " is not a seat of this match"};
  }
  try {
    return game.new_match(config);
  } catch (const std::exception& e) {
    return Error{"engine_exception", e.what()};
  }
}

ActionResult apply_safely(GameState& state, Seat seat, const Json& action) {
  try {
    return state.apply(seat, action);
  } catch (const std::exception& e) {
    return ActionResult::rejected("engine_exception", e.what());
  }
}

// Applies every action in seq order; seq must run 1..n without gaps or repeats.
CheckResult replay_actions(GameState& state, const Record& record) {
  std::int64_t total = static_cast<std::int64_t>(record.actions.size());
  std::int64_t expected_seq = 1;
  for (const LoggedAction& logged : record.actions) {
    Json details = {{"replayed", expected_seq - 1}, {"total", total}, {"seq", expected_seq}};
    if (logged.seq != expected_seq) {
      details["code"] = logged.seq < expected_seq ? "seq_repeated" : "seq_missing";
      std::string what = logged.seq < expected_seq
                             ? "seq " + std::to_string(logged.seq) + " appears twice"
                             : "seq " + std::to_string(expected_seq) + " is missing";
      return failed("actions",
                    what + " (seq must run 1.." + std::to_string(total) + " without gaps); " +
                        std::to_string(expected_seq - 1) + " replayed",
                    details);
    }
    ActionResult result = apply_safely(state, logged.seat, logged.action);
    if (!result.ok()) {
      details["seat"] = logged.seat;
      details["action"] = logged.action;
      details["code"] = result.error->code;
      details["message"] = result.error->message;
      return failed("actions",
                    "seq " + std::to_string(logged.seq) + " (seat " + std::to_string(logged.seat) +
                        ", " + logged.action.dump() + ") rejected: " + result.error->code + ": " +
                        result.error->message,
                    details);
    }
    ++expected_seq;
  }
  return ok("actions", std::to_string(total) + " replayed", {{"replayed", total}});
}

CheckResult check_deals(const GameState& state, const Record& record) {
  int replayed = state.deals_started();
  int committed = static_cast<int>(record.commitments.size());
  Json details = {{"replayed", replayed}, {"committed", committed}};
  if (replayed == committed) return ok("deals", std::to_string(replayed) + " replayed", details);
  return failed(
      "deals",
      std::to_string(replayed) + " replayed but " + std::to_string(committed) + " committed to",
      details);
}

// A value as a difference line shows it: a whole round's result is cut short.
std::string shown(const Json& value) {
  if (value.is_null()) return "none";
  std::string text = value.dump();
  if (text.size() > kShownChars) text = text.substr(0, kShownChars) + "...";
  return text;
}

// Adds "WHERE: record X, replay Y" for each index where two arrays differ.
void compare_arrays(const std::string& where, const Json& recorded, const Json& replayed,
                    std::vector<std::string>& differences) {
  if (!recorded.is_array()) {
    differences.push_back(where + ": record " + shown(recorded) + ", replay " + shown(replayed));
    return;
  }
  if (recorded.size() != replayed.size()) {
    differences.push_back(where + ": record has " + std::to_string(recorded.size()) +
                          " entries, replay " + std::to_string(replayed.size()));
  }
  for (std::size_t i = 0; i < std::min(recorded.size(), replayed.size()); ++i) {
    if (recorded[i] != replayed[i]) {
      differences.push_back(where + "[" + std::to_string(i) + "]: record " + shown(recorded[i]) +
                            ", replay " + shown(replayed[i]));
    }
  }
}

// Each seat object's score, placing and winner against the replay's.
void compare_seats(const Record& record, const Json& scores, const Json& placings,
                   std::vector<std::string>& differences) {
  for (std::size_t i = 0; i < record.seats.size(); ++i) {
    const Json& seat = record.seats[i];
    std::string where = "seats[" + std::to_string(i) + "].";
    Json score = seat.value("score", Json());
    Json placing = seat.value("placing", Json());
    Json winner = seat.value("winner", Json());
    if (score != scores[i]) {
      differences.push_back(where + "score: record " + shown(score) + ", replay " +
                            scores[i].dump());
    }
    if (placing != placings[i]) {
      differences.push_back(where + "placing: record " + shown(placing) + ", replay " +
                            placings[i].dump());
    }
    Json won = placings[i].get<int>() == 1;
    if (winner != won) {
      differences.push_back(where + "winner: record " + shown(winner) + ", replay " + won.dump());
    }
  }
}

CheckResult check_results(const GameState& state, const Record& record) {
  Json scores = state.scores();
  Json placings = state.placings();
  Json round_results = state.round_results();
  std::vector<std::string> differences;
  bool over = record.status == "over";
  if (over && !state.match_over()) {
    differences.push_back("the record says the match is over but the replayed match is not");
  }
  if (!over && state.match_over()) {
    differences.push_back("the replayed match is over but the record's status is \"" +
                          record.status + "\"");
  }
  if (over && !record.results.is_object()) differences.push_back("the record has no results");
  if (record.results.is_object()) {
    compare_arrays("results.scores", record.results.value("scores", Json()), scores, differences);
    compare_arrays("results.placings", record.results.value("placings", Json()), placings,
                   differences);
    compare_arrays("results.round_results", record.results.value("round_results", Json()),
                   round_results, differences);
  }
  if (over) compare_seats(record, scores, placings, differences);
  if (!record.rounds.is_null()) compare_arrays("rounds", record.rounds, round_results, differences);

  Json details = {
      {"differences", differences},
      {"replayed", {{"scores", scores}, {"placings", placings}, {"over", state.match_over()}}}};
  if (differences.empty()) {
    std::string summary = over ? "match"
                               : "match (no final results: the match is " +
                                     (record.status.empty() ? "unfinished" : record.status) + ", " +
                                     std::to_string(round_results.size()) + " rounds compared)";
    return ok("results", summary, details);
  }
  std::vector<std::string> first(differences.begin(),
                                 differences.begin() + static_cast<std::ptrdiff_t>(std::min(
                                                           differences.size(), kDifferencesShown)));
  std::string more =
      differences.size() > kDifferencesShown
          ? " (and " + std::to_string(differences.size() - kDifferencesShown) + " more)"
          : "";
  return failed("results", "differ: " + join(first, "; ") + more, details);
}

std::string status_name(CheckStatus status) {
  switch (status) {
    case CheckStatus::kOk:
      return "ok";
    case CheckStatus::kFailed:
      return "failed";
    case CheckStatus::kSkipped:
      return "skipped";
  }
  return "failed";
}

}  // namespace

bool VerifyReport::verified() const {
  if (refused || checks.empty()) return false;
  return failed().empty();
}

const CheckResult* VerifyReport::find(const std::string& name) const {
  for (const CheckResult& check : checks) {
    if (check.name == name) return &check;
  }
  return nullptr;
}

std::vector<std::string> VerifyReport::failed() const {
  std::vector<std::string> names;
  for (const CheckResult& check : checks) {
    if (check.status == CheckStatus::kFailed) names.push_back(check.name);
  }
  return names;
}

std::string VerifyReport::text() const {
  if (refused) return "cannot verify: " + refused->code + ": " + refused->message + "\n";
  std::ostringstream out;
  for (const CheckResult& check : checks) out << check.name << ": " << check.summary << "\n";
  if (verified()) {
    out << "VERIFIED\n";
  } else {
    out << "MISMATCH: " << join(failed(), ", ") << "\n";
  }
  return out.str();
}

Json VerifyReport::json() const {
  Json out = {{"verified", verified()},
              {"match", match_id.empty() ? Json() : Json(match_id)},
              {"game", game.empty() ? Json() : Json(game)}};
  if (refused) {
    out["error"] = {{"code", refused->code}, {"message", refused->message}};
    return out;
  }
  out["checks"] = Json::array();
  for (const CheckResult& check : checks) {
    out["checks"].push_back({{"name", check.name},
                             {"status", status_name(check.status)},
                             {"summary", check.summary},
                             {"details", check.details}});
  }
  out["failed"] = failed();
  return out;
}

VerifyReport verify_match_record(const Json& json) {
  VerifyReport report;
  auto record = parse_record(json);
  if (!record) {
    report.refused = record.error();
    if (json.is_object()) {
      report.match_id = json.value("id", Json()).is_string() ? json["id"].get<std::string>() : "";
      report.game = json.value("game", Json()).is_string() ? json["game"].get<std::string>() : "";
    }
    return report;
  }
  report.match_id = record->id;
  report.game = record->game;
  const GameDefinition* game = find_game(record->game);
  if (!game) {
    report.refused =
        Error{"unknown_game", "this build of parlor has no game \"" + record->game + "\""};
    return report;
  }

  std::string setup_line = record->game + ", " + std::to_string(record->seats.size()) +
                           " seats, first dealer " + std::to_string(record->first_dealer) +
                           ", status " + (record->status.empty() ? "unknown" : record->status);
  auto state = start_match(*game, *record);
  if (!state) {
    report.checks.push_back(
        failed("setup", setup_line + ": " + state.error().code + ": " + state.error().message,
               {{"code", state.error().code}}));
  } else {
    report.checks.push_back(ok("setup", setup_line));
  }
  report.checks.push_back(check_commitments(*record));
  if (!state) {
    for (const char* name : {"deals", "actions", "results"}) {
      report.checks.push_back(skipped(name, "not checked: the match could not be started"));
    }
    return report;
  }
  CheckResult actions = replay_actions(**state, *record);
  bool replayed = actions.status == CheckStatus::kOk;
  if (replayed) {
    report.checks.push_back(check_deals(**state, *record));
  } else {
    report.checks.push_back(skipped("deals", "not checked: the replay stopped"));
  }
  report.checks.push_back(std::move(actions));
  if (replayed) {
    report.checks.push_back(check_results(**state, *record));
  } else {
    report.checks.push_back(skipped("results", "not checked: the replay stopped"));
  }
  return report;
}

}  // namespace parlor::verify
