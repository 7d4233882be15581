#include "clients/cli/arena/arena.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>

#include <time.h>

#include "engine/core/options.hpp"
#include "engine/core/rng.hpp"
#include "engine/registry/registry.hpp"

namespace parlor::cli::arena {

namespace {

using Clock = std::chrono::steady_clock;

// The calling thread's CPU time: the budget is "milliseconds of one core", and on a
// machine others share too a wall clock would give the bot less than that.
double thread_cpu_ms() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

// No match of any game comes near this many moves; a match that does is a fault.
constexpr int kMaxSteps = 200000;
constexpr std::size_t kErrorSamplesKept = 10;

Error usage(std::string message) { return Error{"bad_usage", std::move(message)}; }

Expected<std::vector<BotLevel>> parse_levels(const std::string& text) {
  std::vector<BotLevel> levels;
  std::istringstream in(text);
  std::string name;
  while (std::getline(in, name, ',')) {
    std::optional<BotLevel> level = parse_bot_level(name);
    if (!level || name.empty()) {
      return usage("unknown level '" + name + "' (random, sensible or expert)");
    }
    levels.push_back(*level);
  }
  if (levels.size() < 2) return usage("--levels needs two levels or more, e.g. expert,sensible");
  return levels;
}

int team_count(const ArenaSpec& spec) {
  const std::vector<int> teams = spec.game->teams(spec.seats);
  if (teams.empty()) return 0;
  return *std::max_element(teams.begin(), teams.end()) + 1;
}

// Deal set k's seed: 32 bytes of the run seed's stream k.
Seed deal_set_seed(std::uint64_t run_seed, int deal_set) {
  Rng rng(Seed::from_u64(run_seed), static_cast<std::uint64_t>(deal_set));
  std::array<std::uint8_t, 32> bytes{};
  for (std::uint8_t& byte : bytes) byte = static_cast<std::uint8_t>(rng.next_u32());
  return Seed(bytes);
}

// What one thread gathers; merged at the end.
struct Tally {
  std::vector<LevelTally> levels;
  std::int64_t runaway = 0;
  std::vector<std::string> samples;

