// Poker's seat figures (engine/poker/poker_figures.cpp): full random matches on the
// shared playout harness (small stacks, so all-ins, side pots and split pots come up),
// whose figures must agree with the match's events and results, one set of deal results
// written by hand with its exact figures, and input that is not a Poker deal skipped.
#include <gtest/gtest.h>

#include <iostream>

#include "engine/poker/poker.hpp"
#include "tests/support/random_playout.hpp"
#include "tests/support/seat_figures_checks.hpp"
#include "tests/support/test_workload.hpp"

namespace parlor::poker {
namespace {

// Counts, from the events alone, each seat's hands shown and uncalled pots won.
class FigureChecks : public parlor::testing::SeatFigureChecks {
 public:
  void reset(std::size_t seats) override {
    shown_.assign(seats, 0);
    uncalled_.assign(seats, 0);
  }
  void check(const GameState& state, const Json& figures) override {
    const int seats = state.seat_count();
    long showdown_deals = 0, uncalled_deals = 0, no_opener_deals = 0;
    std::int64_t most_at_table = 0;
    for (const Json& deal : state.round_results()) {
      const std::string outcome = deal["outcome"];
      showdown_deals += outcome == "showdown";
      uncalled_deals += outcome == "uncalled";
      no_opener_deals += outcome == "no_opener";
      std::int64_t at_table = 0;
      for (const Json& stack : deal["stacks"]) at_table += stack.get<std::int64_t>();
      most_at_table = std::max(most_at_table, at_table);
    }
    const long deals = static_cast<long>(state.rounds_finished());
    EXPECT_EQ(parlor::testing::figure_total(figures, "uncalled_wins"), uncalled_deals);
    // A showdown has a winner at least (more when the pot is split or side pots go apart).
    EXPECT_GE(parlor::testing::figure_total(figures, "showdown_wins"), showdown_deals);
    EXPECT_GE(parlor::testing::figure_total(figures, "hands_won"), deals - no_opener_deals);
    for (int seat = 0; seat < seats; ++seat) {
      const auto at = static_cast<std::size_t>(seat);
      const Json& mine = figures[at];
      EXPECT_EQ(mine.size(), 5U) << mine.dump();
      EXPECT_EQ(mine["hands_won"],
                mine["showdown_wins"].get<int>() + mine["uncalled_wins"].get<int>());
      EXPECT_LE(mine["showdown_wins"].get<int>(), mine["showdowns"].get<int>());
      EXPECT_EQ(mine["showdowns"], shown_[at]);
      EXPECT_EQ(mine["uncalled_wins"], uncalled_[at]);
      // A pot won holds chips (the antes at least); the most won at once was at the table.
      EXPECT_EQ(mine["biggest_pot"].get<std::int64_t>() > 0, mine["hands_won"].get<int>() > 0);
      EXPECT_LE(mine["biggest_pot"].get<std::int64_t>(), most_at_table);
    }
    showdowns_ += showdown_deals;
    split_or_side_ += parlor::testing::figure_total(figures, "showdown_wins") - showdown_deals;
  }

  long showdowns_ = 0;
  long split_or_side_ = 0;

 private:
  void count_events(const std::vector<Event>& events) override {
    for (const Event& event : events) {
      const Json body = event.body();
      if (body["type"] == "showdown") {
        for (const Json& hand : body["hands"]) ++shown_[hand["seat"].get<std::size_t>()];
      }
      if (body["type"] == "pot_won" && body.value("shown", true) == false) {
        ++uncalled_[body["seat"].get<std::size_t>()];
      }
    }
  }

