// The arena's report: its JSON (the contract of `parlor arena --json`) and the text read
// off it.
#include <cmath>
#include <iomanip>
#include <sstream>

#include "clients/cli/arena/arena.hpp"

namespace parlor::cli::arena {

namespace {

constexpr double kZ95 = 1.959963984540054;

double rounded(double value, double unit) { return std::round(value / unit) * unit; }

Json level_json(const ArenaSpec& spec, const ArenaResult& result, const LevelTally& level) {
  const double share = result.matches > 0 ? level.wins / result.matches : 0;
  const double fair = static_cast<double>(level.seats) / spec.seats;
  const Interval interval = wilson_interval(level.wins, result.matches);
  return {{"level", bot_level_name(level.level)},
          {"seats", level.seats},
          {"wins", rounded(level.wins, 0.001)},
          {"win_rate", rounded(share, 0.0001)},
          {"interval95", {rounded(interval.low, 0.0001), rounded(interval.high, 0.0001)}},
          {"fair_share", rounded(fair, 0.0001)},
          {"of_fair_share", rounded(fair > 0 ? share / fair : 0, 0.001)},
          {"moves", level.moves},
          {"ms_per_move",
           {{"mean", rounded(level.moves > 0 ? level.move_ms_total / level.moves : 0, 0.001)},
            {"max", rounded(level.move_ms_max, 0.001)},
            {"wall_max", rounded(level.move_wall_ms_max, 0.001)}}},
          {"illegal_moves", level.illegal_moves},
          {"exceptions", level.exceptions}};
}

}  // namespace

Interval wilson_interval(double wins, int trials) {
  if (trials <= 0) return {0, 1};
  const double n = trials;
  const double p = wins / n;
  const double z2 = kZ95 * kZ95;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = kZ95 * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Json report_json(const ArenaSpec& spec, const ArenaResult& result) {
  Json levels = Json::array();
  for (const LevelTally& level : result.levels) levels.push_back(level_json(spec, result, level));
  Json seat_levels = Json::array();
  for (BotLevel level : spec.levels) seat_levels.push_back(bot_level_name(level));
  return {{"game", spec.game->name()},
          {"options", spec.options},
          {"seats", spec.seats},
          {"levels_given", seat_levels},
          {"per", spec.game->teams(spec.seats).empty() ? "seat" : "partnership"},
          {"matches", result.matches},
          {"deal_sets", result.deal_sets},
          {"budget_ms", spec.budget.count()},
          {"iterations", spec.iterations},
          {"seed", spec.seed},
          {"threads", spec.threads},
          {"levels", levels},
          {"runaway_matches", result.runaway_matches},
          {"errors", result.errors()},
          {"error_samples", result.error_samples},
          {"seconds", rounded(result.seconds, 0.01)}};
}

std::string report_text(const Json& report) {
  std::ostringstream out;
  out << "arena: " << report["game"].get<std::string>() << ", " << report["seats"]
      << " seats, levels per " << report["per"].get<std::string>() << " "
      << report["levels_given"].dump() << "\n  " << report["matches"] << " matches ("
      << report["deal_sets"] << " deal sets, each played with the levels rotated), budget "
      << report["budget_ms"] << " ms" << (report["iterations"].get<int>() > 0 ? " / " : "")
      << (report["iterations"].get<int>() > 0
              ? std::to_string(report["iterations"].get<int>()) + " iterations"
              : std::string())
      << ", seed " << report["seed"] << ", " << report["seconds"].get<double>() << " s\n";
  out << std::fixed << std::setprecision(1);
  for (const Json& level : report["levels"]) {
    out << "  " << std::left << std::setw(9) << level["level"].get<std::string>() << std::right
        << " seats " << level["seats"] << "  wins " << level["wins"].get<double>() << "  rate "
        << 100 * level["win_rate"].get<double>() << "% ["
        << 100 * level["interval95"][0].get<double>() << ", "
        << 100 * level["interval95"][1].get<double>() << "]  "
        << level["of_fair_share"].get<double>() << "x fair  ms/move "
        << level["ms_per_move"]["mean"].get<double>() << " (max "
        << level["ms_per_move"]["max"].get<double>() << ")  illegal " << level["illegal_moves"]
        << ", exceptions " << level["exceptions"] << "\n";
  }
  out << "  errors " << report["errors"] << " (matches that could not finish "
      << report["runaway_matches"] << ")\n";
  for (const Json& sample : report["error_samples"]) {
    out << "  error: " << sample.get<std::string>() << "\n";
  }
  return out.str();
}

}  // namespace parlor::cli::arena
