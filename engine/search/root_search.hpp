// The statistics of the expert's search (expert_policy.hpp): the seat's candidate moves
// at the root of its information set, each with its visits and total value, and the
// rollout that values one move in one sampled world.
#pragma once

#include <vector>

#include "engine/search/expert_policy.hpp"

namespace parlor::search {

// The candidate moves and what the iterations found for each.
class RootStatistics {
 public:
  explicit RootStatistics(std::vector<Json> candidates);

  std::size_t size() const { return candidates_.size(); }
  const Json& candidate(std::size_t index) const { return candidates_[index]; }
  // UCB1: an unvisited move first (in order), else the best mean plus exploration.
  std::size_t select(double exploration) const;
  void record(std::size_t index, double value);
  // Leaves a move out of the search (one a sampled world refused).
  void exclude(std::size_t index);
  // The move to play: the one with the best mean value, but only when it beats the
  // sensible move (the first) by more than kMargin standard errors of their difference;
  // otherwise the sensible move. A budget of a few hundred noisy rollouts would else
  // trade the sensible bot's good move for one that was merely lucky.
  std::size_t best() const;

 private:
  std::vector<Json> candidates_;
  std::vector<int> visits_;
  std::vector<double> totals_;
  std::vector<double> squares_;  // sum of squared values, for the standard errors
  std::vector<bool> excluded_;
  int total_visits_ = 0;
  double lowest_ = 0.0;
  double highest_ = 0.0;
};

struct RolloutLimits {
  int max_moves = 0;
  const ProvisionalScores* provisional = nullptr;  // the scores a rollout ends with
};

// Plays `world` on with `policy` for every seat until its round ends (or the match, or
// `limits.max_moves`), and returns what `seat` gained over its opponents from `before`
// (provisional scores, as limits.provisional counts them).
double play_out(GameState& world, Seat seat, const std::vector<std::int64_t>& before,
                const BotPolicy& policy, Rng& rng, const RolloutLimits& limits);

}  // namespace parlor::search
