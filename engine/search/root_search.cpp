#include "engine/search/root_search.hpp"

#include <algorithm>
#include <cmath>

namespace parlor::search {

PairedComparison::PairedComparison(std::size_t candidates)
    : sums_(candidates * candidates), active_(candidates, true) {}

void PairedComparison::record(const std::vector<std::optional<double>>& values) {
  ++worlds_;
  const std::size_t n = std::min(values.size(), active_.size());
  for (std::size_t a = 0; a < n; ++a) {
    if (!values[a]) continue;
    ++sums(a, a).worlds;
    for (std::size_t b = a + 1; b < n; ++b) {
      if (!values[b]) continue;
      const double d = *values[a] - *values[b];
      PairSums& pair = sums(a, b);
      ++pair.worlds;
      pair.total += d;
      pair.squares += d * d;
    }
  }
}

PairedDifference PairedComparison::difference(std::size_t a, std::size_t b) const {
  const PairSums& pair = a <= b ? sums(a, b) : sums(b, a);
  const int n = pair.worlds;
  const double total = a <= b ? pair.total : -pair.total;  // b - a is minus a - b
  const double squares = pair.squares;
  PairedDifference result;
  result.worlds = n;
  if (n == 0) return result;
  result.mean = total / n;
  if (n > 1) {
    // The sample variance (n - 1), so that two worlds do not look certain.
    const double variance = std::max((squares - total * result.mean) / (n - 1), 0.0);
    result.standard_error = std::sqrt(variance / n);
  }
  return result;
}

std::size_t PairedComparison::leader() const {
  std::size_t chosen = 0;
  for (std::size_t i = 1; i < active_.size(); ++i) {
    // On the same worlds, "i's mean is higher" is "i minus chosen is positive".
    if (active_[i] && (!active_[chosen] || difference(i, chosen).mean > 0.0)) chosen = i;
  }
  return chosen;
}

void PairedComparison::prune(double margin, int fewest_worlds) {
  if (worlds() < fewest_worlds) return;
  const std::size_t lead = leader();
  for (std::size_t i = 1; i < active_.size(); ++i) {
    if (!active_[i] || i == lead) continue;
    const PairedDifference behind = difference(lead, i);
    if (behind.worlds >= fewest_worlds && behind.mean > 0.0 &&
        behind.mean > margin * behind.standard_error) {
      active_[i] = false;
    }
  }
}

int PairedComparison::contenders() const {
  int count = 0;
  for (std::size_t i = 1; i < active_.size(); ++i) count += active_[i] ? 1 : 0;
  return count;
}

std::size_t PairedComparison::best(double error_rate, int fewest_worlds) const {
  if (!active_[0]) return leader();  // no baseline left to keep (a world refused it)
  const std::size_t lead = leader();
  if (lead == 0) return 0;
  const PairedDifference gain = difference(lead, 0);
  if (gain.worlds < fewest_worlds || gain.mean <= 0.0) return 0;
  const double margin = decision_margin(error_rate, contenders(), gain.worlds);
  return gain.mean > margin * gain.standard_error ? lead : 0;
}

namespace {

// The z with P(Z > z) = upper for a standard normal Z: bisection on erfc, which is
// monotone; 100 halvings of [-40, 40] are far below a double's precision. Called once a
// move, so its cost does not matter.
double normal_upper_quantile(double upper) {
  double low = -40.0;
  double high = 40.0;
  for (int step = 0; step < 100; ++step) {
    const double mid = 0.5 * (low + high);
    if (0.5 * std::erfc(mid / std::sqrt(2.0)) > upper) {
      low = mid;
    } else {
      high = mid;
    }
  }
  return 0.5 * (low + high);
}

// Student's t quantile from the normal's (the Cornish-Fisher expansion in 1/dof,
// Abramowitz and Stegun 26.7.5): within 0.01 of the table from 7 degrees of freedom at
// the levels used here (t(7, 0.99) is 2.998; this gives 2.99).
double student_from_normal(double z, double dof) {
  const double z3 = z * z * z;
  const double z5 = z3 * z * z;
  const double z7 = z5 * z * z;
  return z + (z3 + z) / (4.0 * dof) + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * dof * dof) +
         (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * dof * dof * dof);
}

}  // namespace

double decision_margin(double error_rate, int contenders, int worlds) {
  const int k = std::max(contenders, 1);
  const double rate = std::clamp(error_rate, 1e-12, 0.5);
  // Sidak: each of k tests at this level, so that none passing has probability
  // (1 - per_test)^k = 1 - rate. expm1/log1p keep it exact for small rates.
  const double per_test = -std::expm1(std::log1p(-rate) / k);
  const double z = normal_upper_quantile(per_test);
  return worlds > 1 ? student_from_normal(z, worlds - 1.0) : z;
}

namespace {

// One move of the world by `policy` for the first seat waited for (every seat of a
// simultaneous step gets its turn, one call each; a claim window asks the first in
// priority, whose answer moves it on). A move the world rejects is replaced by the
// game's default action, which is always legal.
bool play_one(GameState& world, const BotPolicy& policy, const StateRollout* fast, Rng& rng) {
  const Waiting waiting = world.waiting();
  if (waiting.mode == WaitMode::kNobody || waiting.seats.empty()) return false;
  const Seat actor = waiting.seats.front();
  std::optional<Json> quick = fast && *fast ? (*fast)(world, actor, rng) : std::nullopt;
  const Json action = quick ? std::move(*quick) : policy.choose(world.view(actor), rng);
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
    if (round_over || !play_one(world, policy, limits.fast, rng)) break;
  }
  round_over = round_over || world.match_over() || world.round() != round;
  // A finished round is scored; one cut off is valued as if it ended now.
  const bool provisional = !round_over && limits.provisional && *limits.provisional;
  return gain_over_opponents(world, seat, before,
                             provisional ? (*limits.provisional)(world) : world.scores());
}

}  // namespace parlor::search
