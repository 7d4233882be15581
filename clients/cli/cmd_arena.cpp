// `parlor arena --game GAME --levels L1,L2,... [--option KEY=VALUE]... [--seats N]
// [--matches M] [--budget-ms B] [--iterations I] [--seed S] [--threads T] [--json]`:
// bot levels play each other in-process through the engine, every deal played again with
// the levels rotated round the seats (clients/cli/arena/arena.hpp), and the report says
// per level its wins, win rate with a 95% Wilson interval, share of the fair share,
// errors and time per move.
#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "clients/cli/arena/arena.hpp"
#include "clients/cli/command.hpp"
#include "clients/cli/net/options.hpp"

namespace parlor::cli {
namespace {

constexpr const char* kUsage =
    "arena --game GAME --levels L1,L2,... [--option KEY=VALUE]... [--seats N] [--matches M] "
    "[--budget-ms B] [--iterations I] [--seed S] [--threads T] [--json]";

struct ArenaArgs {
  std::map<std::string, std::string> flags;
  std::vector<std::string> options;
};

std::optional<ArenaArgs> parse_args(const std::vector<std::string>& args, std::string* error) {
  static const std::vector<std::string> with_value = {
      "game", "levels", "seats", "matches", "budget-ms", "iterations", "seed", "threads"};
  ArenaArgs parsed;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--json") {
      parsed.flags["json"] = "1";
      continue;
    }
    const bool known = arg == "--option" || std::find(with_value.begin(), with_value.end(),
                                                      arg.substr(2)) != with_value.end();
    if (arg.rfind("--", 0) != 0 || !known || i + 1 == args.size()) {
      *error = "unknown or incomplete argument: " + arg;
      return std::nullopt;
    }
    if (arg == "--option") {
      parsed.options.push_back(args[++i]);
    } else {
      parsed.flags[arg.substr(2)] = args[++i];
    }
  }
  return parsed;
}

// A whole number in [min, max] from flag `name`, or `fallback` when absent.
bool whole_number(const ArenaArgs& args, const std::string& name, double min, double max,
                  double fallback, double* out) {
  *out = fallback;
  auto it = args.flags.find(name);
  if (it == args.flags.end()) return true;
  return net::parse_number(it->second, out) && *out >= min && *out <= max &&
         *out == static_cast<double>(static_cast<long long>(*out));
}

int run_arena(const std::vector<std::string>& raw) {
  std::string error;
  std::optional<ArenaArgs> args = parse_args(raw, &error);
  double seats = 0, matches = 0, budget = 0, iterations = 0, seed = 0, threads = 0;
  if (!args || !args->flags.count("game") || !args->flags.count("levels") ||
      !whole_number(*args, "seats", 0, 16, 0, &seats) ||
      !whole_number(*args, "matches", 1, 10000000, 100, &matches) ||
      !whole_number(*args, "budget-ms", 0, 60000, 50, &budget) ||
      !whole_number(*args, "iterations", 0, 100000000, 0, &iterations) ||
      !whole_number(*args, "seed", 0, 9007199254740991.0, 1, &seed) ||
      !whole_number(*args, "threads", 1, 64, 1, &threads)) {
    std::cerr << (error.empty() ? std::string("usage: parlor ") + kUsage : error) << "\n";
    return 2;
  }
  Expected<arena::ArenaSpec> spec = arena::make_spec(
      args->flags.at("game"), args->options, static_cast<int>(seats), args->flags.at("levels"));
  if (!spec) {
    std::cerr << "parlor arena: " << spec.error().message << " (" << spec.error().code << ")\n";
    return 2;
  }
  if (budget == 0 && iterations == 0) {
    std::cerr << "parlor arena: give a --budget-ms or --iterations (or both)\n";
    return 2;
  }
  spec->matches = static_cast<int>(matches);
  spec->budget = std::chrono::milliseconds(static_cast<long long>(budget));
  spec->iterations = static_cast<int>(iterations);
  spec->seed = static_cast<std::uint64_t>(seed);
  spec->threads = static_cast<int>(threads);
  const arena::ArenaResult result = arena::run(*spec);
  const Json report = arena::report_json(*spec, result);
  if (args->flags.count("json")) {
    std::cout << report.dump() << "\n";
  } else {
    std::cout << arena::report_text(report);
  }
  return result.errors() == 0 ? 0 : 1;
}

PARLOR_COMMAND(
    "arena", kUsage,
    "bot levels play each other in-process, deals paired, win rates with 95% intervals",
    "  --game GAME        the game (see parlor games)\n"
    "  --levels L1,...    random, sensible or expert: one per seat (expert,sensible;\n"
    "                     expert,sensible,sensible,sensible), or one per partnership in\n"
    "                     Pedro, King Pedro and Cinch (expert,sensible)\n"
    "  --option KEY=VALUE a table option, as parlor hand and the rules spell it; repeatable\n"
    "  --seats N          seats (default: one per level; the partnership games: 4)\n"
    "  --matches M        matches to play (default 100), rounded up to whole deal sets:\n"
    "                     every deal set (one seed) is played once per rotation of the\n"
    "                     levels round the seats, so each level gets each seat's cards\n"
    "  --budget-ms B      each bot move's thinking, in ms of CPU time of the thread\n"
    "                     that thinks (default 50; 0: none)\n"
    "  --iterations I     each move's search iterations at most (default 0: no cap);\n"
    "                     with --budget-ms 0 the run is repeatable from its seed\n"
    "  --seed S           the run's seed (default 1): deal set k is stream k of it\n"
    "  --threads T        matches played at once (default 1); use 2 when the cores are free\n"
    "  --json             the report as one JSON object\n"
    "Per level: seats held, wins (a shared first place is split), win rate with its 95%\n"
    "Wilson interval (over matches; the pairing makes it conservative), the win rate as a\n"
    "multiple of the fair share (seats held / seats), moves and ms per move (mean, max;\n"
    "CPU time of the thread that thought, the budget's measure, and the longest by the\n"
    "wall clock), illegal moves and exceptions (the seat's default is then played).\n"
    "Exit: 0 no error, 1 a bot or match failed, 2 bad usage.\n",
    run_arena);

}  // namespace
}  // namespace parlor::cli
