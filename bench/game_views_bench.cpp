// Every game's per-move update work: the table view once and four seats' own fields, as
// the server writes them (text, GameState::table_view_text / seat_fields_text) and as
// JSON trees dumped (the views' other form), at a position some moves into a round.
// Run: build/bin/game_views_bench
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "engine/registry/registry.hpp"

namespace parlor {
namespace {

constexpr int kSeats = 4;

// A four-seat match of `name` after `moves` sensible-bot moves (fewer if its first round
// ends sooner), with its events taken.
std::unique_ptr<GameState> position(const std::string& name, int moves) {
  const GameDefinition* game = find_game(name);
  MatchConfig config;
  config.options = *game->validate_table(Json::object(), kSeats);
  config.seats = kSeats;
  config.seed = Seed::from_u64(7);
  config.dealer = 0;
  std::unique_ptr<GameState> state = std::move(game->new_match(config).value());
  std::unique_ptr<BotPolicy> bot = game->make_bot(BotLevel::kSensible);
  Rng rng(Seed::from_u64(11), 0);
  const int round = state->round();
  for (int i = 0; i < moves && !state->match_over() && state->round() == round; ++i) {
    const Seat seat = state->waiting().seats.front();
    if (!state->apply(seat, bot->choose(state->view(seat), rng)).ok()) {
      state->apply(seat, state->default_action(seat));
    }
  }
  state->take_events();
  return state;
}

void BM_Update(benchmark::State& bench, const std::string& name, int moves, bool as_text) {
  const std::unique_ptr<GameState> state = position(name, moves);
  std::size_t bytes = 0;
  for (auto _ : bench) {
    std::string table = as_text ? state->table_view_text() : state->table_view().dump();
    bytes += table.size();
    benchmark::DoNotOptimize(table);
    for (Seat seat = 0; seat < kSeats; ++seat) {
      std::string own = as_text ? state->seat_fields_text(seat) : state->seat_fields(seat).dump();
      bytes += own.size();
      benchmark::DoNotOptimize(own);
    }
  }
  bench.counters["bytes"] = static_cast<double>(bytes) / static_cast<double>(bench.iterations());
}

BENCHMARK_CAPTURE(BM_Update, perico_text, "perico", 24, true);
BENCHMARK_CAPTURE(BM_Update, perico_trees, "perico", 24, false);
BENCHMARK_CAPTURE(BM_Update, loc_text, "loc", 9, true);
BENCHMARK_CAPTURE(BM_Update, loc_trees, "loc", 9, false);
BENCHMARK_CAPTURE(BM_Update, pedro_text, "pedro", 14, true);
BENCHMARK_CAPTURE(BM_Update, pedro_trees, "pedro", 14, false);
BENCHMARK_CAPTURE(BM_Update, carioca_text, "carioca", 24, true);
BENCHMARK_CAPTURE(BM_Update, carioca_trees, "carioca", 24, false);
BENCHMARK_CAPTURE(BM_Update, poker_text, "poker", 7, true);
BENCHMARK_CAPTURE(BM_Update, poker_trees, "poker", 7, false);

}  // namespace
}  // namespace parlor

BENCHMARK_MAIN();
