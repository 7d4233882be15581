#include "engine/search/root_search.hpp"

#include <cmath>
#include <limits>

namespace parlor::search {

RootStatistics::RootStatistics(std::vector<Json> candidates)
    : candidates_(std::move(candidates)),
      visits_(candidates_.size(), 0),
      totals_(candidates_.size(), 0.0),
      squares_(candidates_.size(), 0.0),
      excluded_(candidates_.size(), false) {}

std::size_t RootStatistics::select(double exploration) const {
  for (std::size_t i = 0; i < visits_.size(); ++i) {
    if (visits_[i] == 0 && !excluded_[i]) return i;
  }
  // The exploration term is scaled by the spread of values seen, so the same constant
  // serves a game scored in single points and one scored in chips.
  const double spread = std::max(highest_ - lowest_, 1e-9);
  const double log_total = std::log(static_cast<double>(total_visits_));
  std::size_t chosen = 0;
  double best_score = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < visits_.size(); ++i) {
    if (excluded_[i]) continue;
    const double n = visits_[i];
    const double score = totals_[i] / n + exploration * spread * std::sqrt(log_total / n);
    if (score > best_score) {
      best_score = score;
      chosen = i;
    }
  }
  return chosen;
}

void RootStatistics::record(std::size_t index, double value) {
  if (total_visits_ == 0) {
    lowest_ = highest_ = value;
  } else {
    lowest_ = std::min(lowest_, value);
    highest_ = std::max(highest_, value);
  }
  ++visits_[index];
  totals_[index] += value;
  squares_[index] += value * value;
  ++total_visits_;
}

void RootStatistics::exclude(std::size_t index) { excluded_[index] = true; }

std::size_t RootStatistics::best() const {
  constexpr int kFewestVisits = 4;
  constexpr double kMargin = 2.0;
  auto mean = [&](std::size_t i) { return totals_[i] / visits_[i]; };
  // The squared standard error of a move's mean.
  auto error2 = [&](std::size_t i) {
    const double n = visits_[i];
    const double variance = std::max(squares_[i] / n - mean(i) * mean(i), 0.0);
    return variance / n;
  };
  if (excluded_[0] || visits_[0] < kFewestVisits) return 0;
  std::size_t chosen = 0;
  for (std::size_t i = 1; i < visits_.size(); ++i) {
    if (visits_[i] < kFewestVisits || excluded_[i]) continue;
    if (mean(i) > mean(chosen)) chosen = i;
  }
  if (chosen == 0) return 0;
  const double gap = mean(chosen) - mean(0);
  return gap > kMargin * std::sqrt(error2(chosen) + error2(0)) ? chosen : 0;
}

namespace {

// One move of the world by `policy` for the first seat waited for (every seat of a
// simultaneous step gets its turn, one call each; a claim window asks the first in
// priority, whose answer moves it on). A move the world rejects is replaced by the
// game's default action, which is always legal.
bool play_one(GameState& world, const BotPolicy& policy, Rng& rng) {
  const Waiting waiting = world.waiting();
  if (waiting.mode == WaitMode::kNobody || waiting.seats.empty()) return false;
  const Seat actor = waiting.seats.front();
  const Json action = policy.choose(world.view(actor), rng);
  if (!world.apply(actor, action).ok() && !world.apply(actor, world.default_action(actor)).ok()) {
    return false;
  }
  world.take_events();  // a rollout has no audience: its events are dropped as they come
  return true;
}

double gain_over_opponents(const GameState& world, Seat seat,
                           const std::vector<std::int64_t>& before,
                           const std::vector<std::int64_t>& after) {
  const std::vector<int> teams = world.definition().teams(world.seat_count());
  auto gain = [&](std::size_t s) { return static_cast<double>(after[s] - before[s]); };
  const double mine = gain(static_cast<std::size_t>(seat));
  double opponents = 0.0;
  int counted = 0;
  for (std::size_t s = 0; s < after.size(); ++s) {
    const bool partner = !teams.empty() && teams[s] == teams[static_cast<std::size_t>(seat)];
    if (static_cast<Seat>(s) == seat || partner) continue;
    opponents += gain(s);
    ++counted;
  }
  const double value = mine - (counted > 0 ? opponents / counted : 0.0);
  return world.lower_score_wins() ? -value : value;
}

}  // namespace

double play_out(GameState& world, Seat seat, const std::vector<std::int64_t>& before,
                const BotPolicy& policy, Rng& rng, const RolloutLimits& limits) {
  const int round = world.round();
  bool round_over = false;
  for (int moves = 0; moves < limits.max_moves; ++moves) {
    round_over = world.match_over() || world.round() != round;
    if (round_over || !play_one(world, policy, rng)) break;
  }
  round_over = round_over || world.match_over() || world.round() != round;
  // A finished round is scored; one cut off is valued as if it ended now.
  const bool provisional = !round_over && limits.provisional && *limits.provisional;
  return gain_over_opponents(world, seat, before,
                             provisional ? (*limits.provisional)(world) : world.scores());
}

}  // namespace parlor::search
