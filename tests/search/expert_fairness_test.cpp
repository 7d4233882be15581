// The expert cannot cheat (issue 51): at points along sensible-bot matches of every
// game, a world sampled from the waiting seat's view shows that seat exactly the same
// view while the other seats' hidden cards differ from the real ones; and the expert,
// given the same view and seed, makes the same move in the real match and in that world.
#include <gtest/gtest.h>

#include "engine/registry/registry.hpp"
#include "tests/search/expert_games.hpp"

namespace parlor::testing {
namespace {

constexpr int kSteps = 400;      // moves of each match looked at, at most
constexpr int kCheckEvery = 7;   // a check at every 7th of them
constexpr int kIterations = 12;  // the expert's budget per check: small, fixed
constexpr int kWorldsWanted = 12;
constexpr std::uint64_t kMaxMatches = 8;

std::unique_ptr<GameState> start_match(const ExpertTable& table, std::uint64_t seed) {
  const GameDefinition& game = *find_game(table.game);
  MatchConfig config;
  config.options = *game.validate_table(table.options, table.seats);
  config.seats = table.seats;
  config.seed = Seed::from_u64(seed);
  auto match = game.new_match(config);
  return std::move(*match);
}

// True when a seat other than `seat` sees other cards of its own in `world` than in `real`.
bool hidden_cards_differ(const GameState& real, const GameState& world, Seat seat) {
  for (Seat other = 0; other < real.seat_count(); ++other) {
    if (other != seat && real.seat_fields(other) != world.seat_fields(other)) return true;
  }
  return false;
}

class ExpertFairness : public ::testing::TestWithParam<ExpertTable> {
 protected:
  void SetUp() override {
    const GameDefinition& game = *find_game(GetParam().game);
    sensible_ = game.make_bot(BotLevel::kSensible);
    expert_ = game.make_bot(BotLevel::kExpert);
    make_sampler_ = world_sampler_of(GetParam().game);
  }

  Json expert_move(const Json& view, int step) const {
    ThinkingBudget budget;
    budget.max_iterations = kIterations;
    Rng rng(Seed::from_u64(7), static_cast<std::uint64_t>(step));
    return expert_->choose_within(view, rng, budget);
  }

  // A world from the view: the same view for its seat, and the expert's same move.
  void check_world(const GameState& real, const search::WorldSampler& sampler, const Json& view,
                   Seat seat, int step) {
    Rng world_rng(Seed::from_u64(static_cast<std::uint64_t>(step)), 2);
    std::unique_ptr<GameState> world = sampler.sample(world_rng);
    ASSERT_TRUE(world) << "no world for " << view.dump();
    ASSERT_EQ(world->view(seat), view) << "the world shows its seat another view";
    ++worlds_;
    if (hidden_cards_differ(real, *world, seat)) ++differing_;
    const Json in_real = expert_move(view, step);
    const Json in_world = expert_move(world->view(seat), step);
    EXPECT_EQ(in_real, in_world) << "step " << step;
    EXPECT_TRUE(world->apply(seat, in_world).ok()) << in_world.dump();
    EXPECT_TRUE(real.clone()->apply(seat, in_real).ok()) << in_real.dump();
  }

  // A step the game leaves to the sensible bot (no sampler: Pedro's bidding, say): the
  // expert plays the sensible move.
  void check_unsearched(const Json& view, int step) {
    Rng first(Seed::from_u64(7), static_cast<std::uint64_t>(step));
    Rng second(Seed::from_u64(7), static_cast<std::uint64_t>(step));
    EXPECT_EQ(expert_->choose(view, first), sensible_->choose(view, second)) << view.dump();
  }

  // Looks at a sensible-bot match of `seed`, a check at every kCheckEvery-th move.
  void walk_match(std::uint64_t seed) {
    const ExpertTable& table = GetParam();
    std::unique_ptr<GameState> real = start_match(table, seed);
    Rng rng(Seed::from_u64(seed), 1);
    for (int step = 0; step < kSteps && !real->match_over(); ++step) {
      const Seat seat = real->waiting().seats.front();
      const Json view = real->view(seat);
      if (step % kCheckEvery == 0) {
        if (std::unique_ptr<search::WorldSampler> sampler = make_sampler_(view)) {
          ASSERT_NO_FATAL_FAILURE(check_world(*real, *sampler, view, seat, step));
        } else {
          ASSERT_TRUE(searches_only_some_steps(table.game)) << "no sampler for " << view.dump();
          check_unsearched(view, step);
        }
      }
      ASSERT_TRUE(real->apply(seat, sensible_->choose(view, rng)).ok());
      real->take_events();
    }
  }

  std::unique_ptr<BotPolicy> sensible_;
  std::unique_ptr<BotPolicy> expert_;
  search::WorldSamplerFactory make_sampler_;
  int worlds_ = 0;
  int differing_ = 0;
};

TEST_P(ExpertFairness, SameViewAndSeedGiveTheSameMoveWhateverTheHiddenCards) {
  // Matches until enough worlds were checked (a short table may end in a few moves).
  for (std::uint64_t seed = 51; seed < 51 + kMaxMatches && worlds_ < kWorldsWanted; ++seed) {
    ASSERT_NO_FATAL_FAILURE(walk_match(seed));
  }
  EXPECT_GE(worlds_, kWorldsWanted);
  // Most sampled worlds deal the hidden cards otherwise (the few that happen to match
  // are chance: the last trick's hands of one card, say).
  EXPECT_GT(differing_ * 2, worlds_) << differing_ << " of " << worlds_;
}

INSTANTIATE_TEST_SUITE_P(EveryGame, ExpertFairness, ::testing::ValuesIn(expert_tables()),
                         [](const auto& info) { return table_name(info.param); });

}  // namespace
}  // namespace parlor::testing
