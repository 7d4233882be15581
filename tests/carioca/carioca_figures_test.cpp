// Carioca's seat figures (engine/carioca/carioca_figures.cpp): full random matches on the
// shared playout harness, whose figures must agree with the moves made (contracts_made,
// read from the cards left in hand, with the lowerings; steals with the steals) and with
// the scores, hand-built results with their exact figures, and input that is not a
// Carioca round skipped.
#include <gtest/gtest.h>

#include <iostream>

#include "engine/carioca/carioca.hpp"
#include "tests/support/random_playout.hpp"
#include "tests/support/seat_figures_checks.hpp"
#include "tests/support/test_workload.hpp"

namespace parlor::carioca {
namespace {

// Counts each seat's accepted lowerings and steals.
class FigureChecks : public parlor::testing::SeatFigureChecks {
 public:
  void reset(std::size_t seats) override {
    lowered_.assign(seats, 0);
    stole_.assign(seats, 0);
  }
  void count_move(Seat seat, const Json& action) override {
    const std::string type = action.value("type", "");
    if (type == "lower") ++lowered_[static_cast<std::size_t>(seat)];
    if (type == "steal") ++stole_[static_cast<std::size_t>(seat)];
  }
  void check(const GameState& state, const Json& figures) override {
    const int seats = state.seat_count();
    long went_out = 0, in_one_turn = 0;
    for (const Json& round : state.round_results()) {
      went_out += !round["went_out"].is_null();
      in_one_turn += round.value("out_bonus", 0) == -30;
    }
    EXPECT_EQ(parlor::testing::figure_total(figures, "rounds_out"), went_out);
    EXPECT_EQ(parlor::testing::figure_total(figures, "one_turn_outs"), in_one_turn);
    const auto rounds = static_cast<std::int64_t>(state.rounds_finished());
    const std::vector<std::int64_t> scores = state.scores();
    for (std::size_t seat = 0; seat < static_cast<std::size_t>(seats); ++seat) {
      const Json& mine = figures[seat];
      EXPECT_EQ(mine.size(), 5U) << mine.dump();
      EXPECT_EQ(mine["contracts_made"], lowered_[seat]) << "seat " << seat;
      EXPECT_EQ(mine["steals"], stole_[seat]);
      // Going out needs the contract lowered; one turn's out is an out.
      EXPECT_LE(mine["rounds_out"].get<int>(), mine["contracts_made"].get<int>());
      EXPECT_LE(mine["one_turn_outs"].get<int>(), mine["rounds_out"].get<int>());
      // The lowest round is at most the average round; -40 is the best a round can be
      // (out in one turn, -30, after the cut bonus, -10).
      const std::int64_t lowest = mine["lowest_round"].get<std::int64_t>();
      EXPECT_LE(lowest * rounds, scores[seat]);
      EXPECT_GE(lowest, -40);
    }
    contracts_ += parlor::testing::figure_total(figures, "contracts_made");
    outs_ += went_out;
  }

  long contracts_ = 0;
  long outs_ = 0;

