// The bots decide from a seat's view only and make legal, sensible moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "engine/perico/perico_rules.hpp"
#include "engine/perico/perico_state.hpp"
#include "engine/perico/perico_worlds.hpp"
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

// The hand a take leaves: the cards kept, then the pile's top `count`.
std::uint32_t strength_after(const PericoState& state, Seat seat, const Json& take) {
  std::vector<Card> kept = state.hands()[seat];
  for (const Json& card : take["discard"]) {
    kept.erase(std::find(kept.begin(), kept.end(), *parse_card(card.get<std::string>())));
  }
  const std::vector<Card> pile = state.discard_pile();
  kept.insert(kept.end(), pile.begin(), pile.begin() + take["count"].get<int>());
  return rank_hand(kept).strength;
}

// The expert's candidates (perico_worlds.hpp) at every turn of random matches: each is a
// legal move as legal_actions spells it; drawing when the stock allows, knocking when
// allowed, and for each count the take that leaves the best hand of all the legal takes
// of that count that do not put a joker on top (where one exists); none while
// discarding.
TEST(PericoBots, TheExpertsCandidatesAreDrawKnockAndTheBestTakeOfEachCount) {
  int turns = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    for (const char* variant : {"five_card", "six_card"}) {
      MatchConfig config;
      config.options = {{"variant", variant}};
      config.seats = 2 + static_cast<int>(seed % 3);
      config.seed = Seed::from_u64(seed);
      auto made = definition().new_match(config);
      ASSERT_TRUE(made);
      auto& state = dynamic_cast<PericoState&>(**made);
      Rng rng(Seed::from_u64(seed), 1);
      const auto random = definition().make_bot(BotLevel::kRandom);
      for (int move = 0; move < 300 && !state.match_over(); ++move) {
        const Seat seat = state.turn();
        const std::vector<Json> candidates = candidate_moves(state, seat);
        const std::vector<Json> legal = state.legal_actions(seat).actions;
        if (state.phase() == Phase::kDiscard) {
          EXPECT_TRUE(candidates.empty());
        } else {
          ++turns;
          for (const Json& candidate : candidates) {
            EXPECT_NE(std::find(legal.begin(), legal.end(), candidate), legal.end())
                << candidate.dump();
          }
          auto has = [&](const char* type) {
            return std::any_of(legal.begin(), legal.end(),
                               [&](const Json& m) { return m["type"] == type; });
          };
          auto count_of = [&](const char* type) {
            return std::count_if(candidates.begin(), candidates.end(),
                                 [&](const Json& m) { return m["type"] == type; });
          };
          EXPECT_EQ(count_of("draw"), has("draw") ? 1 : 0);
          EXPECT_EQ(count_of("knock"), has("knock") ? 1 : 0);
          std::map<int, std::uint32_t> best;  // count -> the best legal take's hand
          for (const Json& m : legal) {
            if (m["type"] != "take" || m["discard"].back() == "JK") continue;
            const int count = m["count"].get<int>();
            best[count] = std::max(best[count], strength_after(state, seat, m));
          }
          for (const auto& entry : best) {  // (clang 15 cannot capture a structured binding)
            const int count = entry.first;
            EXPECT_EQ(std::count_if(candidates.begin(), candidates.end(),
                                    [&](const Json& m) { return m.value("count", 0) == count; }),
                      1)
                << "one take of " << count;
          }
          for (const Json& candidate : candidates) {
            if (candidate["type"] != "take") continue;
            const int count = candidate["count"].get<int>();
            if (best.contains(count)) {
              EXPECT_EQ(strength_after(state, seat, candidate), best[count]) << candidate.dump();
            }
          }
        }
        ASSERT_TRUE(state.apply(seat, random->choose(state.view(seat), rng)).ok());
        state.take_events();
      }
    }
  }
  EXPECT_GT(turns, 500);
}

}  // namespace
}  // namespace parlor::perico
