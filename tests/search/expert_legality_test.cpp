// The expert never proposes an illegal move: the shared random playout
// (tests/support/random_playout.hpp, with all its invariants) plays matches of every
// game and variant where one seat (rotating by match) moves by the expert with a small
// budget; the harness asserts each of its moves is accepted.
#include <gtest/gtest.h>

#include "engine/registry/registry.hpp"
#include "tests/search/expert_games.hpp"
#include "tests/support/random_playout.hpp"

namespace parlor::testing {
namespace {

constexpr int kIterations = 6;

class ExpertSeat : public PlayoutChecks {
 public:
  ExpertSeat(const GameDefinition& game, Seat seat)
      : expert_(game.make_bot(BotLevel::kExpert)), seat_(seat) {}

  std::optional<Json> choose_move(const GameState& state, Seat seat, Rng& rng) override {
    if (seat != seat_) return std::nullopt;
    ThinkingBudget budget;
    budget.max_iterations = kIterations;
    ++moves_;
    return expert_->choose_within(state.view(seat), rng, budget);
  }

  int moves() const { return moves_; }

 private:
  std::unique_ptr<BotPolicy> expert_;
  Seat seat_;
  int moves_ = 0;
};

class ExpertLegality : public ::testing::TestWithParam<ExpertTable> {};

TEST_P(ExpertLegality, EveryExpertMoveIsAccepted) {
  const ExpertTable& table = GetParam();
  const GameDefinition& game = *find_game(table.game);
  for (std::uint64_t seed = 1; seed <= 2; ++seed) {
    ExpertSeat expert(game, static_cast<Seat>(seed % static_cast<std::uint64_t>(table.seats)));
    PlayoutSettings settings;
    settings.view_check_every = 10;
    settings.check_replay = false;  // the harness's own playouts check replays
    ASSERT_NO_FATAL_FAILURE(
        random_playout(game, {table.options, table.seats, seed, std::nullopt}, settings, &expert));
    EXPECT_GT(expert.moves(), 0);
  }
}

INSTANTIATE_TEST_SUITE_P(EveryGame, ExpertLegality, ::testing::ValuesIn(expert_tables()),
                         [](const auto& info) { return table_name(info.param); });

}  // namespace
}  // namespace parlor::testing
