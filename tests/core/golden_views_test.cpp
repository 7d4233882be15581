// Recorded views: for every registered game, one fixed-seed match played by the random
// bot, and every viewer's view (the spectator's and each seat's) at several points of it,
// compared with tests/golden/GAME.json. A change to what any viewer sees shows up here
// as a diff to read. After an intended change, rewrite the files with
//   PARLOR_UPDATE_GOLDEN=1 build/bin/golden_views_tests
// and review the diff before committing it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "engine/registry/registry.hpp"
#include "tests/support/built_paths.hpp"

namespace parlor {
namespace {

constexpr int kSeats = 3;
constexpr std::uint64_t kSeed = 20261125;
// The steps recorded (the deal, early, mid-round, later); the last view of the match too.
const std::set<int> kRecordedSteps = {0, 1, 5, 20, 60};
constexpr int kMaxSteps = 2000;

Json record_match(const GameDefinition& game) {
  // Three seats where the game allows them (Pedro seats four).
  const SeatRange range = game.seat_range(Json::object());
  const int seats = std::clamp(kSeats, range.min, range.max);
  MatchConfig config;
  config.options = *game.validate_table(Json::object(), seats);
  config.seats = seats;
  config.seed = Seed::from_u64(kSeed);
  config.dealer = 0;
  auto created = game.new_match(config);
  std::unique_ptr<GameState> state = std::move(created.value());
  auto bot = game.make_bot(BotLevel::kRandom);
  Rng rng(Seed::from_u64(kSeed), 1);
  Json record = Json::array();
  auto snapshot = [&](int step) {
    Json views = Json::array();
    for (Seat viewer = kSpectator; viewer < config.seats; ++viewer)
      views.push_back(state->view(viewer));
    record.push_back({{"step", step}, {"views", views}});
  };
  int step = 0;
  for (; step < kMaxSteps && !state->match_over(); ++step) {
    if (kRecordedSteps.count(step)) snapshot(step);
    const Seat seat = state->waiting().seats.front();
    if (!state->apply(seat, bot->choose(state->view(seat), rng)).ok()) {
      state->apply(seat, state->default_action(seat));
    }
  }
  snapshot(step);
  return record;
}

class GoldenViews : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenViews, EveryViewerSeesWhatWasRecorded) {
  const Json recorded = record_match(*find_game(GetParam()));
  const std::string path = parlor::testing::tests_source_dir() + "/golden/" + GetParam() + ".json";
  const char* update = std::getenv("PARLOR_UPDATE_GOLDEN");
  if (update && std::string(update) == "1") {
    std::ofstream(path) << recorded.dump(1) << "\n";
    GTEST_SKIP() << "rewrote " << path;
  }
  std::ifstream in(path);
  ASSERT_TRUE(in) << path << " is missing: run with PARLOR_UPDATE_GOLDEN=1";
  const Json golden = Json::parse(in);
  ASSERT_EQ(golden.size(), recorded.size()) << "the match took another course";
  for (std::size_t i = 0; i < golden.size(); ++i) {
    EXPECT_EQ(golden[i], recorded[i]) << GetParam() << " at step " << golden[i]["step"]
                                      << "; rewrite with PARLOR_UPDATE_GOLDEN=1 if intended";
  }
}

INSTANTIATE_TEST_SUITE_P(Registered, GoldenViews, ::testing::ValuesIn(all_game_names()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace parlor
