// The expert's paired comparison (engine/search/root_search.hpp): candidates valued on
// the same worlds are told apart by their per-world differences, and the sensible move
// (the first) stays unless another beats it clearly: by a margin that grows with the
// number of moves in contention, so that noise among many moves does not pass for a gain.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <vector>

#include "engine/search/root_search.hpp"

namespace parlor::search {
namespace {

constexpr double kErrorRate = 0.05;
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
  EXPECT_EQ(comparison.best(kErrorRate, kFewest), 1u);
}

TEST(PairedComparison, AMoveEqualToTheSensibleOneEverywhereIsNotPlayed) {
  PairedComparison comparison(2);
  for (int w = 0; w < 30; ++w) record_offsets(comparison, w % 3 - 1.0, {0.0});
  EXPECT_EQ(comparison.best(kErrorRate, kFewest), 0u);
}

TEST(PairedComparison, KeepsTheSensibleMoveWhenTheLeadIsNoise) {
  PairedComparison comparison(2);
  // Ahead in 6 worlds of 11 by one point, behind in 5: a mean of +1/11, an error of 0.3.
  for (int w = 0; w < 11; ++w) record_offsets(comparison, 0.0, {w % 2 == 0 ? 1.0 : -1.0});
  EXPECT_EQ(comparison.leader(), 1u);
  EXPECT_GT(comparison.difference(1, 0).standard_error, 0.25);
  EXPECT_EQ(comparison.best(kErrorRate, kFewest), 0u);
}

TEST(PairedComparison, TooFewWorldsKeepTheSensibleMove) {
  PairedComparison comparison(2);
  for (int w = 0; w < kFewest - 1; ++w) record_offsets(comparison, w, {1.0});
  EXPECT_EQ(comparison.best(kErrorRate, kFewest), 0u);
  record_offsets(comparison, 0.0, {1.0});
  EXPECT_EQ(comparison.best(kErrorRate, kFewest), 1u);
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
  EXPECT_EQ(comparison.best(kErrorRate, kFewest), 2u);
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

TEST(PairedComparison, DecisionMarginIsSidakOverStudentsT) {
  // Many worlds: the normal's quantiles, 1.645 for one test at 5%, and for five the
  // Sidak level 1 - 0.95^(1/5) = 1.02%, 2.319.
  EXPECT_NEAR(decision_margin(0.05, 1, 1000000), 1.645, 0.002);
  EXPECT_NEAR(decision_margin(0.05, 5, 1000000), 2.319, 0.002);
  // Few worlds: Student's t from the tables, t(7 dof, 95%) = 1.895, t(7, 99%) = 2.998,
  // t(23, 99%) = 2.500.
  EXPECT_NEAR(decision_margin(0.05, 1, 8), 1.895, 0.01);
  EXPECT_NEAR(decision_margin(0.01, 1, 8), 2.998, 0.01);
  EXPECT_NEAR(decision_margin(0.01, 1, 24), 2.500, 0.01);
  // It grows with the contenders and shrinks with the worlds.
  for (int k = 1; k < 8; ++k) {
    EXPECT_LT(decision_margin(0.05, k, 50), decision_margin(0.05, k + 1, 50)) << k;
    EXPECT_GT(decision_margin(0.05, k, 10), decision_margin(0.05, k, 100)) << k;
  }
  EXPECT_EQ(decision_margin(0.05, 0, 50), decision_margin(0.05, 1, 50));
}

// The expert's loop on made-up values: `worlds` worlds, each recorded and followed by
// the expert's pruning (3 standard errors after 8 worlds), then the decision. Candidate
// i's value in a world is the world's own value (shared by all, as with common random
// numbers), plus `edge[i]`, plus noise of its own: a draw of {-1, 0, +1} (a round lost,
// level or won against the baseline, as in Perico; zero most of the time) or a normal.
std::size_t decide(const std::vector<double>& edge, int worlds, bool rounds, std::mt19937_64& gen,
                   double error_rate) {
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_int_distribution<int> round_result(0, 5);
  std::uniform_int_distribution<int> world_value(-20, 20);
  PairedComparison comparison(edge.size());
  for (int w = 0; w < worlds; ++w) {
    const double shared = world_value(gen);
    std::vector<std::optional<double>> row(edge.size());
    for (std::size_t i = 0; i < edge.size(); ++i) {
      if (!comparison.active(i)) continue;
      const int r = round_result(gen);  // 0: lost, 1: won, otherwise as the world goes
      const double noise = rounds ? (r == 0 ? -1.0 : r == 1 ? 1.0 : 0.0) : normal(gen);
      row[i] = shared + edge[i] + noise;
    }
    comparison.record(row);
    comparison.prune(3.0, kFewest);
  }
  return comparison.best(error_rate, kFewest);
}

// The rate at which the sensible move is replaced by one of k moves no better than it.
double false_switch_rate(int k, int worlds, bool rounds, double error_rate) {
  std::mt19937_64 gen(20261204 + static_cast<unsigned>(k * 1000 + worlds) + (rounds ? 7 : 0));
  constexpr int kTrials = 4000;
  int switched = 0;
  const std::vector<double> equal(static_cast<std::size_t>(k) + 1, 0.0);
  for (int t = 0; t < kTrials; ++t) switched += decide(equal, worlds, rounds, gen, error_rate) != 0;
  return static_cast<double>(switched) / kTrials;
}

TEST(PairedComparison, AmongEqualMovesTheSensibleOneIsReplacedAtMostAtTheStatedRate) {
  // 4,000 trials: a rate of 5% is measured within 0.34 points (one standard error), so
  // 1.5 points above it is past 4 standard errors. Measured 3.5-5.8% over these 18 cases
  // (the pruning between worlds included); a margin fixed at one contender's gives 17%
  // with five (next test).
  for (bool rounds : {true, false}) {
    for (int k : {1, 2, 5}) {
      for (int worlds : {8, 24, 200}) {
        const double rate = false_switch_rate(k, worlds, rounds, kErrorRate);
        EXPECT_LE(rate, kErrorRate + 0.015)
            << k << " equal moves, " << worlds << " worlds, " << (rounds ? "rounds" : "normal");
      }
    }
  }
}

TEST(PairedComparison, AFixedMarginWouldReplaceItFarTooOftenAmongFiveEqualMoves) {
  // What the rule is for: the leader of five equal moves, tested alone at 5% (the margin
  // of one contender), passes about three times as often as the test's own rate.
  int switched = 0;
  std::mt19937_64 gen(51);
  std::normal_distribution<double> normal(0.0, 1.0);
  constexpr int kTrials = 4000;
  for (int t = 0; t < kTrials; ++t) {
    PairedComparison comparison(6);
    for (int w = 0; w < 200; ++w) {
      std::vector<std::optional<double>> row;
      for (int i = 0; i < 6; ++i) row.emplace_back(normal(gen));
      comparison.record(row);
    }
    const std::size_t lead = comparison.leader();
    const PairedDifference gain = comparison.difference(lead, 0);
    switched += lead != 0 && gain.mean > decision_margin(kErrorRate, 1, 200) * gain.standard_error;
  }
  EXPECT_GT(static_cast<double>(switched) / kTrials, 2.0 * kErrorRate);
}

TEST(PairedComparison, ATrulyBetterMoveAmongFiveIsFound) {
  // One of five alternatives wins a fifth of a round more than the sensible move (in
  // rounds worth +1 or -1, a gain of 4.9 paired standard errors over 400 worlds), the
  // others are equal to it: the better one is played nearly always, an equal one almost
  // never.
  std::mt19937_64 gen(52);
  const std::vector<double> edge{0.0, 0.0, 0.0, 0.2, 0.0, 0.0};
  constexpr int kTrials = 500;
  int found = 0;
  int wrong = 0;
  for (int t = 0; t < kTrials; ++t) {
    const std::size_t chosen = decide(edge, 400, true, gen, kErrorRate);
    found += chosen == 3;
    wrong += chosen != 3 && chosen != 0;
  }
  EXPECT_GT(found, kTrials * 9 / 10);
  EXPECT_LT(wrong, kTrials * 2 / 100);
}

}  // namespace
}  // namespace parlor::search
