// The Weng-Lin PlackettLuce update (ratings.hpp has the model and its decisions).
#include "engine/ratings/ratings.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace parlor::ratings {
namespace {

Error error(const char* code, std::string message) { return Error{code, std::move(message)}; }

Expected<bool> check(const std::vector<Team>& teams, const std::vector<int>& ranks,
                     const Options& options) {
  if (!std::isfinite(options.beta) || options.beta <= 0) {
    return error("bad_options", "beta must be a positive number");
  }
  if (!std::isfinite(options.tau) || options.tau < 0) {
    return error("bad_options", "tau must be a number >= 0");
  }
  if (!(options.kappa > 0 && options.kappa <= 1)) {
    return error("bad_options", "kappa must be in (0, 1]");
  }
  if (teams.size() < 2) {
    return error("too_few_teams",
                 "a match needs at least two teams, got " + std::to_string(teams.size()));
  }
  if (ranks.size() != teams.size()) {
    return error("ranks_mismatch", std::to_string(teams.size()) + " teams but " +
                                       std::to_string(ranks.size()) + " ranks");
  }
  for (std::size_t i = 0; i < teams.size(); ++i) {
    if (teams[i].empty()) return error("empty_team", "team " + std::to_string(i) + " is empty");
    for (std::size_t j = 0; j < teams[i].size(); ++j) {
      const Rating& r = teams[i][j];
      if (!std::isfinite(r.mu) || !std::isfinite(r.sigma) || r.sigma <= 0) {
        return error("bad_rating", "team " + std::to_string(i) + " player " + std::to_string(j) +
                                       ": mu must be finite and sigma finite and > 0");
      }
    }
  }
  return true;
}

}  // namespace

Expected<std::vector<Team>> rate(const std::vector<Team>& teams, const std::vector<int>& ranks,
                                 const Options& options) {
  auto valid = check(teams, ranks, options);
  if (!valid) return valid.error();
  const std::size_t n = teams.size();
  const double tau_sq = options.tau * options.tau;
  const double beta_sq = options.beta * options.beta;

  // Step 1 (tau) and the team sums.
  std::vector<Team> players(teams);
  std::vector<double> team_mu(n, 0.0), team_sigma_sq(n, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    for (Rating& r : players[i]) {
      r.sigma = std::sqrt(r.sigma * r.sigma + tau_sq);
      team_mu[i] += r.mu;
      team_sigma_sq[i] += r.sigma * r.sigma;
    }
  }
  double c_sq = 0;
  for (std::size_t i = 0; i < n; ++i) c_sq += team_sigma_sq[i] + beta_sq;
  const double c = std::sqrt(c_sq);
  const double top_mu = *std::max_element(team_mu.begin(), team_mu.end());

  // e_i, S_q (sum of e over teams ranked at or below q) and a_q (teams tied with q).
  std::vector<double> e(n), sum_q(n, 0.0);
  std::vector<int> tied(n, 0);
  for (std::size_t i = 0; i < n; ++i) e[i] = std::exp((team_mu[i] - top_mu) / c);
  for (std::size_t q = 0; q < n; ++q) {
    for (std::size_t i = 0; i < n; ++i) {
      if (ranks[i] >= ranks[q]) sum_q[q] += e[i];
      if (ranks[i] == ranks[q]) ++tied[q];
    }
  }

  std::vector<Team> out(players);
  for (std::size_t i = 0; i < n; ++i) {
    double omega = 0, delta = 0;
    for (std::size_t q = 0; q < n; ++q) {
      if (ranks[q] > ranks[i]) continue;
      const double quotient = e[i] / sum_q[q];
      omega += ((i == q ? 1.0 : 0.0) - quotient) / tied[q];
      delta += quotient * (1 - quotient) / tied[q];
    }
    const double s = team_sigma_sq[i];
    const double gamma = std::sqrt(s) / c;
    const double team_omega = omega * (s / c);
    const double team_delta = delta * (s / c_sq) * gamma;
    for (std::size_t j = 0; j < out[i].size(); ++j) {
      const Rating& before = players[i][j];
      const double share = before.sigma * before.sigma / s;
      Rating& after = out[i][j];
      after.mu = before.mu + share * team_omega;
      after.sigma = before.sigma * std::sqrt(std::max(1 - share * team_delta, options.kappa));
      if (options.limit_sigma && options.tau > 0) {
        after.sigma = std::min(after.sigma, teams[i][j].sigma);
      }
      if (!std::isfinite(after.mu) || !std::isfinite(after.sigma) || after.sigma <= 0) {
        return error("out_of_range", "team " + std::to_string(i) + " player " + std::to_string(j) +
                                         ": the result is out of range");
      }
    }
  }
  return out;
}

double ordinal(const Rating& rating) { return rating.mu - kOrdinalZ * rating.sigma; }

bool provisional(const Rating& rating) { return rating.sigma > kProvisionalSigma; }

}  // namespace parlor::ratings
