// Ratings: the Weng-Lin Bayesian model (Weng and Lin, "A Bayesian Approximation Method
// for Online Ranking", JMLR 12:267-300, 2011) as the npm package openskill 5.0.1
// implements its default model, PlackettLuce; tests/ratings checks every value against
// that package's (tests/ratings/reference/cases.json, to 1e-6). A pure library: no
// server, store, clock or I/O; the server and `parlor rate` both call rate().
//
// A rating is a normal belief N(mu, sigma^2) about a player's skill; a new player is
// mu 25, sigma 25/3. A match is a list of teams (a free-for-all game is teams of one)
// and each team's rank, lower is better, equal ranks tie (any ints: 1,2,2,4 or 0,5,5,9).
// A team's mu is the sum of its members' mu, its sigma^2 the sum of their sigma^2.
//
// rate(), as openskill's rate() with its defaults:
//   1. Every player's sigma becomes sqrt(sigma^2 + tau^2) (tau = 25/300: skill drifts,
//      so a belief never becomes certain).
//   2. c = sqrt(sum over teams of (team sigma^2 + beta^2)), beta = 25/6 (sigma/2).
//      For team i, with e_i = exp(mu_i / c), a_q the number of teams tied with q and
//      S_q the sum of e over the teams ranked at or below q (rank >= rank of q):
//        omega_i = sum over q ranked at or above i of ([i == q] - e_i / S_q) / a_q
//        delta_i = sum over the same q of (e_i / S_q)(1 - e_i / S_q) / a_q
//      (Plackett-Luce on the finishing order; ties share a place, Weng-Lin's "a_q").
//   3. A member with (mu, sigma) of team i (team sigma^2 = s_i) gets
//        mu    + sigma^2 / s_i * omega_i * s_i / c
//        sigma * sqrt(max(1 - sigma^2 / s_i * delta_i * s_i / c^2 * gamma_i, kappa))
//      with gamma_i = sqrt(s_i) / c (openskill's default gamma) and kappa = 0.0001, the
//      floor that keeps a sigma positive.
//   4. No sigma limit by default (openskill's limitSigma is false): with tau a sigma can
//      grow slightly when a match teaches nothing. Options::limit_sigma keeps each new
//      sigma at most the old one, as openskill's limitSigma does.
// The exponentials are taken of (mu - the largest team mu) / c, which leaves every
// quotient e_i / S_q unchanged and cannot overflow (the package's own form overflows
// beyond team mu of about 700 c); the results agree to rounding.
//
// What the model guarantees (tests/ratings/ratings_test.cpp checks each):
// - A sole winner's mu never falls and a sole last's never rises. A winner's *ordinal*
//   can fall, by a little: when the winner was the heavy favourite the match teaches
//   almost nothing and tau's step 1 grows sigma more than the win shrinks it (60/0.5
//   beating 5/0.5: mu +0.000004, sigma 0.5 -> 0.507, ordinal -0.02). A player tied for
//   first can lose mu (a strong player who only ties with a weak one did worse than
//   expected).
// - Equal players in a two-player match move by equal and opposite amounts; a tie
//   between equal players moves no mu; the order teams are listed in changes nothing.
//
// Shown rating: ordinal() = mu - 3 sigma (openskill's ordinal, z = 3): a new player
// shows 0 and climbs as sigma shrinks. Provisional: sigma > kProvisionalSigma = 5.0.
// Why 5: a newcomer playing settled players (sigma 3) with mixed results falls below it
// after about 14 two-player, 13 four-player or 19 six-player matches (measured with
// openskill, and the two-player case in ratings_test.cpp): a few club nights, the 10 to
// 20 games in which most rating systems still call a player new. By then the -3 sigma
// term is 15 points instead of 25, so the ordinal is mostly about mu, not about having
// played little; a tighter bound (4) would take over 20 two-player matches.
//
// Error codes (Expected<>; never an exception or an assert):
//   too_few_teams   fewer than two teams
//   ranks_mismatch  ranks.size() != teams.size()
//   empty_team      a team without players
//   bad_rating      a mu that is not finite, a sigma that is not finite or <= 0
//   bad_options     beta not finite or <= 0, tau not finite or < 0, kappa not in (0, 1]
//   out_of_range    a result that is not finite (ratings beyond ~1e150)
#pragma once

#include <vector>

#include "engine/core/expected.hpp"

namespace parlor::ratings {

inline constexpr double kDefaultMu = 25.0;
inline constexpr double kDefaultSigma = 25.0 / 3.0;
inline constexpr double kOrdinalZ = 3.0;
inline constexpr double kProvisionalSigma = 5.0;

struct Rating {
  double mu = kDefaultMu;
  double sigma = kDefaultSigma;
};

// openskill's options of the same names; the defaults are the package's.
struct Options {
  double beta = kDefaultSigma / 2.0;
  double tau = kDefaultMu / 300.0;
  double kappa = 0.0001;
  bool limit_sigma = false;
};

using Team = std::vector<Rating>;

// The teams' new ratings, in the order and shape given. ranks[i] is team i's place,
// lower is better, equal is a tie.
Expected<std::vector<Team>> rate(const std::vector<Team>& teams, const std::vector<int>& ranks,
                                 const Options& options = {});

// The shown rating, mu - 3 sigma.
double ordinal(const Rating& rating);

// Still settling: sigma > kProvisionalSigma.
bool provisional(const Rating& rating);

}  // namespace parlor::ratings
