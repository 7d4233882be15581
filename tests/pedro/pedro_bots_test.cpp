// The bots play from full seat views: every move they choose is legal, and the
// sensible bot beats the random one.
#include <gtest/gtest.h>

#include "tests/pedro/pedro_test_util.hpp"

namespace parlor::pedro::testing {
namespace {

constexpr int kBotMatches = 40;  // per variant; full views make each move costly

// Side 0 sensible, side 1 random; returns how many matches side 0 won.
int sensible_wins(const std::string& variant) {
  auto sensible = definition().make_bot(BotLevel::kSensible);
  auto random = definition().make_bot(BotLevel::kRandom);
  int wins = 0;
  for (int m = 0; m < kBotMatches; ++m) {
    MatchConfig config;
    config.options = *definition().validate_table({{"variant", variant}}, 4);
    config.seats = 4;
    config.seed = Seed::from_u64(5000 + m);
    auto created = definition().new_match(config);
    EXPECT_TRUE(created.ok());
    if (!created.ok()) return wins;
    GameState& game = *created.value();
    Rng rng(config.seed, 77);
    int moves = 0;
    while (!game.match_over() && ++moves < 100000) {
      const Seat seat = game.waiting().seats.front();
      const BotPolicy& bot = seat % 2 == 0 ? *sensible : *random;
      const Json action = bot.choose(game.view(seat), rng);
      const ActionResult result = game.apply(seat, action);
      EXPECT_TRUE(result.ok()) << variant << " seat " << seat << " " << action.dump() << ": "
                               << result.error->code;
      if (!result.ok()) return wins;
    }
    EXPECT_TRUE(game.match_over());
    if (game.placings()[0] == 1) ++wins;
  }
  std::cout << "[ pedro    ] " << variant << ": the sensible side won " << wins << " of "
            << kBotMatches << "\n";
  return wins;
}

TEST(PedroBots, SensibleBeatsRandomInPedro) {
  EXPECT_GE(sensible_wins("pedro"), kBotMatches * 3 / 4);
}
TEST(PedroBots, SensibleBeatsRandomInKingPedro) {
  EXPECT_GE(sensible_wins("king_pedro"), kBotMatches * 3 / 4);
}
TEST(PedroBots, SensibleBeatsRandomInCinch) {
  EXPECT_GE(sensible_wins("cinch"), kBotMatches * 3 / 4);
}

TEST(PedroBots, LegalActionsAreAllAccepted) {
  Table t = pedro_rob_past_six();
  for (const Json& action : t.game->legal_actions(0).actions) {
    auto copy = t.game->clone();
    EXPECT_TRUE(copy->apply(0, action).ok()) << action.dump();
  }
  EXPECT_EQ(t.game->legal_actions(1).actions.size(), 0u);  // not seat 1's turn
}

}  // namespace
}  // namespace parlor::pedro::testing