  std::vector<int> shown_;
  std::vector<int> uncalled_;
};

TEST(PokerFigures, RandomMatchesAgreeWithTheirEventsAndDeals) {
  const GameDefinition& game = definition();
  FigureChecks checks;
  const int matches = parlor::testing::scaled_count(80, 8);
  parlor::testing::play_figure_matches(game, checks, matches, 50, [&](int /*match*/, Rng& rng) {
    const int seats = 2 + static_cast<int>(rng.below(6));
    const Json options = {{"stack", 10 + static_cast<int>(rng.below(40))},
                          {"deals", 5 + static_cast<int>(rng.below(20))},
                          {"jokers", static_cast<int>(rng.below(3))}};
    EXPECT_TRUE(game.validate_table(options, seats)) << options.dump();
    return parlor::testing::FigureTable{options, seats};
  });
  if (::testing::Test::HasFatalFailure()) return;
  EXPECT_GT(checks.showdowns_, 0);
  std::cout << "[ poker   ] figures of " << matches << " matches: " << checks.showdowns_
            << " showdowns, " << checks.split_or_side_ << " more winners in them\n";
}

TEST(PokerFigures, HandBuiltDealsGiveExactFigures) {
  const std::vector<std::string> deals = {
      // Seat 1 bets, nobody calls.
      R"({"actions": [], "outcome": "uncalled", "winner": 1, "round": 1, "dealer": 0,
          "pots": [{"amount": 9, "winners": [1]}], "winnings": [0, 9, 0],
          "shown": [], "stacks": [40, 59, 50]})",
      // Nobody opens: the jackpot carries over.
      R"({"actions": [], "outcome": "no_opener", "carried": 3, "round": 2, "dealer": 1,
          "pots": [], "winnings": [0, 0, 0], "shown": [], "stacks": [39, 58, 49]})",
      // Seat 0 all in: the main pot split by 0 and 2, the side pot to 2; 1 shows and loses.
      R"({"actions": [], "outcome": "showdown", "round": 3, "dealer": 2,
          "pots": [{"amount": 30, "eligible": [0, 1, 2], "winners": [0, 2]},
                   {"amount": 20, "eligible": [1, 2], "winners": [2]}],
          "winnings": [15, 0, 35], "shown": [{"seat": 0, "hand": [], "category": "two_pair"},
          {"seat": 1, "hand": [], "category": "one_pair"},
          {"seat": 2, "hand": [], "category": "two_pair"}], "stacks": [15, 38, 69]})",
      // Seat 1 wins a showdown alone.
      R"({"actions": [], "outcome": "showdown", "round": 4, "dealer": 0,
          "pots": [{"amount": 12, "eligible": [1, 2], "winners": [1]}],
          "winnings": [0, 12, 0], "shown": [{"seat": 1, "hand": [], "category": "trio"},
          {"seat": 2, "hand": [], "category": "one_pair"}], "stacks": [14, 44, 63]})"};
  EXPECT_EQ(definition().seat_figures(deals, 3), Json::parse(R"([
      {"biggest_pot": 15, "hands_won": 1, "showdown_wins": 1, "showdowns": 1, "uncalled_wins": 0},
      {"biggest_pot": 12, "hands_won": 2, "showdown_wins": 1, "showdowns": 2, "uncalled_wins": 1},
      {"biggest_pot": 35, "hands_won": 1, "showdown_wins": 1, "showdowns": 2, "uncalled_wins": 0}
      ])"));
}

TEST(PokerFigures, WhatIsNotAPokerDealIsSkipped) {
  const Json zero = {{"biggest_pot", 0},
                     {"hands_won", 0},
                     {"showdown_wins", 0},
                     {"showdowns", 0},
                     {"uncalled_wins", 0}};
  const Json empty = Json::array({zero, zero});
  const GameDefinition& game = definition();
  EXPECT_EQ(game.seat_figures({"not json", "", "{\"outcome\":", "[]", "true"}, 2), empty);
  EXPECT_EQ(game.seat_figures({R"({"outcome": "uncalled", "winner": 5, "pots": [],
                                   "winnings": [0, 4], "shown": []})",
                               R"({"outcome": "showdown", "pots": [{"winners": [0]}],
                                   "winnings": [0, 4, 1], "shown": []})",
                               R"({"outcome": "folded", "pots": [], "winnings": [0, 0],
                                   "shown": []})",
                               R"({"outcome": "showdown", "pots": {"winners": [0]},
                                   "winnings": [6, 0], "shown": []})",
                               R"({"outcome": "showdown", "pots": [{"winners": [0]}],
                                   "winnings": [-6, 6], "shown": []})",
                               R"({"dealer": 0, "hands": [], "knocker": null})"},
                              2),
            empty);
  EXPECT_EQ(game.seat_figures({"{}"}, -3), Json::array());
}

}  // namespace
}  // namespace parlor::poker
