// Loc's seat figures (engine/loc/loc_figures.cpp): full random matches of both decks on
// the shared playout harness, whose figures must agree with the reveals their events
// announced and with the balances, hand-built results with their exact figures, and
// input that is not a Loc hand skipped.
#include <gtest/gtest.h>

#include <iostream>

#include "engine/loc/loc.hpp"
#include "tests/support/random_playout.hpp"
#include "tests/support/seat_figures_checks.hpp"
#include "tests/support/test_workload.hpp"

namespace parlor::loc {
namespace {

// From the events alone: what each seat paid (antes and refills) and the pots it took.
class FigureChecks : public parlor::testing::SeatFigureChecks {
 public:
  void reset(std::size_t seats) override {
    paid_.assign(seats, 0);
    taken_.assign(seats, 0);
    biggest_.assign(seats, 0);
  }
  void check(const GameState& state, const Json& figures) override {
    const int seats = state.seat_count();
    const auto hands = static_cast<std::int64_t>(state.rounds_finished());
    // Plays 1-4 of a hand each either give a pot or excuse a seat; play 5 gives the last.
    EXPECT_EQ(parlor::testing::figure_total(figures, "pots_taken") +
                  parlor::testing::figure_total(figures, "excused"),
              5 * hands);
    EXPECT_EQ(parlor::testing::figure_total(figures, "final_pots"), hands);
    const std::vector<std::int64_t> scores = state.scores();
    for (std::size_t seat = 0; seat < static_cast<std::size_t>(seats); ++seat) {
      const Json& mine = figures[seat];
      EXPECT_EQ(mine.size(), 5U) << mine.dump();
      EXPECT_EQ(mine["chips_taken"], taken_[seat]);
      EXPECT_EQ(mine["biggest_pot"], biggest_[seat]);
      // The balance is what the seat took less what it paid.
      EXPECT_EQ(mine["chips_taken"].get<std::int64_t>() - paid_[seat], scores[seat]);
      EXPECT_LE(mine["final_pots"].get<int>(), mine["pots_taken"].get<int>());
    }
    hands_ += hands;
    taken_before_the_last_ += parlor::testing::figure_total(figures, "pots_taken") -
                              parlor::testing::figure_total(figures, "final_pots");
  }

  long hands_ = 0;
  long taken_before_the_last_ = 0;

 private:
  void count_events(const std::vector<Event>& events) override {
    for (const Event& event : events) {
      const Json body = event.body();
      const Json& type = body["type"];
      if (type != "ante" && type != "reveal") continue;
      const Json& paid = body["paid"];
      for (std::size_t seat = 0; seat < paid.size(); ++seat) {
        paid_[seat] += paid[seat].get<std::int64_t>();
      }
      if (type == "reveal" && body["result"] != "excused") {
        const auto winner = body["winner"].get<std::size_t>();
        const auto took = body["took"].get<std::int64_t>();
        taken_[winner] += took;
        biggest_[winner] = std::max(biggest_[winner], took);
      }
    }
  }

  std::vector<std::int64_t> paid_;
  std::vector<std::int64_t> taken_;
  std::vector<std::int64_t> biggest_;
};

TEST(LocFigures, RandomMatchesAgreeWithTheirEventsAndBalances) {
  const GameDefinition& game = definition();
  FigureChecks checks;
  const int matches = parlor::testing::scaled_count(60, 6);
  parlor::testing::play_figure_matches(game, checks, matches, 50, [&](int match, Rng& rng) {
    const Json options = {{"deck", match % 2 ? "tarot" : "standard"},
                          {"bet", 1 + static_cast<int>(rng.below(5))}};
    return parlor::testing::FigureTable{options, parlor::testing::random_seats(game, options, rng)};
  });
  if (::testing::Test::HasFatalFailure()) return;
  EXPECT_GT(checks.taken_before_the_last_, 0);
  std::cout << "[ loc     ] figures of " << matches << " matches: " << checks.hands_ << " hands, "
            << checks.taken_before_the_last_ << " pots taken before the last play\n";
}

TEST(LocFigures, HandBuiltHandsGiveExactFigures) {
  const std::string hand = R"({"balances": [2, -4, 2], "dealer": 0, "hand": 1, "ledger": [
      {"paid": [2, 2, 2], "pot": 6, "step": "ante"},
      {"cards": ["JK", "TH", "KH"], "paid": [2, 2, 2], "play": 1, "pot": 6,
       "result": "took_pot", "step": "play", "took": 6, "winner": 0},
      {"cards": ["9H", "4S", "2S"], "paid": [0, 2, 2], "play": 2, "pot": 10,
       "result": "excused", "step": "play", "took": 0, "winner": 0},
      {"cards": ["AS", "7S", "QH"], "paid": [2, 2, 2], "play": 3, "pot": 6,
       "result": "took_pot", "step": "play", "took": 10, "winner": 0},
      {"cards": ["9C", "7D", "QD"], "paid": [2, 2, 0], "play": 4, "pot": 10,
       "result": "excused", "step": "play", "took": 0, "winner": 2},
      {"cards": ["4C", "6C", "8S"], "paid": [0, 0, 0], "play": 5, "pot": 0,
       "result": "final_pot", "step": "play", "took": 10, "winner": 2}],
      "net": [2, -4, 2]})";
  const std::string second = R"({"balances": [0, 2, 2], "dealer": 1, "hand": 2, "ledger": [
      {"paid": [1, 1, 1], "pot": 3, "step": "ante"},
      {"cards": ["2C", "3C", "4C"], "paid": [0, 0, 0], "play": 5, "pot": 0,
       "result": "final_pot", "step": "play", "took": 3, "winner": 1}],
      "net": [-2, 6, 0]})";
  EXPECT_EQ(definition().seat_figures({hand, second}, 3), Json::parse(R"([
      {"biggest_pot": 10, "chips_taken": 16, "excused": 1, "final_pots": 0, "pots_taken": 2},
      {"biggest_pot": 3, "chips_taken": 3, "excused": 0, "final_pots": 1, "pots_taken": 1},
      {"biggest_pot": 10, "chips_taken": 10, "excused": 1, "final_pots": 1, "pots_taken": 1}
      ])"));
}

TEST(LocFigures, WhatIsNotALocHandIsSkipped) {
  const Json zero = {
      {"biggest_pot", 0}, {"chips_taken", 0}, {"excused", 0}, {"final_pots", 0}, {"pots_taken", 0}};
  const Json empty = Json::array({zero, zero});
  const GameDefinition& game = definition();
  EXPECT_EQ(game.seat_figures({"not json", "", "{\"ledger\": [", "[{}]", "0"}, 2), empty);
  const auto play = [](const std::string& members) {
    return R"({"ledger": [{"step": "ante", "paid": [1, 1]}, )" + members + "]}";
  };
  EXPECT_EQ(
      game.seat_figures({play(R"({"step": "play", "result": "took_pot", "winner": 2, "took": 4})"),
                         play(R"({"step": "play", "result": "won", "winner": 1, "took": 4})"),
                         play(R"({"step": "play", "result": "took_pot", "winner": 1, "took": -4})"),
                         play(R"({"step": "play", "result": "took_pot", "winner": 1})"),
                         play(R"({"step": "bet", "result": "took_pot", "winner": 1, "took": 4})"),
                         play(R"(7)"), R"({"ledger": {"step": "ante"}})",
                         R"({"outcome": "showdown", "pots": [], "winnings": [0, 0]})"},
                        2),
      empty);
  EXPECT_EQ(game.seat_figures({"{}"}, -2), Json::array());
}

}  // namespace
}  // namespace parlor::loc
