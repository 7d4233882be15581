// The rating model against the reference implementation (the npm package openskill,
// reference/cases.json: every mu and sigma within 1e-6) and its properties.
#include "engine/ratings/ratings.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/built_paths.hpp"

namespace parlor::ratings {
namespace {

using nlohmann::json;

constexpr double kTolerance = 1e-6;

json fixture() {
  const std::string path = testing::tests_source_dir() + "/ratings/reference/cases.json";
  std::ifstream in(path);
  EXPECT_TRUE(in) << "cannot read " << path;
  std::stringstream text;
  text << in.rdbuf();
  return json::parse(text.str());
}

Rating rating_of(const json& value) {
  return Rating{value.at("mu").get<double>(), value.at("sigma").get<double>()};
}

Options options_of(const json& c) {
  Options options;
  if (!c.contains("options")) return options;
  const json& o = c.at("options");
  if (o.contains("tau")) options.tau = o.at("tau").get<double>();
  if (o.contains("beta")) options.beta = o.at("beta").get<double>();
  if (o.contains("kappa")) options.kappa = o.at("kappa").get<double>();
  if (o.contains("limitSigma")) options.limit_sigma = o.at("limitSigma").get<bool>();
  return options;
}

double max_error = 0;

void expect_near(const Rating& got, const Rating& want, const std::string& where) {
  EXPECT_NEAR(got.mu, want.mu, kTolerance) << where;
  EXPECT_NEAR(got.sigma, want.sigma, kTolerance) << where;
  max_error = std::max({max_error, std::abs(got.mu - want.mu), std::abs(got.sigma - want.sigma)});
}

TEST(RatingsReference, EveryCaseMatchesOpenskill) {
  const json cases = fixture();
  ASSERT_GE(cases.at("matches").get<int>(), 60);
  int checked = 0;
  for (const json& c : cases.at("cases")) {
    std::vector<Team> teams;
    for (const json& team : c.at("teams")) {
      teams.emplace_back();
      for (const json& player : team) teams.back().push_back(rating_of(player));
    }
    auto rated = rate(teams, c.at("ranks").get<std::vector<int>>(), options_of(c));
    const std::string name = c.at("name").get<std::string>();
    ASSERT_TRUE(rated.ok()) << name << ": " << rated.error().message;
    const json& expected = c.at("expected");
    ASSERT_EQ(rated->size(), expected.size()) << name;
    for (std::size_t t = 0; t < expected.size(); ++t) {
      ASSERT_EQ((*rated)[t].size(), expected[t].size()) << name;
      for (std::size_t p = 0; p < expected[t].size(); ++p) {
        expect_near((*rated)[t][p], rating_of(expected[t][p]),
                    name + " team " + std::to_string(t) + " player " + std::to_string(p));
      }
    }
    ++checked;
  }
  EXPECT_EQ(checked, static_cast<int>(cases.at("cases").size()));
  std::cout << "[ ratings ] " << checked << " single matches, largest difference " << max_error
            << "\n";
}

// Ratings carry over: each match starts from this implementation's own results.
TEST(RatingsReference, SequencesCarryRatingsOver) {
  const json cases = fixture();
  int checked = 0;
  double worst = 0;
  for (const json& sequence : cases.at("sequences")) {
    std::map<std::string, Rating> current;
    for (const auto& [id, value] : sequence.at("players").items()) current[id] = rating_of(value);
    const std::string name = sequence.at("name").get<std::string>();
    int m = 0;
    for (const json& match : sequence.at("matches")) {
      std::vector<Team> teams;
      for (const json& team : match.at("teams")) {
        teams.emplace_back();
        for (const json& id : team) teams.back().push_back(current.at(id.get<std::string>()));
      }
      auto rated = rate(teams, match.at("ranks").get<std::vector<int>>());
      ASSERT_TRUE(rated.ok()) << name << " match " << m << ": " << rated.error().message;
      const json& team_ids = match.at("teams");
      for (std::size_t t = 0; t < team_ids.size(); ++t) {
        for (std::size_t p = 0; p < team_ids[t].size(); ++p) {
          const std::string id = team_ids[t][p].get<std::string>();
          current[id] = (*rated)[t][p];
          const Rating want = rating_of(match.at("after").at(id));
          expect_near(current[id], want, name + " match " + std::to_string(m) + " " + id);
          worst = std::max({worst, std::abs(current[id].mu - want.mu),
                            std::abs(current[id].sigma - want.sigma)});
        }
      }
      ++m;
      ++checked;
    }
  }
  EXPECT_GE(checked, 30);
  std::cout << "[ ratings ] " << checked << " matches in sequences, largest difference " << worst
            << "\n";
}

// --- Properties ---

Team solo(double mu, double sigma) { return Team{Rating{mu, sigma}}; }

std::vector<Team> rated_ok(const std::vector<Team>& teams, const std::vector<int>& ranks,
                           const Options& options = {}) {
  auto rated = rate(teams, ranks, options);
  EXPECT_TRUE(rated.ok()) << (rated.ok() ? "" : rated.error().message);
  return rated.ok() ? *rated : std::vector<Team>{};
}

// A fixed generator, so every run checks the same matches.
struct Lcg {
  unsigned long long state = 49;
  double next() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(state >> 11) / 9007199254740992.0;
  }
  int below(int n) { return static_cast<int>(next() * n); }
};

TEST(RatingsProperties, SoleWinnerNeverLosesMuAndSoleLastNeverGains) {
  Lcg random;
  for (int trial = 0; trial < 2000; ++trial) {
    const int n = 2 + random.below(9);
    std::vector<Team> teams;
    std::vector<int> ranks;
    for (int i = 0; i < n; ++i) {
      Team team;
      const int size = 1 + random.below(3);
      for (int k = 0; k < size; ++k) {
        team.push_back(Rating{random.next() * 80 - 20, 0.2 + random.next() * 12});
      }
      teams.push_back(team);
      ranks.push_back(2 + random.below(n));  // ties likely
    }
    const int winner = random.below(n);
    const int last = (winner + 1 + random.below(n - 1)) % n;
    ranks[winner] = 1;
    ranks[last] = n + 2;
    const auto rated = rated_ok(teams, ranks);
    ASSERT_EQ(rated.size(), teams.size());
    for (std::size_t k = 0; k < teams[winner].size(); ++k) {
      EXPECT_GE(rated[winner][k].mu, teams[winner][k].mu) << "trial " << trial;
    }
    for (std::size_t k = 0; k < teams[last].size(); ++k) {
      EXPECT_LE(rated[last][k].mu, teams[last][k].mu) << "trial " << trial;
    }
  }
}

// The ordinal of a winner among equals always rises; a heavy favourite's can dip, because
// tau grows sigma more than a win that teaches nothing shrinks it (ratings.hpp).
TEST(RatingsProperties, WinnerOrdinalRisesAmongEqualsButAHeavyFavouritesCanDip) {
  for (int n = 2; n <= 10; ++n) {
    std::vector<Team> teams(n, solo(kDefaultMu, kDefaultSigma));
    std::vector<int> ranks;
    for (int i = 0; i < n; ++i) ranks.push_back(i + 1);
    const auto rated = rated_ok(teams, ranks);
    EXPECT_GT(ordinal(rated[0][0]), ordinal(teams[0][0])) << n << " players";
  }
  const auto favourite = rated_ok({solo(60, 0.5), solo(5, 0.5)}, {1, 2});
  EXPECT_GT(favourite[0][0].mu, 60.0);
  EXPECT_LT(ordinal(favourite[0][0]), ordinal(Rating{60, 0.5}));
  EXPECT_GT(favourite[0][0].sigma, 0.5);
  // With limit_sigma (openskill's limitSigma) the dip cannot happen.
  Options limited;
  limited.limit_sigma = true;
  const auto capped = rated_ok({solo(60, 0.5), solo(5, 0.5)}, {1, 2}, limited);
  EXPECT_GE(ordinal(capped[0][0]), ordinal(Rating{60, 0.5}));
}

// A strong player who only ties for first with a weak one did worse than expected.
TEST(RatingsProperties, ATiedFirstCanLoseMu) {
  const auto rated = rated_ok({solo(45, 3), solo(15, 3), solo(20, 6)}, {1, 1, 2});
  EXPECT_LT(rated[0][0].mu, 45.0);
  EXPECT_GT(rated[1][0].mu, 15.0);
}

TEST(RatingsProperties, EqualPlayersGainAndLoseSymmetrically) {
  for (const Rating start : {Rating{}, Rating{31.5, 2.25}, Rating{-4, 11}}) {
    const auto rated = rated_ok({solo(start.mu, start.sigma), solo(start.mu, start.sigma)}, {1, 2});
    const double gain = rated[0][0].mu - start.mu;
    const double loss = start.mu - rated[1][0].mu;
    EXPECT_GT(gain, 0);
    EXPECT_NEAR(gain, loss, 1e-12);
    EXPECT_NEAR(rated[0][0].sigma, rated[1][0].sigma, 1e-12);
  }
  const Team pair{Rating{}, Rating{}};
  const auto teams = rated_ok({pair, pair}, {2, 1});
  EXPECT_NEAR(teams[1][0].mu - kDefaultMu, kDefaultMu - teams[0][1].mu, 1e-12);
}

TEST(RatingsProperties, ATieBetweenEqualPlayersChangesNoMu) {
  for (int n = 2; n <= 10; ++n) {
    const Rating start{27.25, 4.5};
    std::vector<Team> teams(n, solo(start.mu, start.sigma));
    const auto rated = rated_ok(teams, std::vector<int>(n, 3));
    for (const Team& team : rated) {
      EXPECT_NEAR(team[0].mu, start.mu, 1e-12) << n << " players";
      EXPECT_LT(team[0].sigma, start.sigma);
    }
  }
  const Team pair{Rating{}, Rating{}};
  const auto teams = rated_ok({pair, pair}, {1, 1});
  for (const Team& team : teams) {
    for (const Rating& r : team) EXPECT_NEAR(r.mu, kDefaultMu, 1e-12);
  }
}

TEST(RatingsProperties, TheOrderTeamsAreListedInChangesNothing) {
  Lcg random;
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 2 + random.below(7);
    std::vector<Team> teams;
    std::vector<int> ranks;
    for (int i = 0; i < n; ++i) {
      Team team;
      for (int k = 0, size = 1 + random.below(3); k < size; ++k) {
        team.push_back(Rating{random.next() * 50, 0.5 + random.next() * 8});
      }
      teams.push_back(team);
      ranks.push_back(random.below(n));
    }
    std::vector<int> order(n);
    for (int i = 0; i < n; ++i) order[i] = i;
    for (int i = n - 1; i > 0; --i) std::swap(order[i], order[random.below(i + 1)]);
    std::vector<Team> shuffled;
    std::vector<int> shuffled_ranks;
    for (int i : order) {
      shuffled.push_back(teams[i]);
      shuffled_ranks.push_back(ranks[i]);
    }
    const auto a = rated_ok(teams, ranks);
    const auto b = rated_ok(shuffled, shuffled_ranks);
    for (int k = 0; k < n; ++k) {
      const Team& x = a[order[k]];
      const Team& y = b[k];
      for (std::size_t p = 0; p < x.size(); ++p) {
        EXPECT_NEAR(x[p].mu, y[p].mu, 1e-9) << "trial " << trial;
        EXPECT_NEAR(x[p].sigma, y[p].sigma, 1e-9) << "trial " << trial;
      }
    }
  }
}

