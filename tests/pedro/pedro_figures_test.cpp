// The Pedro family's seat figures (engine/pedro/pedro_figures.cpp): full random matches
// of each variant on the shared playout harness, whose figures must agree with the
// auctions and hands their events announced and with the rounds played, hand-built
// results with their exact figures, and input that is not a Pedro hand skipped.
#include <gtest/gtest.h>

#include <array>
#include <iostream>

#include "engine/pedro/pedro.hpp"
#include "tests/support/random_playout.hpp"
#include "tests/support/seat_figures_checks.hpp"
#include "tests/support/test_workload.hpp"

namespace parlor::pedro {
namespace {

// From the events alone: each seat's auctions won with a bid (less those whose deal was
// then void) and its contracts made and set.
class FigureChecks : public parlor::testing::SeatFigureChecks {
 public:
  // Pedro is always four seats: the tallies are fixed arrays.
  void reset(std::size_t /*seats*/) override {
    bids_.fill(0);
    made_.fill(0);
    set_.fill(0);
  }
  void check(const GameState& state, const Json& figures) override {
    ASSERT_EQ(figures.size(), 4U);
    long with_bid = 0, without = 0;
    for (const Json& round : state.round_results()) {
      if (round.contains("bid") && !round["bid"].is_null()) {
        ++with_bid;
      } else {
        ++without;
      }
    }
    EXPECT_EQ(parlor::testing::figure_total(figures, "bids"), with_bid);
    for (std::size_t seat = 0; seat < 4; ++seat) {
      const Json& mine = figures[seat];
      EXPECT_EQ(mine.size(), 3U) << mine.dump();
      EXPECT_EQ(mine["bids"], bids_[seat]);
      EXPECT_EQ(mine["bids_made"], made_[seat]);
      EXPECT_EQ(mine["bids_set"], set_[seat]);
      EXPECT_EQ(mine["bids"].get<int>(),
                mine["bids_made"].get<int>() + mine["bids_set"].get<int>());
    }
    rounds_ += static_cast<long>(state.rounds_finished());
    rounds_without_bid_ += without;
    bids_set_ += parlor::testing::figure_total(figures, "bids_set");
  }

  long rounds_ = 0;
  long rounds_without_bid_ = 0;
  long bids_set_ = 0;

 private:
  void count_events(const std::vector<Event>& events) override {
    for (const Event& event : events) {
      const Json body = event.body();
      const Json& type = body["type"];
      if (type == "auction_over") {
        pending_ = body["bid"].is_null() ? -1 : body["declarer"].get<int>();
        if (pending_ >= 0) ++bids_[static_cast<std::size_t>(pending_)];
      }
      if (type == "void_deal" && pending_ >= 0) --bids_[static_cast<std::size_t>(pending_)];
      if (type == "hand_over" && !body["made"].is_null()) {
        auto& tally = body["made"].get<bool>() ? made_ : set_;
        ++tally[body["declarer"].get<std::size_t>()];
      }
      if (type == "void_deal" || type == "hand_over") pending_ = -1;
    }
  }

  int pending_ = -1;  // the seat whose bid won this deal's auction
  std::array<int, 4> bids_{};
  std::array<int, 4> made_{};
  std::array<int, 4> set_{};
};

void play_matches(const std::string& variant, int full) {
  FigureChecks checks;
  const int matches = parlor::testing::scaled_count(full, 3);
  parlor::testing::play_figure_matches(definition(), checks, matches, 50, [&](int match, Rng&) {
    const Json options = {{"variant", variant},
                          {"cinch_scoring", match % 2 ? "bid_minus_opponents" : "difference"}};
    return parlor::testing::FigureTable{options, 4};
  });
  if (::testing::Test::HasFatalFailure()) return;
  EXPECT_GT(checks.rounds_, checks.rounds_without_bid_);
  EXPECT_GT(checks.bids_set_, 0);
  std::cout << "[ pedro   ] figures of " << matches << " " << variant
            << " matches: " << checks.rounds_ << " rounds, " << checks.rounds_without_bid_
            << " without a bid, " << checks.bids_set_ << " bids set\n";
}

TEST(PedroFigures, RandomPedroMatchesAgreeWithTheirEvents) { play_matches("pedro", 12); }
TEST(PedroFigures, RandomKingPedroMatchesAgreeWithTheirEvents) { play_matches("king_pedro", 6); }
TEST(PedroFigures, RandomCinchMatchesAgreeWithTheirEvents) { play_matches("cinch", 12); }

TEST(PedroFigures, HandBuiltHandsGiveExactFigures) {
  const auto hand = [](int declarer, Json bid, Json made) {
    return Json{{"round", 1},
                {"dealer", 3},
                {"declarer", declarer},
                {"bid", bid},
                {"bidding_side", nullptr},
                {"trump", "H"},
                {"points", {9, 5}},
                {"tricks", {4, 2}},
                {"made", made},
                {"delta", {9, 5}},
                {"scores", {9, 5}},
                {"winner_side", nullptr}}
        .dump();
  };
  const std::vector<std::string> hands = {
      hand(0, 9, true),
      hand(0, 14, false),
      hand(2, 7, true),
      hand(3, 8, true),
      hand(1, nullptr, nullptr),  // Cinch, everyone passed: the dealer's trumps, no bid
      R"({"round": 6, "dealer": 1, "void": true})",
      R"({"round": 7, "dealer": 2, "thrown_in": true})"};
  EXPECT_EQ(definition().seat_figures(hands, 4), Json::parse(R"([
      {"bids": 2, "bids_made": 1, "bids_set": 1},
      {"bids": 0, "bids_made": 0, "bids_set": 0},
      {"bids": 1, "bids_made": 1, "bids_set": 0},
      {"bids": 1, "bids_made": 1, "bids_set": 0}])"));
}

TEST(PedroFigures, WhatIsNotAPedroHandIsSkipped) {
  const Json zero = {{"bids", 0}, {"bids_made", 0}, {"bids_set", 0}};
  const Json empty = Json::array({zero, zero, zero, zero});
  const GameDefinition& game = definition();
  EXPECT_EQ(game.seat_figures({"not json", "", "{\"bid\": 7", "[7]", "\"x\""}, 4), empty);
  EXPECT_EQ(game.seat_figures(
                {R"({"declarer": 4, "bid": 9, "made": true})",
                 R"({"declarer": 1, "bid": 9, "made": "yes"})",
                 R"({"declarer": 1, "bid": "9", "made": true})",
                 R"({"declarer": 1, "bid": -2, "made": true})", R"({"bid": 9, "made": true})",
                 R"({"outcome": "showdown", "pots": [], "winnings": []})"},
                4),
            empty);
  EXPECT_EQ(game.seat_figures({"{}"}, 65), Json::array());
}

}  // namespace
}  // namespace parlor::pedro
