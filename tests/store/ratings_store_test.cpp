// Ratings in the store (issue 49; server/store/match_rating.hpp, rating_step.hpp): the
// pure rule that turns a finished match's seats into rating changes, then the store on
// ":memory:", a file and PostgreSQL: a rated match's end rates its humans in the same
// transaction, a casual one changes nothing, a replayed end counts once, a leaver is
// ranked last, the pages show the ratings, a recomputation from the history gives the
// same values, and two stores on one database never lose an update.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <thread>
#include <vector>

#include "engine/ratings/ratings.hpp"
#include "server/store/match_rating.hpp"
#include "tests/store/store_backend_test.hpp"
#include "tests/store/store_test_support.hpp"

namespace parlor::server::store {
namespace {

using ratings::Rating;

constexpr Millis kT0 = 1795335000123;

RatedSeat human(int seat, const std::string& id, int placing, int team = -1, bool left = false) {
  return RatedSeat{seat, true, id, "", placing, team, left};
}
RatedSeat bot(int seat, const std::string& level, int placing, int team = -1) {
  return RatedSeat{seat, false, "", level, placing, team, false};
}
Rating fresh(const std::string&) { return Rating{}; }

// ---- The rule alone ----

TEST(MatchRating, AFreeForAllRatesEveryHumanByPlacingAndLeavesBotsOut) {
  auto changes = rate_match({human(0, "a", 2), human(1, "b", 1), bot(2, "sensible", 3)}, fresh);
  ASSERT_TRUE(changes.ok());
  ASSERT_EQ(changes->size(), 2u);  // the bot is not rated
  EXPECT_EQ((*changes)[0].player_id, "a");
  EXPECT_EQ((*changes)[1].player_id, "b");
  EXPECT_EQ((*changes)[1].place, 1);
  // The same as the model given the bot's reference rating.
  auto expected = ratings::rate({{Rating{}}, {Rating{}}, {bot_reference("sensible")}}, {2, 1, 3});
  ASSERT_TRUE(expected.ok());
  EXPECT_DOUBLE_EQ((*changes)[0].after.mu, (*expected)[0][0].mu);
  EXPECT_DOUBLE_EQ((*changes)[1].after.mu, (*expected)[1][0].mu);
  EXPECT_GT((*changes)[1].after.mu, 25.0);
  EXPECT_LT((*changes)[0].after.mu, (*changes)[1].after.mu);
}

TEST(MatchRating, ALeaverIsRankedLastWhateverTheScore) {
  auto changes = rate_match({human(0, "a", 1, -1, true), human(1, "b", 2)}, fresh);
  ASSERT_TRUE(changes.ok());
  ASSERT_EQ(changes->size(), 2u);
  EXPECT_LT((*changes)[0].after.mu, 25.0);  // a led on points but left
  EXPECT_EQ((*changes)[0].place, 3);
  EXPECT_GT((*changes)[1].after.mu, 25.0);
}

TEST(MatchRating, PartnersAreOneTeamAndALeaversPartnerKeepsTheirRating) {
  // Pedro: seats 0 and 2 against 1 and 3; partners share a placing.
  auto teams = rate_match(
      {human(0, "a", 1, 0), human(1, "b", 2, 1), human(2, "c", 1, 0), human(3, "d", 2, 1)}, fresh);
  ASSERT_TRUE(teams.ok());
  ASSERT_EQ(teams->size(), 4u);
  auto expected = ratings::rate({{Rating{}, Rating{}}, {Rating{}, Rating{}}}, {1, 2});
  ASSERT_TRUE(expected.ok());
  EXPECT_DOUBLE_EQ((*teams)[0].after.mu, (*expected)[0][0].mu);  // a
  EXPECT_DOUBLE_EQ((*teams)[1].after.mu, (*expected)[1][0].mu);  // b

  auto left = rate_match({human(0, "a", 1, 0, true), human(1, "b", 2, 1), human(2, "c", 1, 0),
                          bot(3, "sensible", 2, 1)},
                         fresh);
  ASSERT_TRUE(left.ok());
  std::vector<std::string> rated;
  for (const RatingChange& change : *left) rated.push_back(change.player_id);
  EXPECT_EQ(rated, (std::vector<std::string>{"a", "b"}));  // c, a's partner, is not rated
  EXPECT_LT((*left)[0].after.mu, 25.0);
  EXPECT_GT((*left)[1].after.mu, 25.0);
}

TEST(MatchRating, NoHumanNoChangeAndBotLevelsHaveOrderedReferences) {
  auto changes = rate_match({bot(0, "random", 1), bot(1, "expert", 2)}, fresh);
  ASSERT_TRUE(changes.ok());
  EXPECT_TRUE(changes->empty());
  EXPECT_LT(bot_reference("random").mu, bot_reference("sensible").mu);
  EXPECT_LT(bot_reference("sensible").mu, bot_reference("expert").mu);
  EXPECT_EQ(bot_reference("unknown").mu, bot_reference("sensible").mu);
}

// ---- In the store ----

class RatingsInTheStore : public testing::StoreBackendTest {
 protected:
  void SetUp() override {
    StoreBackendTest::SetUp();
    if (IsSkipped()) return;
    for (const char* id : {"pann", "pbob", "pcid", "pdee"}) {
      store_->save_player(testing::player(id, id + 1, kT0));
    }
  }
  void TearDown() override {
    if (store_) {
      EXPECT_EQ(store_->stats().write_errors, 0u);
    }
  }
  // A finished match of `names` ("bot..." a bot) with these placings.
  void play(Store& store, const std::string& id, const std::vector<std::string>& names,
            const std::vector<int>& placings, bool rated, Millis at,
            const std::vector<bool>& left = {}) {
    MatchStart start = testing::match(id, "perico", at, names);
    start.rated = rated;
    store.match_started(start);
    std::vector<SeatResult> seats;
    for (std::size_t s = 0; s < names.size(); ++s) {
      seats.push_back(
          {static_cast<int>(s), 10.0 - placings[s], placings[s], s < left.size() && left[s], {}});
    }
    store.match_ended(id, at + 1000, Json{{"placings", placings}}, seats, rated);
  }
  Json ratings_of(const std::string& player) {
    store_->flush();
    auto profile = store_->player_profile_by_id(player);
    return profile ? profile->value("ratings", Json::object()) : Json();
  }
};

INSTANTIATE_TEST_SUITE_P(Backends, RatingsInTheStore, ::testing::ValuesIn(testing::kBackends),
                         [](const auto& info) { return info.param; });

TEST_P(RatingsInTheStore, ARatedMatchRatesItsHumansAndThePagesShowIt) {
  play(*store_, "m1", {"ann", "bob", "bot1"}, {1, 2, 3}, true, kT0);
  store_->flush();
  Json board = store_->leaderboard("perico");
  ASSERT_EQ(board["ratings"].size(), 2u) << board.dump();
  EXPECT_EQ(board["ratings"][0]["player"], "pann");  // the winner first
  EXPECT_EQ(board["ratings"][0]["matches"], 1);
  EXPECT_EQ(board["ratings"][0]["provisional"], true);
  EXPECT_EQ(board["players"].size(), 2u);  // the wins table is still there

  auto expected = ratings::rate({{Rating{}}, {Rating{}}, {bot_reference("sensible")}}, {1, 2, 3});
  ASSERT_TRUE(expected.ok());
  Json ann = ratings_of("pann")["perico"];
  EXPECT_NEAR(ann["mu"].get<double>(), (*expected)[0][0].mu, 1e-3);
  EXPECT_NEAR(ann["sigma"].get<double>(), (*expected)[0][0].sigma, 1e-3);
  ASSERT_EQ(ann["history"].size(), 1u);
  EXPECT_EQ(ann["history"][0]["match"], "m1");
  EXPECT_EQ(ann["history"][0]["place"], 1);
  EXPECT_NEAR(ann["rating"].get<double>(), ratings::ordinal((*expected)[0][0]), 1e-2);
  auto profile = store_->player_profile_by_id("pbob");
  ASSERT_TRUE(profile);
  EXPECT_EQ((*profile)["games"]["perico"]["average_place"], 2.0);
  EXPECT_EQ(store_->leaderboard("")["ratings"], Json::array());
}

TEST_P(RatingsInTheStore, ACasualMatchChangesNoRating) {
  play(*store_, "m1", {"ann", "bob"}, {1, 2}, false, kT0);
  store_->flush();
  EXPECT_EQ(store_->leaderboard("perico")["ratings"], Json::array());
  EXPECT_EQ(ratings_of("pann"), Json::object());
}

TEST_P(RatingsInTheStore, AnEndWrittenTwiceCountsOnce) {
  play(*store_, "m1", {"ann", "bob"}, {1, 2}, true, kT0);
  store_->match_ended("m1", kT0 + 2000, Json{{"placings", {1, 2}}},
                      {{0, 9.0, 1, false, {}}, {1, 8.0, 2, false, {}}}, true);
  Json ann = ratings_of("pann")["perico"];
  EXPECT_EQ(ann["matches"], 1);
  EXPECT_EQ(ann["history"].size(), 1u);
}

TEST_P(RatingsInTheStore, ALeaverLosesEvenWhenAheadOnPoints) {
  play(*store_, "m1", {"ann", "bob"}, {1, 2}, true, kT0, {true, false});
  EXPECT_LT(ratings_of("pann")["perico"]["mu"].get<double>(), 25.0);
  EXPECT_GT(ratings_of("pbob")["perico"]["mu"].get<double>(), 25.0);
  EXPECT_EQ(ratings_of("pann")["perico"]["history"][0]["place"], 3);
}

TEST_P(RatingsInTheStore, ARecomputationFromTheHistoryGivesTheSameRatings) {
  play(*store_, "m1", {"ann", "bob", "cid"}, {1, 2, 3}, true, kT0);
  play(*store_, "m2", {"bob", "cid", "bot1"}, {1, 1, 3}, true, kT0 + 10000);
  play(*store_, "m3", {"cid", "ann"}, {1, 2}, false, kT0 + 20000);  // casual
  play(*store_, "m4", {"dee", "ann", "bob"}, {2, 1, 3}, true, kT0 + 30000, {false, false, true});
  store_->flush();
  const Json before = store_->leaderboard("perico")["ratings"];
  ASSERT_EQ(before.size(), 4u);
  store_->ratings_recomputed();
  store_->flush();
  EXPECT_EQ(store_->leaderboard("perico")["ratings"], before);
  EXPECT_EQ(ratings_of("pann")["perico"]["history"].size(), 2u);  // m1, m4; m3 was casual
}

TEST_P(RatingsInTheStore, TwoStoresOnOneDatabaseLoseNoUpdate) {
  if (GetParam() == "Memory") GTEST_SKIP() << "one in-memory database per store";
  auto second = testing::open_store(path_);
  // Twenty identical wins against a bot, ten through each store at once: in whatever
  // order they commit, each must start from the rating the one before left.
  constexpr int kEach = 10;
  auto run = [&](Store& store, const std::string& prefix) {
    for (int m = 0; m < kEach; ++m) {
      play(store, prefix + std::to_string(m), {"ann", "bot1"}, {1, 2}, true, kT0 + m * 1000);
    }
    store.flush();
  };
  std::thread other([&] { run(*second, "n"); });
  run(*store_, "m");
  other.join();
  EXPECT_EQ(second->stats().write_errors, 0u);
  Rating expected;
  for (int m = 0; m < 2 * kEach; ++m) {
    auto next = ratings::rate({{expected}, {bot_reference("sensible")}}, {1, 2});
    ASSERT_TRUE(next.ok());
    expected = (*next)[0][0];
  }
  Json ann = ratings_of("pann")["perico"];
  EXPECT_EQ(ann["matches"], 2 * kEach);
  EXPECT_NEAR(ann["mu"].get<double>(), expected.mu, 1e-3);
  EXPECT_NEAR(ann["sigma"].get<double>(), expected.sigma, 1e-3);
}

}  // namespace
}  // namespace parlor::server::store
