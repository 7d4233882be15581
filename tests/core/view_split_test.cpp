// The server builds each update from GameState::table_view_text() once and every seat's
// seat_fields_text() (see Room::broadcast_update), so the split must hold for every game
// at every step: the halves never share a key, together they are exactly view(), and the
// text forms say what the trees say. Random matches of every registered game, with the
// engine's random bots, check it.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

#include "engine/registry/registry.hpp"

namespace parlor {
namespace {

constexpr int kMatchesPerSeatCount = 3;
constexpr int kMaxStepsPerMatch = 400;

std::string split_problem(const GameState& state, Seat viewer) {
  const Json table = state.table_view();
  const Json own = state.seat_fields(viewer);
  const std::string who = viewer == kSpectator ? "the spectator" : "seat " + std::to_string(viewer);
  if (!table.is_object() || !own.is_object()) return "a half is not an object for " + who;
  if (table.contains("viewer")) return "the table view names a viewer";
  if (!own.contains("viewer")) return "the seat fields of " + who + " have no viewer";
  if (viewer == kSpectator && own.size() != 1) return "the spectator has own fields";
  for (const auto& item : own.items()) {
    if (table.contains(item.key())) return "\"" + item.key() + "\" is in both halves for " + who;
  }
  Json merged = table;
  merged.update(own);
  if (merged != state.view(viewer)) return "table + seat fields differ from view() for " + who;
  // The text forms, which the server sends, say the same.
  const Json table_text = Json::parse(state.table_view_text(), nullptr, false);
  if (table_text != table) return "table_view_text() differs from table_view()";
  const Json own_text = Json::parse(state.seat_fields_text(viewer), nullptr, false);
  if (own_text != own) return "seat_fields_text() differs from seat_fields() for " + who;
  return "";
}

void play_and_check(const GameDefinition& game, int seats, std::uint64_t seed) {
  auto options = game.validate_table(Json::object(), seats);
  ASSERT_TRUE(options) << options.error().message;
  MatchConfig config;
  config.options = *options;
  config.seats = seats;
  config.seed = Seed::from_u64(seed);
  auto created = game.new_match(config);
  ASSERT_TRUE(created) << created.error().message;
  std::unique_ptr<GameState> state = std::move(created.value());
  auto bot = game.make_bot(BotLevel::kRandom);
  Rng rng(Seed::from_u64(seed), 1'000'000);
  for (int step = 0; step < kMaxStepsPerMatch && !state->match_over(); ++step) {
    for (Seat viewer = kSpectator; viewer < seats; ++viewer) {
      std::string problem = split_problem(*state, viewer);
      ASSERT_EQ(problem, "") << game.name() << ", " << seats << " seats, seed " << seed << ", step "
                             << step;
    }
    Waiting waiting = state->waiting();
    ASSERT_FALSE(waiting.seats.empty()) << game.name() << ": nobody to move, step " << step;
    Seat seat = waiting.seats.front();
    ActionResult result = state->apply(seat, bot->choose(state->view(seat), rng));
    if (!result.ok()) result = state->apply(seat, state->default_action(seat));
    ASSERT_TRUE(result.ok()) << game.name() << ": neither the bot's move nor the default was "
                             << "accepted at step " << step;
  }
  for (Seat viewer = kSpectator; viewer < seats; ++viewer) {
    EXPECT_EQ(split_problem(*state, viewer), "") << game.name() << " at the end";
  }
}

TEST(ViewSplit, TableViewAndSeatFieldsMakeTheViewForEveryGame) {
  ASSERT_GE(all_games().size(), 5u);
  for (const GameDefinition* game : all_games()) {
    SeatRange range = game->seat_range(Json::object());
    for (int seats = range.min; seats <= range.max; ++seats) {
      for (int m = 0; m < kMatchesPerSeatCount; ++m) {
        play_and_check(*game, seats, 1000u * static_cast<std::uint64_t>(seats) + m);
      }
    }
  }
}

}  // namespace
}  // namespace parlor
