// The bot levels' names (a contract: the protocol, the store and the CLI spell them so)
// and the thinking budget's default: a bot that does not search ignores it.
#include <gtest/gtest.h>

#include "engine/core/game.hpp"

namespace parlor {
namespace {

TEST(BotLevel, NamesRoundTrip) {
  for (BotLevel level : {BotLevel::kRandom, BotLevel::kSensible, BotLevel::kExpert}) {
    EXPECT_EQ(parse_bot_level(bot_level_name(level)), level);
  }
  EXPECT_EQ(bot_level_name(BotLevel::kExpert), "expert");
  EXPECT_EQ(parse_bot_level(""), BotLevel::kSensible);
  EXPECT_EQ(parse_bot_level("Expert"), std::nullopt);
  EXPECT_EQ(parse_bot_level("grandmaster"), std::nullopt);
}

class EchoPolicy : public BotPolicy {
 public:
  Json choose(const Json& seat_view, Rng& /*rng*/) const override {
    return {{"type", "echo"}, {"seen", seat_view}};
  }
};

TEST(ThinkingBudget, APolicyThatDoesNotSearchAnswersAsChooseDoes) {
  EchoPolicy policy;
  Rng rng(Seed::from_u64(7), 0);
  ThinkingBudget budget;
  EXPECT_FALSE(budget.limited());
  budget.max_iterations = 3;
  budget.out_of_time = [] { return true; };
  EXPECT_TRUE(budget.limited());
  const Json view = {{"hand", Json::array()}};
  EXPECT_EQ(policy.choose_within(view, rng, budget), policy.choose(view, rng));
}

}  // namespace
}  // namespace parlor
