// `parlor arena`'s engine: bot levels play each other in-process, through the engines
// alone (no server, no sockets), the way duplicate bridge compares players: every deal
// is played again with the levels rotated round the seats, so that no level owes its
// score to the cards it was dealt.
//
// A *deal set* is one match seed. Its matches (one per rotation) share the seed, so each
// deal k of each match is the same cards in the same seats (engines shuffle deal k with
// Rng(seed, k)); what differs is which level sits where: in rotation r, seat s plays
// levels[(s + r) % n]. Games with partnerships (Pedro, King Pedro, Cinch) take one level
// per partnership, and rotate the partnerships. Each seat's bot has a random stream of
// its own per match, so a run is repeatable from --seed when bots think by iterations
// (a budget in milliseconds depends on the machine). The budget is CPU time of the
// thread that thinks (CLOCK_THREAD_CPUTIME_ID): "milliseconds of one core", whatever
// else the machine runs.
//
// A bot that fails (an illegal move, an exception) is an error, counted per level; the
// match goes on with the seat's default action. Pure computation on the calling threads.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/expected.hpp"
#include "engine/core/game.hpp"

namespace parlor::cli::arena {

struct ArenaSpec {
  const GameDefinition* game = nullptr;
  Json options;  // validated (GameDefinition::validate_table)
  int seats = 0;
  // One per seat, or one per partnership in a game with teams.
  std::vector<BotLevel> levels;
  int matches = 0;  // rounded up to whole deal sets
  std::chrono::milliseconds budget{50};
  int iterations = 0;  // 0: by time only
  std::uint64_t seed = 1;
  int threads = 1;
};

// Checks and completes a spec from the command line's words: the game, its options
// ("KEY=VALUE"), seats (0: from the levels), levels ("expert,sensible").
// Errors: "bad_usage" with a readable message, or the engine's option errors.
Expected<ArenaSpec> make_spec(const std::string& game, const std::vector<std::string>& options,
                              int seats, const std::string& levels);

// One match of the run: its deal set's seed and each seat's level.
struct PlannedMatch {
  int deal_set = 0;
  int rotation = 0;
  Seed seed;
  std::vector<BotLevel> seat_levels;  // by seat
};
// How many rotations a deal set has: the seats, or the partnerships.
int rotations(const ArenaSpec& spec);
std::vector<PlannedMatch> plan(const ArenaSpec& spec);

// What one level did over the run.
struct LevelTally {
  BotLevel level = BotLevel::kSensible;
  int seats = 0;    // seats it holds in each match
  double wins = 0;  // a shared first place is split among the seats that share it
  std::int64_t moves = 0;
  // A move's time is the thread's CPU time while the bot chose it (the budget's measure);
  // the wall clock's longest is kept too.
  double move_ms_total = 0;
  double move_ms_max = 0;
  double move_wall_ms_max = 0;
  std::int64_t illegal_moves = 0;
  std::int64_t exceptions = 0;
};

struct ArenaResult {
  int matches = 0;
  int deal_sets = 0;
  std::vector<LevelTally> levels;          // one per distinct level, in the order first given
  std::int64_t runaway_matches = 0;        // stopped at the step cap: an engine or bot fault
  std::vector<std::string> error_samples;  // the first few, for a reader
  double seconds = 0;

  std::int64_t errors() const;
};

// Plays the plan on spec.threads threads (results do not depend on the thread count).
ArenaResult run(const ArenaSpec& spec);

// The 95% Wilson score interval of `wins` out of `trials`.
struct Interval {
  double low = 0;
  double high = 0;
};
Interval wilson_interval(double wins, int trials);

// The report: parlor arena --json prints it; the text form is read off it.
Json report_json(const ArenaSpec& spec, const ArenaResult& result);
std::string report_text(const Json& report);

}  // namespace parlor::cli::arena
