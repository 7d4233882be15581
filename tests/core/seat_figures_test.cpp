// GameDefinition::seat_figures' default and the reading helpers the games share
// (engine/core/seat_figures.hpp): aggregation by name, a round skipped whole when it
// cannot be read, nothing thrown whatever the input.
#include "engine/core/seat_figures.hpp"

#include <gtest/gtest.h>

#include "tests/core/toy_game.hpp"

namespace parlor {
namespace {

TEST(SeatFigures, AggregationFollowsTheName) {
  EXPECT_EQ(figure_aggregation("biggest_pot"), FigureAggregation::kMax);
  EXPECT_EQ(figure_aggregation("most_tricks"), FigureAggregation::kMax);
  EXPECT_EQ(figure_aggregation("lowest_round"), FigureAggregation::kMin);
  EXPECT_EQ(figure_aggregation("knocks"), FigureAggregation::kSum);
  EXPECT_EQ(figure_aggregation("rounds_biggest"), FigureAggregation::kSum);
}

TEST(SeatFigures, AddCombinesByTheKeysAggregation) {
  SeatFigures figures(2, {"wins", "biggest_pot"});
  figures.add(0, "wins");
  figures.add(0, "wins", 2);
  figures.add(1, "biggest_pot", 40);
  figures.add(1, "biggest_pot", 25);
  figures.add(1, "lowest_round", 7);
  figures.add(1, "lowest_round", -3);
  figures.add(1, "lowest_round", 4);
  EXPECT_EQ(figures.to_json(), Json::parse(R"([{"biggest_pot": 0, "wins": 3},
      {"biggest_pot": 40, "lowest_round": -3, "wins": 0}])"));
  EXPECT_THROW(figures.add(2, "wins"), UnreadableRound);
  EXPECT_THROW(figures.add(-1, "wins"), UnreadableRound);
}

TEST(SeatFigures, ARoundThatCannotBeReadIsSkippedWhole) {
  const auto read = [](const Json& round, SeatFigures& figures) {
    figures.add(seat_of(member_of(round, "first"), figures.seats()), "points");
    figures.add(seat_of(member_of(round, "second"), figures.seats()), "points");
  };
  const std::vector<std::string> texts = {
      R"({"first": 0, "second": 1})",
      R"({"first": 1, "second": 5})",    // seat 5: skipped, seat 1's point with it
      R"({"first": 1})",                 // a member missing
      R"({"first": 1, "second": 1.0})",  // not an integer
      R"({"first": true, "second": 0})",
      "not json",
      "[0, 1]",
      "",
      R"({"first": 1, "second": 1})"};
  EXPECT_EQ(figures_from_rounds(texts, 2, {"points"}, read),
            Json::parse(R"([{"points": 1}, {"points": 3}])"));
}

TEST(SeatFigures, AThrowOfAnyKindSkipsTheRound) {
  const std::vector<std::string> texts = {"{}", "{}", R"({"boom": 1})"};
  const Json figures =
      figures_from_rounds(texts, 1, {"rounds"}, [](const Json& round, SeatFigures& f) {
        f.add(0, "rounds");
        if (round.contains("boom")) throw 42;
      });
  EXPECT_EQ(figures, Json::parse(R"([{"rounds": 2}])"));
}

TEST(SeatFigures, SumsThatWouldOverflowSkipTheRound) {
  const std::vector<std::string> texts = {R"({"n": 9000000000000000000})",
                                          R"({"n": 9000000000000000000})",
                                          R"({"n": 18446744073709551615})", R"({"n": -5})"};
  const Json figures = figures_from_rounds(texts, 1, {"n"}, [](const Json& round, SeatFigures& f) {
    f.add(0, "n", integer_of(member_of(round, "n")));
  });
  EXPECT_EQ(figures, Json::parse(R"([{"n": 8999999999999999995}])"));
}

TEST(SeatFigures, ASeatCountOutOfRangeGivesNoSeats) {
  EXPECT_EQ(figures_from_rounds({"{}"}, -1, {"x"}, [](const Json&, SeatFigures&) {}),
            Json::array());
  EXPECT_EQ(
      figures_from_rounds({"{}"}, kMaxFigureSeats + 1, {"x"}, [](const Json&, SeatFigures&) {}),
      Json::array());
  EXPECT_EQ(empty_seat_figures(1000000000), Json::array());
  EXPECT_EQ(empty_seat_figures(0), Json::array());
}

TEST(SeatFigures, TheDefaultIsAnEmptyObjectPerSeat) {
  const GameDefinition& game = testing::toy_game();
  EXPECT_EQ(game.seat_figures({R"({"round": 1})", "garbage"}, 3), Json::parse("[{}, {}, {}]"));
  EXPECT_EQ(game.seat_figures({}, 0), Json::array());
  EXPECT_EQ(game.seat_figures({}, -4), Json::array());
}

TEST(SeatFigures, CheckedAccessors) {
  const Json round = Json::parse(
      R"({"i": 3, "u": 18446744073709551615, "f": 1.5, "b": false, "s": "x", "a": [1, 2],
          "n": null})");
  EXPECT_EQ(integer_of(member_of(round, "i")), 3);
  EXPECT_THROW(integer_of(member_of(round, "u")), UnreadableRound);
  EXPECT_THROW(integer_of(member_of(round, "f")), UnreadableRound);
  EXPECT_THROW(integer_of(member_of(round, "b")), UnreadableRound);
  EXPECT_FALSE(bool_of(member_of(round, "b")));
  EXPECT_THROW(bool_of(member_of(round, "i")), UnreadableRound);
  EXPECT_EQ(string_of(member_of(round, "s")), "x");
  EXPECT_THROW(string_of(member_of(round, "a")), UnreadableRound);
  EXPECT_EQ(array_of(member_of(round, "a"), 2).size(), 2U);
  EXPECT_THROW(array_of(member_of(round, "a"), 3), UnreadableRound);
  EXPECT_THROW(array_of(member_of(round, "s")), UnreadableRound);
  EXPECT_THROW(member_of(round, "missing"), UnreadableRound);
  EXPECT_THROW(member_of(Json::array(), "i"), UnreadableRound);
  EXPECT_EQ(seat_of(member_of(round, "i"), 4), 3);
  EXPECT_THROW(seat_of(member_of(round, "i"), 3), UnreadableRound);
  EXPECT_EQ(optional_seat_of(member_of(round, "n"), 2), std::nullopt);
  EXPECT_EQ(optional_seat_of(member_of(round, "i"), 4), 3);
}

}  // namespace
}  // namespace parlor