  LevelTally& of(BotLevel level) {
    for (LevelTally& tally : levels) {
      if (tally.level == level) return tally;
    }
    levels.push_back(LevelTally{level});
    return levels.back();
  }
  void sample(std::string text) {
    if (samples.size() < kErrorSamplesKept) samples.push_back(std::move(text));
  }
};

// One seat's move: the bot's choice, timed; its default if the bot fails or the engine
// refuses the choice. False if even the default was refused.
bool play_one(GameState& state, int seat, const BotPolicy& policy, Rng& rng,
              const ThinkingBudget& budget_template, std::chrono::milliseconds budget_ms,
              LevelTally& tally, Tally& all) {
  ThinkingBudget budget = budget_template;
  const Clock::time_point began = Clock::now();
  const double cpu_began = thread_cpu_ms();
  if (budget_ms.count() > 0) {
    const double deadline = cpu_began + static_cast<double>(budget_ms.count());
    budget.out_of_time = [deadline] { return thread_cpu_ms() >= deadline; };
  }
  std::optional<Json> choice;
  try {
    choice = policy.choose_within(state.view(seat), rng, budget);
  } catch (const std::exception& e) {
    ++tally.exceptions;
    all.sample(bot_level_name(tally.level) + " threw: " + e.what());
  }
  const double ms = thread_cpu_ms() - cpu_began;
  const double wall_ms = std::chrono::duration<double, std::milli>(Clock::now() - began).count();
  ++tally.moves;
  tally.move_ms_total += ms;
  tally.move_ms_max = std::max(tally.move_ms_max, ms);
  tally.move_wall_ms_max = std::max(tally.move_wall_ms_max, wall_ms);
  if (choice) {
    ActionResult result = state.apply(seat, *choice);
    if (result.ok()) return true;
    ++tally.illegal_moves;
    all.sample(bot_level_name(tally.level) + " chose " + choice->dump() + ": " +
               result.error->code);
  }
  return state.apply(seat, state.default_action(seat)).ok();
}

void credit_winners(const GameState& state, const PlannedMatch& match, Tally& all) {
  const std::vector<int> places = state.placings();
  const auto winners = static_cast<double>(std::count(places.begin(), places.end(), 1));
  for (std::size_t seat = 0; seat < places.size(); ++seat) {
    if (places[seat] == 1) all.of(match.seat_levels[seat]).wins += 1.0 / winners;
  }
}

void play_match(const ArenaSpec& spec, const PlannedMatch& match, Tally& all) {
  MatchConfig config;
  config.options = spec.options;
  config.seats = spec.seats;
  config.seed = match.seed;
  auto started = spec.game->new_match(config);
  if (!started) {
    ++all.runaway;
    all.sample("the engine would not start a match: " + started.error().message);
    return;
  }
  GameState& state = **started;
  std::vector<std::unique_ptr<BotPolicy>> bots;
  std::vector<Rng> rngs;
  for (int seat = 0; seat < spec.seats; ++seat) {
    bots.push_back(spec.game->make_bot(match.seat_levels[static_cast<std::size_t>(seat)]));
    // Each bot's stream: its match (deal set and rotation) and its seat.
    // Streams from 2^32 on: the engine's deals use the low ones.
    rngs.emplace_back(match.seed, (std::uint64_t{1} << 32) +
                                      static_cast<std::uint64_t>(match.rotation) * 64u +
                                      static_cast<std::uint64_t>(seat));
  }
  ThinkingBudget budget;
  budget.max_iterations = spec.iterations;
  for (int step = 0; step < kMaxSteps; ++step) {
    if (state.match_over()) return credit_winners(state, match, all);
    const Waiting waiting = state.waiting();
    if (waiting.seats.empty()) break;
    const int seat = waiting.seats.front();  // as the server plays bots: the first waited for
    const auto index = static_cast<std::size_t>(seat);
    LevelTally& tally = all.of(match.seat_levels[index]);
    if (!play_one(state, seat, *bots[index], rngs[index], budget, spec.budget, tally, all)) break;
  }
  ++all.runaway;
  all.sample("a match stopped: no move could be played, or " + std::to_string(kMaxSteps) +
             " moves");
}

void merge(Tally& into, const Tally& from) {
  for (const LevelTally& level : from.levels) {
    LevelTally& tally = into.of(level.level);
    tally.wins += level.wins;
    tally.moves += level.moves;
    tally.move_ms_total += level.move_ms_total;
    tally.move_ms_max = std::max(tally.move_ms_max, level.move_ms_max);
    tally.move_wall_ms_max = std::max(tally.move_wall_ms_max, level.move_wall_ms_max);
    tally.illegal_moves += level.illegal_moves;
    tally.exceptions += level.exceptions;
  }
  into.runaway += from.runaway;
  for (const std::string& sample : from.samples) into.sample(sample);
}

}  // namespace

Expected<ArenaSpec> make_spec(const std::string& game, const std::vector<std::string>& options,
                              int seats, const std::string& levels) {
  ArenaSpec spec;
  spec.game = find_game(game);
  if (!spec.game) return usage("no game called '" + game + "' (see parlor games)");
  Expected<std::vector<BotLevel>> parsed = parse_levels(levels);
  if (!parsed) return parsed.error();
  spec.levels = std::move(parsed.value());
  Expected<Json> raw = parse_option_assignments(options);
  if (!raw) return raw.error();
  // A game with partnerships has its seats from its rules; else one seat per level.
  spec.seats = seats > 0 ? seats : static_cast<int>(spec.levels.size());
  Expected<Json> validated = spec.game->validate_table(*raw, spec.seats);
  if (!validated && seats == 0 && !spec.game->teams(4).empty()) {
    spec.seats = 4;
    validated = spec.game->validate_table(*raw, spec.seats);
  }
  if (!validated) return validated.error();
  spec.options = std::move(validated.value());
  const int teams = team_count(spec);
  const std::size_t wanted =
      teams > 0 ? static_cast<std::size_t>(teams) : static_cast<std::size_t>(spec.seats);
  if (spec.levels.size() != wanted) {
    return usage("--levels needs " + std::to_string(wanted) + " levels, one per " +
                 (teams > 0 ? "partnership" : "seat"));
  }
  return spec;
}

int rotations(const ArenaSpec& spec) { return static_cast<int>(spec.levels.size()); }

std::vector<PlannedMatch> plan(const ArenaSpec& spec) {
  const int per_set = rotations(spec);
  const int deal_sets = std::max(1, (spec.matches + per_set - 1) / per_set);
  const std::vector<int> teams = spec.game->teams(spec.seats);
  std::vector<PlannedMatch> matches;
  matches.reserve(static_cast<std::size_t>(deal_sets * per_set));
  for (int set = 0; set < deal_sets; ++set) {
    const Seed seed = deal_set_seed(spec.seed, set);
    for (int r = 0; r < per_set; ++r) {
      PlannedMatch match{set, r, seed, {}};
      for (int seat = 0; seat < spec.seats; ++seat) {
        const int slot = teams.empty() ? seat : teams[static_cast<std::size_t>(seat)];
        match.seat_levels.push_back(spec.levels[static_cast<std::size_t>((slot + r) % per_set)]);
      }
      matches.push_back(std::move(match));
    }
  }
  return matches;
}

std::int64_t ArenaResult::errors() const {
  std::int64_t total = runaway_matches;
  for (const LevelTally& level : levels) total += level.illegal_moves + level.exceptions;
  return total;
}

ArenaResult run(const ArenaSpec& spec) {
  const Clock::time_point began = Clock::now();
  const std::vector<PlannedMatch> matches = plan(spec);
  Tally total;
  for (BotLevel level : spec.levels) {  // the order first given, every level present
    LevelTally& tally = total.of(level);
    tally.seats = 0;
  }
  for (BotLevel level : matches.front().seat_levels) ++total.of(level).seats;
  std::atomic<std::size_t> next{0};
  std::mutex merging;
  auto work = [&] {
    Tally mine;
    for (std::size_t i = next++; i < matches.size(); i = next++) play_match(spec, matches[i], mine);
    std::lock_guard lock(merging);
    merge(total, mine);
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < std::max(1, spec.threads); ++t) threads.emplace_back(work);
  work();
  for (std::thread& thread : threads) thread.join();
  ArenaResult result;
  result.matches = static_cast<int>(matches.size());
  result.deal_sets = matches.back().deal_set + 1;
  result.levels = std::move(total.levels);
  result.runaway_matches = total.runaway;
  result.error_samples = std::move(total.samples);
  result.seconds = std::chrono::duration<double>(Clock::now() - began).count();
  return result;
}

}  // namespace parlor::cli::arena
