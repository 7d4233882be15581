// The statistics of the expert's search (expert_policy.hpp): the seat's candidate moves
// at the root of its information set compared on shared worlds, and the rollout that
// values one move in one sampled world.
//
// Common random numbers: every candidate is played out in the same sampled worlds with
// the same rollout random stream, so most of what makes one rollout differ from another
// (the hidden cards, the stock's order, the rollout bots' coin flips) is the same for
// every move. The decision then rests on the per-world differences between two moves,
// whose variance is far below that of either move's own values: two moves that lead to
// the same result in most worlds differ by exactly zero there.
#pragma once

#include <optional>
#include <vector>

#include "engine/search/expert_policy.hpp"

namespace parlor::search {

// The mean of the per-world differences between two moves, over the worlds where both
// were played out, and its standard error.
struct PairedDifference {
  int worlds = 0;
  double mean = 0.0;
  double standard_error = 0.0;
};

// The one-sided margin, in standard errors, that a gain estimated from `worlds` paired
// worlds must exceed so that, among `contenders` moves no better than the baseline, one
// passes with probability at most `error_rate` (Sidak's per-test level, Student's t with
// worlds - 1 degrees of freedom; root_search.cpp). It grows with the contenders: about
// 1.64 for one and 2.32 for five at error_rate 0.05 over many worlds; 2.49 for five over
// 24 worlds, 2.98 over 8.
double decision_margin(double error_rate, int contenders, int worlds);

// One row of values per sampled world, one column per candidate; the first candidate is
// the baseline (the sensible move). A candidate can be dropped (pruned, or refused by a
// world); one still active has a value in every row, since rows are recorded only when
// complete and a dropped candidate never comes back.
class PairedComparison {
 public:
  explicit PairedComparison(std::size_t candidates);

  std::size_t size() const { return active_.size(); }
  int worlds() const { return worlds_; }
  bool active(std::size_t index) const { return active_[index]; }
  // Drops a candidate for good (a world refused it, or it is clearly beaten).
  void drop(std::size_t index) { active_[index] = false; }
  // Records one world's values: `values[i]` for every active candidate i.
  void record(const std::vector<std::optional<double>>& values);

  // a minus b, over the worlds where both have a value.
  PairedDifference difference(std::size_t a, std::size_t b) const;
  // The active candidate with the best mean value (the baseline on a tie).
  std::size_t leader() const;
  // Drops every active candidate but the baseline that is behind the leader by more
  // than `margin` standard errors of their paired difference (or behind in every world
  // by the same amount), once there are `fewest_worlds` rows: the budget then goes to
  // the moves still in contention.
  void prune(double margin, int fewest_worlds);
  // The move to play: the leader, when its paired gain over the baseline exceeds
  // decision_margin(error_rate, contenders, worlds) standard errors over at least
  // `fewest_worlds` worlds, where `contenders` is the number of active candidates other
  // than the baseline; otherwise the baseline. A move that equals the baseline in every
  // world is not better, so the sensible move stays.
  //
  // Why the margin grows with the contenders: the leader is the best of k noisy
  // estimates, and testing it alone against the baseline as if it were the only one
  // finds a "gain" among k moves no better than the baseline far more often than the
  // test's own rate (with 5 such moves and a margin of 1.5, 21% of the time over 200
  // worlds of normal noise, instead of 1 in 15). The leader passing means that some
  // contender passes, so the rule bounds the chance of that: each contender at the Sidak
  // level 1 - (1 - error_rate)^(1/k), which keeps the chance that any of k moves no
  // better than the baseline passes at `error_rate` for independent tests, and below it
  // for these (the paired differences share the baseline, so they are positively
  // correlated). The standard error is estimated from the worlds, so the quantile is
  // Student's t with worlds - 1 degrees of freedom, not the normal's. Moves pruned
  // earlier are not counted: they were behind the leader by the prune margin, and the
  // tests (paired_comparison_test.cpp) check the rate with the pruning in the loop.
  std::size_t best(double error_rate, int fewest_worlds) const;
  // The active candidates other than the baseline.
  int contenders() const;

 private:
  // Running sums of a - b over the worlds where both a and b had a value (a <= b; for
  // a == b, `worlds` counts a's values): added once per world, so difference() costs the
  // same after a thousand worlds as after one. It is asked for every candidate after every
  // world, and summing the worlds each time cost the budget a square of its worlds.
  struct PairSums {
    int worlds = 0;
    double total = 0.0;
    double squares = 0.0;
  };
  PairSums& sums(std::size_t a, std::size_t b) { return sums_[a * active_.size() + b]; }
  const PairSums& sums(std::size_t a, std::size_t b) const { return sums_[a * active_.size() + b]; }

  std::vector<PairSums> sums_;
  std::vector<bool> active_;
  int worlds_ = 0;
};

struct RolloutLimits {
  int max_moves = 0;
  const ProvisionalScores* provisional = nullptr;  // the scores a rollout ends with
  const StateRollout* fast = nullptr;              // the policy on the state, if the game has one
};

// Plays `world` on with `policy` for every seat until its round ends (or the match, or
// `limits.max_moves`), and returns what `seat` gained over its opponents from `before`
// (provisional scores, as limits.provisional counts them).
double play_out(GameState& world, Seat seat, const std::vector<std::int64_t>& before,
                const BotPolicy& policy, Rng& rng, const RolloutLimits& limits);

}  // namespace parlor::search
