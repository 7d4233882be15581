// The expert's rollouts read the sensible bot's inputs from the state instead of a view
// (search::StateRollout): along random matches of every game that has one, at every
// move, the state-read bot must make exactly the move the view-read bot makes, with the
// same random draws. Otherwise the rollouts would value moves against a different
// opponent than the one at the table.
#include <gtest/gtest.h>

#include "engine/registry/registry.hpp"
#include "tests/search/expert_games.hpp"
#include "tests/support/random_playout.hpp"

namespace parlor::testing {
namespace {

class CompareBots : public PlayoutChecks {
 public:
  CompareBots(const GameDefinition& game, search::StateRollout fast)
      : sensible_(game.make_bot(BotLevel::kSensible)), fast_(std::move(fast)) {}

  void before_move(const GameState& state, Seat seat, const Json& /*action*/) override {
    Rng for_view(Seed::from_u64(static_cast<std::uint64_t>(compared_)), 7);
    Rng for_state = for_view;
    const Json from_view = sensible_->choose(state.view(seat), for_view);
    const std::optional<Json> from_state = fast_(state, seat, for_state);
    if (!from_state) return;  // a step the game leaves to the view (Pedro's auction)
    ASSERT_EQ(*from_state, from_view) << state.view(seat).dump();
    // The same draws taken: the next one agrees too.
    ASSERT_EQ(for_view.next_u64(), for_state.next_u64());
    ++compared_;
  }

  int compared() const { return compared_; }

 private:
  std::unique_ptr<BotPolicy> sensible_;
  search::StateRollout fast_;
  int compared_ = 0;
};

class StateReadBot : public ::testing::TestWithParam<ExpertTable> {};

TEST_P(StateReadBot, MakesTheViewBotsMoveEverywhere) {
  const ExpertTable& table = GetParam();
  search::StateRollout fast = state_rollout_of(table.game);
  if (!fast) GTEST_SKIP() << table.game << " rolls out through views";
  const GameDefinition& game = *find_game(table.game);
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    CompareBots compare(game, fast);
    PlayoutSettings settings;
    settings.view_check_every = 50;
    settings.check_replay = false;
    ASSERT_NO_FATAL_FAILURE(
        random_playout(game, {table.options, table.seats, seed, std::nullopt}, settings, &compare));
    compared += compare.compared();
  }
  EXPECT_GT(compared, 20);
}

INSTANTIATE_TEST_SUITE_P(EveryGame, StateReadBot, ::testing::ValuesIn(expert_tables()),
                         [](const auto& info) { return table_name(info.param); });

}  // namespace
}  // namespace parlor::testing