// Far beyond where openskill's own exp(mu / c) overflows, the update still works.
TEST(RatingsProperties, HugeRatingsDoNotOverflow) {
  const auto rated = rated_ok({solo(1e6, 1), solo(-1e6, 1)}, {2, 1});
  EXPECT_LT(rated[0][0].mu, 1e6);
  EXPECT_GT(rated[1][0].mu, -1e6);
  EXPECT_TRUE(std::isfinite(rated[0][0].sigma));
}

TEST(RatingsProperties, OrdinalAndProvisional) {
  EXPECT_DOUBLE_EQ(ordinal(Rating{}), 0.0);
  EXPECT_DOUBLE_EQ(ordinal(Rating{30, 2}), 24.0);
  EXPECT_TRUE(provisional(Rating{}));
  EXPECT_TRUE(provisional(Rating{25, 5.01}));
  EXPECT_FALSE(provisional(Rating{25, 5.0}));
  // A newcomer against settled players (sigma 3), winning and losing in turn, stops
  // being provisional after between 10 and 20 two-player matches.
  Rating me;
  int matches = 0;
  while (provisional(me) && matches < 100) {
    const auto rated = rated_ok({Team{me}, solo(25, 3)},
                                matches % 2 ? std::vector<int>{1, 2} : std::vector<int>{2, 1});
    me = rated[0][0];
    ++matches;
  }
  EXPECT_GE(matches, 10);
  EXPECT_LE(matches, 20);
}

