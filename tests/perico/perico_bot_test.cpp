// The bots decide from a seat's view only and make legal, sensible moves.
#include <gtest/gtest.h>

#include "tests/perico/perico_test_util.hpp"

namespace parlor::perico {
namespace {

using testing::Deal;
using testing::play;
using testing::start;

Deal deal_with(Json seat1, Json pile, Json stock = Json::array()) {
  Deal deal;
  deal.hands = {{"2C", "5D", "8H", "JH", "KC"}, std::move(seat1), {"4C", "4D", "7H", "TH", "6C"}};
  deal.discard = std::move(pile);
  deal.stock = std::move(stock);
  return deal;
}

Json sensible_move(const GameState& state, Seat seat) {
  Rng rng(Seed::from_u64(3), 0);
  return definition().make_bot(BotLevel::kSensible)->choose(state.view(seat), rng);
}

TEST(PericoBots, SensibleTakesWhatCompletesItsHand) {
  auto state = start(deal_with({"AS", "QS", "JS", "TS", "2D"}, {"KS", "3S"}));
  Json move = sensible_move(*state, 1);
  EXPECT_EQ(move, testing::take(1, {"2D"}));
}

TEST(PericoBots, SensibleKnocksWhenAhead) {
  auto state = start(deal_with({"3C", "3D", "3H", "9S", "JD"}, {"2D", "2H", "5S", "9C", "TD"}));
  EXPECT_EQ(sensible_move(*state, 1), testing::knock());
}

TEST(PericoBots, SensibleDrawsWithAWeakHandAndKeepsItsBest) {
  auto state = start(deal_with({"3C", "9D", "5H", "9S", "JD"}, {"2D", "8D"}, {"3S"}));
  EXPECT_EQ(sensible_move(*state, 1), testing::draw());
  play(*state, 1, testing::draw());
  Json move = sensible_move(*state, 1);
  EXPECT_EQ(move["type"], "discard");
  EXPECT_NE(move["card"], "3S");  // keeps two pair
  EXPECT_NE(move["card"], "3C");
}

TEST(PericoBots, SensibleNeverThrowsAJokerOnTopWithoutAKnock) {
  auto state = start(deal_with({"3C", "9D", "5H", "9S", "JD"}, {"2D", "8D"}, {"JK"}));
  play(*state, 1, testing::draw());
  EXPECT_NE(sensible_move(*state, 1)["card"], "JK");
}

TEST(PericoBots, SensibleCancelsAKnockWhenBehind) {
  Deal deal = deal_with({"3C", "3D", "3H", "9S", "JD"}, {"2D", "2H", "5S", "9C", "TD"});
  deal.hands[2] = {"4C", "JK", "7H", "TH", "6C"};
  auto state = start(deal);
  play(*state, 1, testing::knock());
  Json move = sensible_move(*state, 2);
  EXPECT_EQ(move, testing::take(1, {"JK"}));
  play(*state, 2, move);
  EXPECT_FALSE(testing::perico(*state).knocker());
}

TEST(PericoBots, BothOnlyMakeLegalMovesFromTheView) {
  for (BotLevel level : {BotLevel::kRandom, BotLevel::kSensible}) {
    auto bot = definition().make_bot(level);
    Deal deal = deal_with({"3C", "9D", "5H", "9S", "JD"}, {"2D", "8D", "5S", "9C", "TD"});
    deal.hands = nullptr;
    deal.seed = 5;
    auto state = start(deal);
    Rng rng(Seed::from_u64(8), 1);
    for (int i = 0; i < 300 && !state->match_over(); ++i) {
      Seat seat = state->waiting().seats.front();
      Json move = bot->choose(state->view(seat), rng);
      ActionResult result = state->apply(seat, move);
      ASSERT_TRUE(result.ok()) << move.dump() << " " << result.error->code;
    }
  }
}

}  // namespace
}  // namespace parlor::perico