 private:
  std::vector<int> lowered_;
  std::vector<int> stole_;
};

TEST(CariocaFigures, RandomMatchesAgreeWithTheirMovesAndScores) {
  const GameDefinition& game = definition();
  FigureChecks checks;
  const int matches = parlor::testing::scaled_count(30, 3);
  parlor::testing::play_figure_matches(game, checks, matches, 100, [](int match, Rng& rng) {
    const Json options = {{"stock_reshuffles", static_cast<int>(rng.below(2))},
                          {"cut_bonus", match % 3 == 0},
                          {"straight_wrap", match % 2 == 0}};
    return parlor::testing::FigureTable{options, 2 + static_cast<int>(rng.below(4))};
  });
  if (::testing::Test::HasFatalFailure()) return;
  EXPECT_GT(checks.contracts_, 0);
  EXPECT_GT(checks.outs_, 0);
  std::cout << "[ carioca ] figures of " << matches << " matches: " << checks.contracts_
            << " contracts made, " << checks.outs_ << " rounds with someone out\n";
}

Json cards(int count) {
  Json out = Json::array();
  for (int i = 0; i < count; ++i) out.push_back("7C");
  return out;
}

TEST(CariocaFigures, HandBuiltRoundsGiveExactFigures) {
  // Round 1 (11 cards): seat 0 went out in one turn; seat 1 lowered (5 left), seat 2
  // never did (11 + its 2 steals).
  const Json first = {{"round", 1},
                      {"contract", "2 trios"},
                      {"went_out", 0},
                      {"ended_by", "going_out"},
                      {"hands", {cards(0), cards(5), cards(13)}},
                      {"steals", {0, 1, 2}},
                      {"points", {-30, 37, 90}},
                      {"out_bonus", -30},
                      {"totals", {-30, 37, 90}}};
  // Round 8 (13 cards): nobody out, so nobody lowered (only together with going out);
  // seat 1 holds 13 + its steal.
  const Json last = {{"round", 8},
                     {"contract", "3 straights"},
                     {"went_out", nullptr},
                     {"ended_by", "stock_exhausted"},
                     {"hands", {cards(13), cards(14), cards(13)}},
                     {"steals", {0, 1, 0}},
                     {"points", {91, 100, 20}},
                     {"totals", {61, 137, 110}}};
  // Round 2: seat 1 went out having lowered on an earlier turn.
  const Json second = {{"round", 2},
                       {"contract", "1 trio + 1 straight"},
                       {"went_out", 1},
                       {"ended_by", "going_out"},
                       {"hands", {cards(4), cards(0), cards(11)}},
                       {"steals", {0, 0, 0}},
                       {"points", {28, 0, 75}},
                       {"out_bonus", 0},
                       {"totals", {89, 137, 185}}};
  EXPECT_EQ(definition().seat_figures({first.dump(), last.dump(), second.dump()}, 3),
            Json::parse(R"([
      {"contracts_made": 2, "lowest_round": -30, "one_turn_outs": 1, "rounds_out": 1,
       "steals": 0},
      {"contracts_made": 2, "lowest_round": 0, "one_turn_outs": 0, "rounds_out": 1,
       "steals": 2},
      {"contracts_made": 0, "lowest_round": 20, "one_turn_outs": 0, "rounds_out": 0,
       "steals": 2}])"));
}

TEST(CariocaFigures, WhatIsNotACariocaRoundIsSkipped) {
  const Json zero = {{"contracts_made", 0}, {"one_turn_outs", 0}, {"rounds_out", 0}, {"steals", 0}};
  const Json empty = Json::array({zero, zero});
  const GameDefinition& game = definition();
  EXPECT_EQ(game.seat_figures({"not json", "", "{\"round\": 1,", "[[]]", "null"}, 2), empty);
  const auto round = [](const std::string& members) {
    return R"({"contract": "2 trios", "ended_by": "going_out", "totals": [0, 0], )" + members + "}";
  };
  EXPECT_EQ(game.seat_figures(
                {round(R"("round": 9, "went_out": null, "hands": [[], []], "steals": [0, 0],
                    "points": [1, 2])"),
                 round(R"("round": 0, "went_out": null, "hands": [[], []], "steals": [0, 0],
                    "points": [1, 2])"),
                 round(R"("round": 1, "went_out": 2, "hands": [[], []], "steals": [0, 0],
                    "points": [1, 2])"),
                 round(R"("round": 1, "went_out": 0, "hands": [["7C"], []], "steals": [0, 0],
                    "points": [1, 2], "out_bonus": 0)"),
                 round(R"("round": 1, "went_out": 0, "hands": [[], []], "steals": [0, 0],
                    "points": [1, 2])"),
                 round(R"("round": 1, "went_out": null, "hands": [[], [], []], "steals": [0, 0],
                    "points": [1, 2])"),
                 round(R"("round": 1, "went_out": null, "hands": [[], "7C"], "steals": [0, 0],
                    "points": [1, 2])"),
                 round(R"("round": 1, "went_out": null, "hands": [[], []], "steals": [0, -1],
                    "points": [1, 2])"),
                 round(R"("round": 1, "went_out": null, "hands": [[], []], "steals": [0, 0],
                    "points": [1, 2.5])"),
                 // more cards than 11 and the steals: not a hand of this round
                 round(R"("round": 1, "went_out": null, "hands": [[], )" + cards(12).dump() +
                       R"(], "steals": [0, 0], "points": [1, 2])"),
                 R"({"outcome": "showdown", "pots": [], "winnings": [0, 0]})"},
                2),
            empty);
  EXPECT_EQ(game.seat_figures({"{}"}, 1000), Json::array());
}

}  // namespace
}  // namespace parlor::carioca
