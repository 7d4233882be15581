// Perico's seat figures (engine/perico/perico_figures.cpp): full random matches on the
// shared playout harness, whose figures must agree with the match (the knocks with the
// rounds ended by a knock, the points with the scores), one round result written by
// hand with its exact figures, and input that is not a Perico round skipped.
#include <gtest/gtest.h>

#include <iostream>

#include "engine/perico/perico.hpp"
#include "tests/support/random_playout.hpp"
#include "tests/support/seat_figures_checks.hpp"
#include "tests/support/test_workload.hpp"

namespace parlor::perico {
namespace {

class FigureChecks : public parlor::testing::SeatFigureChecks {
 public:
  void reset(std::size_t seats) override { knock_moves_.assign(seats, 0); }
  void count_move(Seat seat, const Json& action) override {
    if (action.value("type", "") == "knock") ++knock_moves_[static_cast<std::size_t>(seat)];
  }
  void check(const GameState& state, const Json& figures) override {
    const int seats = state.seat_count();
    long knock_rounds = 0, complete_rounds = 0, won_rounds = 0;
    for (const Json& round : state.round_results()) {
      if (round["reason"] == "knock") ++knock_rounds;
      if (round["reason"] != "knock") ++complete_rounds;
      if (!round["winner"].is_null()) ++won_rounds;
    }
    EXPECT_EQ(parlor::testing::figure_total(figures, "knocks"), knock_rounds);
    EXPECT_EQ(parlor::testing::figure_total(figures, "rounds_won"), won_rounds);
    // Every round ended otherwise than by a knock ended on a complete hand (or several).
    EXPECT_GE(parlor::testing::figure_total(figures, "completes"), complete_rounds);
    const std::vector<std::int64_t> scores = state.scores();
    for (int seat = 0; seat < seats; ++seat) {
      const Json& mine = figures[static_cast<std::size_t>(seat)];
      EXPECT_EQ(mine.size(), 5U) << mine.dump();
      EXPECT_EQ(mine["points"], scores[static_cast<std::size_t>(seat)]);
      EXPECT_LE(mine["knocks_won"].get<int>(), mine["knocks"].get<int>());
      EXPECT_LE(mine["knocks_won"].get<int>(), mine["rounds_won"].get<int>());
      // A knock counts only when its round ended on it; a cancelled one does not.
      EXPECT_LE(mine["knocks"].get<int>(), knock_moves_[static_cast<std::size_t>(seat)]);
    }
    knock_rounds_ += knock_rounds;
    complete_rounds_ += complete_rounds;
  }

  long knock_rounds_ = 0;
  long complete_rounds_ = 0;

 private:
  std::vector<int> knock_moves_;
};

TEST(PericoFigures, RandomMatchesAgreeWithTheirRounds) {
  const GameDefinition& game = definition();
  const std::vector<Json> variants = parlor::testing::option_variants(game);
  FigureChecks checks;
  const int matches = parlor::testing::scaled_count(60, 6);
  parlor::testing::play_figure_matches(game, checks, matches, 50, [&](int match, Rng& rng) {
    Json options = variants[static_cast<std::size_t>(match) % variants.size()];
    options["target"] = 1 + static_cast<int>(rng.below(4));
    return parlor::testing::FigureTable{options, parlor::testing::random_seats(game, options, rng)};
  });
  if (::testing::Test::HasFatalFailure()) return;
  // Complete hands are rare (a few rounds in a thousand): the hand-built rounds below
  // count them; knocks end most rounds.
  EXPECT_GT(checks.knock_rounds_, 0);
  std::cout << "[ perico  ] figures of " << matches << " matches: " << checks.knock_rounds_
            << " rounds ended by a knock, " << checks.complete_rounds_ << " by a complete hand\n";
}

TEST(PericoFigures, HandBuiltRoundsGiveExactFigures) {
  const auto hand = [](int seat, bool complete) {
    return Json{{"cards", Json::array()},
                {"category", complete ? "five_of_a_kind" : "one_pair"},
                {"complete", complete},
                {"jokers", 0},
                {"seat", seat}};
  };
  const Json knock = {{"dealer", 0},
                      {"drawn", false},
                      {"hands", {hand(0, false), hand(1, false), hand(2, false)}},
                      {"knocker", 1},
                      {"points", {0, 1, 0}},
                      {"reason", "knock"},
                      {"round", 1},
                      {"scores", {0, 1, 0}},
                      {"winner", 1}};
  const Json lost_knock = {{"dealer", 1},
                           {"drawn", false},
                           {"hands", {hand(0, false), hand(1, false), hand(2, false)}},
                           {"knocker", 0},
                           {"points", {0, 0, 2}},
                           {"reason", "knock"},
                           {"round", 2},
                           {"scores", {0, 1, 2}},
                           {"winner", 2}};
  // Two complete hands dealt, a draw: neither wins, both count as completes. A knock
  // was running when it ended: not a knock of the round's end.
  const Json complete = {{"dealer", 2},
                         {"drawn", true},
                         {"hands", {hand(0, true), hand(1, false), hand(2, true)}},
                         {"knocker", 1},
                         {"points", {1, 0, 1}},
                         {"reason", "complete"},
                         {"round", 3},
                         {"scores", {1, 1, 3}},
                         {"winner", nullptr}};
  const Json figures =
      definition().seat_figures({knock.dump(), lost_knock.dump(), complete.dump()}, 3);
  EXPECT_EQ(figures, Json::parse(R"([
      {"completes": 1, "knocks": 1, "knocks_won": 0, "points": 1, "rounds_won": 0},
      {"completes": 0, "knocks": 1, "knocks_won": 1, "points": 1, "rounds_won": 1},
      {"completes": 1, "knocks": 0, "knocks_won": 0, "points": 3, "rounds_won": 1}])"));
}

TEST(PericoFigures, WhatIsNotAPericoRoundIsSkipped) {
  const Json zero = {
      {"completes", 0}, {"knocks", 0}, {"knocks_won", 0}, {"points", 0}, {"rounds_won", 0}};
  const Json empty = Json::array({zero, zero});
  const GameDefinition& game = definition();
  EXPECT_EQ(game.seat_figures({"not json", "", "{", "[1,2]", "null", "42"}, 2), empty);
  EXPECT_EQ(game.seat_figures({R"({"outcome": "showdown", "pots": []})",
                               R"({"winner": 7, "knocker": null, "reason": "knock",
                                   "points": [0, 1], "hands": []})",
                               R"({"winner": 1, "knocker": 1, "reason": "knock",
                                   "points": [0, "1"], "hands": []})"},
                              2),
            empty);
  EXPECT_EQ(game.seat_figures({}, 2), empty);
  EXPECT_EQ(game.seat_figures({"{}"}, -1), Json::array());
  EXPECT_EQ(game.seat_figures({"{}"}, 1 << 30), Json::array());
}

}  // namespace
}  // namespace parlor::perico
