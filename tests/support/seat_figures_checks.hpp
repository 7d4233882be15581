// What every game's seat-figures test shares (GameDefinition::seat_figures): its random
// matches, a finished match's round results as the texts the game kept, and one figure
// summed over the seats.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/rng.hpp"
#include "tests/support/random_playout.hpp"

namespace parlor::testing {

inline std::vector<std::string> round_result_texts(const GameState& state) {
  std::vector<std::string> texts;
  for (std::size_t i = 0; i < state.rounds_finished(); ++i) {
    texts.push_back(state.round_result_text(i));
  }
  return texts;
}

// `key` summed over the seats of seat_figures' array (each seat must have it).
inline std::int64_t figure_total(const Json& figures, const std::string& key) {
  std::int64_t sum = 0;
  for (const Json& seat : figures) sum += seat.at(key).get<std::int64_t>();
  return sum;
}

// What every figures test's checks do around a playout: a seat's tallies set up at the
// start, the events of the start and of every move (and each accepted move) counted, and
// at the end the finished match's seat figures, one per seat, handed to `check`.
class SeatFigureChecks : public PlayoutChecks {
 public:
  // The game whose figures at_end asks for; play_figure_matches sets it.
  void set_game(const GameDefinition& game) { game_ = &game; }

  void at_start(const GameState& state, const std::vector<Event>& events) override {
    reset(static_cast<std::size_t>(state.seat_count()));
    count_events(events);
  }
  void after_move(const GameState& /*state*/, Seat seat, const Json& action,
                  const std::vector<Event>& events) override {
    count_move(seat, action);
    count_events(events);
  }
  void at_end(const GameState& state) override {
    const int seats = state.seat_count();
    const Json figures = game_->seat_figures(round_result_texts(state), seats);
    ASSERT_TRUE(figures.is_array());
    ASSERT_EQ(figures.size(), static_cast<std::size_t>(seats));
    check(state, figures);
  }

  // A new match of `seats` seats starts: the tallies start again.
  virtual void reset(std::size_t seats) = 0;
  // The events the start or a move emitted; none counted by default.
  virtual void count_events(const std::vector<Event>& /*events*/) {}
  // A move `seat` made and the game accepted; none counted by default.
  virtual void count_move(Seat /*seat*/, const Json& /*action*/) {}
  // The finished match's figures (an array of one object per seat) against the tallies.
  virtual void check(const GameState& state, const Json& figures) = 0;

 private:
  const GameDefinition* game_ = nullptr;
};

// A table a figures test plays: its options and seat count.
struct FigureTable {
  Json options;
  int seats = 0;
};

// A seat count drawn from what `game` allows with `options`.
inline int random_seats(const GameDefinition& game, const Json& options, Rng& rng) {
  const SeatRange range = game.seat_range(options);
  return range.min +
         static_cast<int>(rng.below(static_cast<std::uint64_t>(range.max - range.min + 1)));
}

// `matches` random playouts of the tables `table_for(match, rng)` gives, each from a seed
// of `rng`, with `checks` reading them; stops at the first fatal failure. No replay check
// (the playout tests replay; here only the end matters); views are checked over the first
// moves and then every `view_check_every`.
template <class TableFor>
void play_figure_matches(const GameDefinition& game, SeatFigureChecks& checks, int matches,
                         int view_check_every, TableFor table_for) {
  checks.set_game(game);
  PlayoutSettings settings;
  settings.check_replay = false;
  settings.views_checked_first = 20;
  settings.view_check_every = view_check_every;
  Rng rng(Seed::from_u64(49), 0);
  for (int match = 0; match < matches; ++match) {
    const FigureTable table = table_for(match, rng);
    random_playout(game, {table.options, table.seats, rng.next_u64(), std::nullopt}, settings,
                   &checks);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

}  // namespace parlor::testing
