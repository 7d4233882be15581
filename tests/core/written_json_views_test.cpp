// Every game's views, seat fields and round results, read back by parse_written_json
// after every move of random matches: each the tree Json::parse makes of the same text.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/core/game.hpp"
#include "engine/core/written_json.hpp"
#include "engine/registry/registry.hpp"
#include "tests/core/same_json_tree.hpp"
#include "tests/support/test_workload.hpp"

namespace parlor {
namespace {

using testing::expect_same_tree;

// Every phase of each game's first rounds, and a round's result. Scaled for sanitized runs
// (test_workload.hpp): under ASan, nlohmann's parser, which the test compares with, takes
// most of its time.
constexpr int kMaxActionsPerMatch = 600;

void expect_read_as_nlohmann_does(const std::string& text) {
  ASSERT_NO_FATAL_FAILURE(expect_same_tree(parse_written_json(text), Json::parse(text))) << text;
}

void check_every_text(const GameState& state) {
  const std::string table_text = state.table_view_text();
  const Json table = Json::parse(table_text);
  ASSERT_NO_FATAL_FAILURE(expect_same_tree(parse_written_json(table_text), table)) << table_text;
  ASSERT_NO_FATAL_FAILURE(expect_read_as_nlohmann_does(state.seat_fields_text(kSpectator)));
  for (Seat seat = 0; seat < state.seat_count(); ++seat) {
    const std::string seat_text = state.seat_fields_text(seat);
    ASSERT_NO_FATAL_FAILURE(expect_read_as_nlohmann_does(seat_text));
    Json whole = table;
    whole.update(Json::parse(seat_text));
    ASSERT_NO_FATAL_FAILURE(expect_same_tree(state.view(seat), whole));
  }
}

class WrittenJsonViews : public ::testing::TestWithParam<const GameDefinition*> {};

TEST_P(WrittenJsonViews, EveryTextOfRandomMatchesReadsAsJsonParseReadsIt) {
  const GameDefinition& game = *GetParam();
  const int seats = game.seat_range(Json::object()).max;
  const Expected<Json> options = game.validate_table(Json::object(), seats);
  ASSERT_TRUE(options) << options.error().message;
  const std::unique_ptr<BotPolicy> bot = game.make_bot(BotLevel::kRandom);
  const int max_actions = parlor::testing::scaled_count(kMaxActionsPerMatch, 120);
  // Matches until one has finished a round (the first does, in every game).
  int results_checked = 0;
  for (int match = 0; results_checked == 0 && match < 3; ++match) {
    Rng rng(Seed::from_u64(7000 + match), 0);
    auto started =
        game.new_match({*options, seats, Seed::from_u64(match), std::nullopt, std::nullopt});
    ASSERT_TRUE(started) << started.error().message;
    GameState& state = **started;
    for (int action = 0; action < max_actions && !state.match_over(); ++action) {
      ASSERT_NO_FATAL_FAILURE(check_every_text(state));
      const Seat seat = state.waiting().seats.front();
      if (!state.apply(seat, bot->choose(state.view(seat), rng)).ok()) {
        ASSERT_TRUE(state.apply(seat, state.default_action(seat)).ok());
      }
      state.take_events();
    }
    ASSERT_NO_FATAL_FAILURE(check_every_text(state));
    for (std::size_t round = 0; round < state.rounds_finished(); ++round) {
      ASSERT_NO_FATAL_FAILURE(expect_read_as_nlohmann_does(state.round_result_text(round)));
      ++results_checked;
    }
  }
  EXPECT_GT(results_checked, 0);
}

INSTANTIATE_TEST_SUITE_P(EveryGame, WrittenJsonViews, ::testing::ValuesIn(all_games()),
                         [](const auto& info) { return info.param->name(); });

}  // namespace
}  // namespace parlor
