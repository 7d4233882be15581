// The expert's root statistics (engine/search/root_search.hpp): which move UCB1 tries
// next, and the rule that keeps the sensible move (the first) unless another beats it
// clearly.
#include <gtest/gtest.h>

#include "engine/search/root_search.hpp"

namespace parlor::search {
namespace {

RootStatistics three_moves() {
  return RootStatistics({Json("sensible"), Json("second"), Json("third")});
}

TEST(RootStatistics, TriesEveryMoveOnceInOrderThenTheBest) {
  RootStatistics root = three_moves();
  for (std::size_t expected = 0; expected < 3; ++expected) {
    ASSERT_EQ(root.select(0.7), expected);
    root.record(expected, expected == 1 ? 1.0 : 0.0);
  }
  EXPECT_EQ(root.select(0.0), 1u);  // no exploration: the best mean
}

TEST(RootStatistics, KeepsTheSensibleMoveUnlessClearlyBeaten) {
  RootStatistics noisy = three_moves();
  // The second move is ahead by luck: 3 wins in 6 against 2 in 6.
  for (int i = 0; i < 6; ++i) {
    noisy.record(0, i < 2 ? 1.0 : -1.0);
    noisy.record(1, i < 3 ? 1.0 : -1.0);
  }
  EXPECT_EQ(noisy.best(), 0u);

  RootStatistics clear = three_moves();
  for (int i = 0; i < 40; ++i) {
    clear.record(0, i % 4 == 0 ? 1.0 : -1.0);  // wins a quarter
    clear.record(2, i % 4 == 0 ? -1.0 : 1.0);  // wins three quarters
  }
  EXPECT_EQ(clear.best(), 2u);
}

TEST(RootStatistics, AnExcludedMoveIsNeitherTriedNorPlayed) {
  RootStatistics root = three_moves();
  root.exclude(1);
  root.record(0, 0.0);
  EXPECT_EQ(root.select(0.7), 2u);
  for (int i = 0; i < 10; ++i) root.record(0, -1.0);
  for (int i = 0; i < 10; ++i) root.record(2, -1.0);
  EXPECT_NE(root.best(), 1u);
}

TEST(RootStatistics, AStarvedSearchPlaysTheSensibleMove) {
  RootStatistics root = three_moves();
  root.record(0, -1.0);
  root.record(1, 1.0);
  root.record(2, 1.0);
  EXPECT_EQ(root.best(), 0u);
}

}  // namespace
}  // namespace parlor::search