// --- Bad input: an error with a stable code, never an exception or an assert ---

std::string code_of(const std::vector<Team>& teams, const std::vector<int>& ranks,
                    const Options& options = {}) {
  auto rated = rate(teams, ranks, options);
  return rated.ok() ? "ok" : rated.error().code;
}

TEST(RatingsErrors, BadInputHasAStableCode) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(code_of({solo(25, 8), solo(25, 8)}, {1, 2}), "ok");
  EXPECT_EQ(code_of({solo(25, 8), solo(25, 8)}, {1}), "ranks_mismatch");
  EXPECT_EQ(code_of({solo(25, 8), solo(25, 8)}, {1, 2, 3}), "ranks_mismatch");
  EXPECT_EQ(code_of({solo(25, 8), Team{}}, {1, 2}), "empty_team");
  EXPECT_EQ(code_of({solo(25, 8)}, {1}), "too_few_teams");
  EXPECT_EQ(code_of({}, {}), "too_few_teams");
  EXPECT_EQ(code_of({solo(nan, 8), solo(25, 8)}, {1, 2}), "bad_rating");
  EXPECT_EQ(code_of({solo(25, nan), solo(25, 8)}, {1, 2}), "bad_rating");
  EXPECT_EQ(code_of({solo(inf, 8), solo(25, 8)}, {1, 2}), "bad_rating");
  EXPECT_EQ(code_of({solo(25, 0), solo(25, 8)}, {1, 2}), "bad_rating");
  EXPECT_EQ(code_of({solo(25, -1), solo(25, 8)}, {1, 2}), "bad_rating");
  EXPECT_EQ(code_of({solo(25, 8), solo(25, 8)}, {1, 2}, Options{.beta = 0}), "bad_options");
  EXPECT_EQ(code_of({solo(25, 8), solo(25, 8)}, {1, 2}, Options{.tau = -1}), "bad_options");
  EXPECT_EQ(code_of({solo(25, 8), solo(25, 8)}, {1, 2}, Options{.kappa = nan}), "bad_options");
  EXPECT_EQ(code_of({solo(1e300, 1e200), solo(-1e300, 1e200)}, {1, 2}), "out_of_range");
}

}  // namespace
}  // namespace parlor::ratings
