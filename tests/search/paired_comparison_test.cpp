// The expert's paired comparison (engine/search/root_search.hpp): candidates valued on
// the same worlds are told apart by their per-world differences, and the sensible move
// (the first) stays unless another beats it clearly.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "engine/search/root_search.hpp"

namespace parlor::search {
namespace {

constexpr double kMargin = 1.5;
constexpr int kFewest = 8;

// Row w: the baseline's value, then each other candidate's as baseline + offset.
void record_offsets(PairedComparison& comparison, double world_value,
                    const std::vector<double>& offsets) {
  std::vector<std::optional<double>> row{world_value};
  for (double offset : offsets) row.emplace_back(world_value + offset);
  comparison.record(row);
}

TEST(PairedComparison, PicksAMoveThatWinsOnEveryWorldHoweverNoisyTheWorlds) {
  PairedComparison comparison(3);
  // Worlds worth anything from -50 to +50: the independent means' standard errors are
  // some 10 points, a hundred times the gain of 0.1 that the second move makes in each.
  for (int w = 0; w < 20; ++w) {
    record_offsets(comparison, (w * 37 % 101) - 50.0, {0.1, -0.2});
  }
  const PairedDifference gain = comparison.difference(1, 0);
  EXPECT_EQ(gain.worlds, 20);
  EXPECT_NEAR(gain.mean, 0.1, 1e-9);
  EXPECT_NEAR(gain.standard_error, 0.0, 1e-9);
  EXPECT_EQ(comparison.leader(), 1u);
  EXPECT_EQ(comparison.best(kMargin, kFewest), 1u);
}

TEST(PairedComparison, AMoveEqualToTheSensibleOneEverywhereIsNotPlayed) {
  PairedComparison comparison(2);
  for (int w = 0; w < 30; ++w) record_offsets(comparison, w % 3 - 1.0, {0.0});
  EXPECT_EQ(comparison.best(kMargin, kFewest), 0u);
}

TEST(PairedComparison, KeepsTheSensibleMoveWhenTheLeadIsNoise) {
  PairedComparison comparison(2);
  // Ahead in 6 worlds of 11 by one point, behind in 5: a mean of +1/11, an error of 0.3.
  for (int w = 0; w < 11; ++w) record_offsets(comparison, 0.0, {w % 2 == 0 ? 1.0 : -1.0});
  EXPECT_EQ(comparison.leader(), 1u);
  EXPECT_GT(comparison.difference(1, 0).standard_error, 0.25);
  EXPECT_EQ(comparison.best(kMargin, kFewest), 0u);
}

TEST(PairedComparison, TooFewWorldsKeepTheSensibleMove) {
  PairedComparison comparison(2);
  for (int w = 0; w < kFewest - 1; ++w) record_offsets(comparison, w, {1.0});
  EXPECT_EQ(comparison.best(kMargin, kFewest), 0u);
  record_offsets(comparison, 0.0, {1.0});
  EXPECT_EQ(comparison.best(kMargin, kFewest), 1u);
}

TEST(PairedComparison, PruningDropsTheBeatenButNeverTheSensibleMove) {
  PairedComparison comparison(4);
  for (int w = 0; w < kFewest; ++w) {
    // The second move leads; the sensible move and the fourth are behind it in every
    // world; the third is level with it give or take noise.
    record_offsets(comparison, w, {2.0, w % 2 == 0 ? 3.0 : 1.0, -1.0});
  }
  comparison.prune(3.0, kFewest);
  EXPECT_TRUE(comparison.active(0));
  EXPECT_TRUE(comparison.active(1));
  EXPECT_TRUE(comparison.active(2));
  EXPECT_FALSE(comparison.active(3));
}

TEST(PairedComparison, ADroppedMoveIsNeverPlayedAndRowsSkipIt) {
  PairedComparison comparison(3);
  comparison.drop(1);
  for (int w = 0; w < 10; ++w) comparison.record({0.0, std::nullopt, 1.0});
  EXPECT_EQ(comparison.difference(1, 0).worlds, 0);
  EXPECT_EQ(comparison.best(kMargin, kFewest), 2u);
}

TEST(PairedComparison, StandardErrorIsThatOfThePairedMean) {
  PairedComparison comparison(2);
  // Differences 1, 3: mean 2, sample variance 2, standard error 1.
  comparison.record({0.0, 1.0});
  comparison.record({10.0, 13.0});
  const PairedDifference d = comparison.difference(1, 0);
  EXPECT_NEAR(d.mean, 2.0, 1e-12);
  EXPECT_NEAR(d.standard_error, 1.0, 1e-12);
  EXPECT_NEAR(comparison.difference(0, 1).mean, -2.0, 1e-12);
}

// The running sums give what summing the recorded worlds gives, for every ordered pair,
// when candidates miss some worlds (dropped after they were recorded, or refused).
TEST(PairedComparison, RunningSumsEqualTheWorldsSummedAgain) {
  constexpr std::size_t kCandidates = 4;
  PairedComparison comparison(kCandidates);
  std::vector<std::vector<std::optional<double>>> rows;
  for (int w = 0; w < 40; ++w) {
    std::vector<std::optional<double>> row;
    for (std::size_t c = 0; c < kCandidates; ++c) {
      const bool missing = (w + 3 * static_cast<int>(c)) % 7 == 0;
      row.push_back(missing ? std::nullopt : std::optional<double>((w * 37 + c * 11) % 23 - 9.5));
    }
    comparison.record(row);
    rows.push_back(row);
  }
  EXPECT_EQ(comparison.worlds(), 40);
  for (std::size_t a = 0; a < kCandidates; ++a) {
    for (std::size_t b = 0; b < kCandidates; ++b) {
      double total = 0.0;
      double squares = 0.0;
      int n = 0;
      for (const auto& row : rows) {
        if (!row[a] || !row[b]) continue;
        const double d = *row[a] - *row[b];
        total += d;
        squares += d * d;
        ++n;
      }
      const PairedDifference got = comparison.difference(a, b);
      ASSERT_EQ(got.worlds, n) << a << " - " << b;
      const double mean = total / n;
      EXPECT_NEAR(got.mean, mean, 1e-12) << a << " - " << b;
      const double variance = std::max((squares - total * mean) / (n - 1), 0.0);
      EXPECT_NEAR(got.standard_error, std::sqrt(variance / n), 1e-9) << a << " - " << b;
    }
  }
}

}  // namespace
}  // namespace parlor::search
