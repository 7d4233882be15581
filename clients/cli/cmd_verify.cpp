// `parlor verify [--json] MATCH.json`: checks a finished match's fairness from its record
// (GET /api/matches/ID): every deal commitment against the revealed seed, every action
// and deal replayed through the engine, the final results. See docs/fairness.md.
// `parlor verify [--json] --duplicate RECORD...`: the records of one duplicate round of a
// club night, each checked so, then together: the same deals everywhere
// (verify/duplicate_round.hpp).
#include <exception>
#include <fstream>
#include <iostream>
#include <sstream>

#include "clients/cli/command.hpp"
#include "clients/cli/verify/duplicate_round.hpp"
#include "clients/cli/verify/match_record.hpp"

namespace parlor::cli {
namespace {

constexpr const char* kHelp =
    "parlor verify [--json] MATCH.json: verifies a finished match from its record (the JSON\n"
    "of GET /api/matches/ID; - reads standard input). It recomputes each deal commitment\n"
    "SHA-256(seed || deal number) from the revealed seed, replays every action and deal\n"
    "through the engine, and compares the replay with the recorded results.\n"
    "--json prints a machine-readable report. Exit: 0 verified, 1 a check failed,\n"
    "2 bad usage, an unreadable file, or a record that cannot be verified (a live match).\n"
    "parlor verify [--json] --duplicate RECORD.json RECORD.json...: the records of one\n"
    "duplicate round of a club night: each verified as above, then all of them together:\n"
    "the same game, options, seat count, revealed seed and first dealer (the same deals).\n";

bool read_input(const std::string& path, std::string& text) {
  std::stringstream buffer;
  if (path == "-") {
    buffer << std::cin.rdbuf();
  } else {
    std::ifstream file(path);
    if (!file) return false;
    buffer << file.rdbuf();
  }
  text = buffer.str();
  return true;
}

// Reads and parses one record; false after saying why.
bool read_record(const std::string& path, verify::Json& record) {
  std::string text;
  if (!read_input(path, text)) {
    std::cerr << "parlor verify: cannot read " << path << "\n";
    return false;
  }
  record = verify::Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (record.is_discarded()) {
    std::cerr << "parlor verify: " << path << " is not valid JSON\n";
    return false;
  }
  return true;
}

template <class Report>
int print_report(const Report& report, bool as_json) {
  if (as_json) {
    std::cout << report.json().dump(2) << "\n";
  } else if (report.refused) {
    std::cerr << "parlor verify: " << report.text();
  } else {
    std::cout << report.text();
  }
  if (report.refused) return 2;
  return report.verified() ? 0 : 1;
}

int run_duplicate(const std::vector<std::string>& paths, bool as_json) {
  if (paths.size() < 2) {
    std::cerr << "usage: parlor verify [--json] --duplicate RECORD.json RECORD.json...\n";
    return 2;
  }
  std::vector<verify::Json> records(paths.size());
  for (std::size_t i = 0; i < paths.size(); ++i) {
    if (!read_record(paths[i], records[i])) return 2;
  }
  try {
    return print_report(verify::verify_duplicate_round(records), as_json);
  } catch (const std::exception& e) {
    std::cerr << "parlor verify: internal error: " << e.what() << "\n";
    return 2;
  }
}

int run_verify_command(const std::vector<std::string>& args) {
  bool as_json = false;
  bool duplicate = false;
  std::vector<std::string> paths;
  for (const std::string& arg : args) {
    if (arg == "--json") {
      as_json = true;
    } else if (arg == "--duplicate") {
      duplicate = true;
    } else if (arg.size() > 1 && arg[0] == '-') {
      std::cerr << "parlor verify: unknown option " << arg << "\n";
      return 2;
    } else {
      paths.push_back(arg);
    }
  }
  if (duplicate) return run_duplicate(paths, as_json);
  if (paths.size() != 1) {
    std::cerr << "usage: parlor verify [--json] MATCH.json\n";
    return 2;
  }
  verify::Json record;
  if (!read_record(paths[0], record)) return 2;
  try {
    return print_report(verify::verify_match_record(record), as_json);
  } catch (const std::exception& e) {
    // The verifier checks every field it reads; this is a bug, reported rather than a crash.
    std::cerr << "parlor verify: internal error: " << e.what() << "\n";
    return 2;
  }
}

}  // namespace

PARLOR_COMMAND("verify", "verify [--json] MATCH.json | --duplicate RECORD...",
               "check a finished match's deal commitments, deals and results", kHelp,
               run_verify_command);

}  // namespace parlor::cli
