// Seat figures in the store (issue 49; server/store/figure_totals.hpp): the pure
// aggregation by name (sum, max for biggest_/most_, min for lowest_, garbage skipped),
// what a seat's row may keep, then the store on ":memory:", a file and PostgreSQL: each
// seat's figures written with its result and combined per game on the player's page, a
// bad text stored as none without failing the match, and the read's cap per game.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "server/store/figure_totals.hpp"
#include "server/store/postgres/pg_connection.hpp"
#include "server/store/postgres/pg_history_queries.hpp"
#include "server/store/sqlite/database.hpp"
#include "server/store/sqlite/history_queries.hpp"
#include "tests/store/store_backend_test.hpp"
#include "tests/store/store_test_support.hpp"

namespace parlor::server::store {
namespace {

constexpr Millis kT0 = 1795335000123;

// ---- The aggregation alone ----

TEST(FigureTotals, SumsPlainNamesAndKeepsTheMaxOrMinByPrefix) {
  const FigureTotals totals = figure_totals({
      R"({"knocks": 2, "biggest_pot": 40, "most_streak": 3, "lowest_round": 5})",
      R"({"knocks": 3, "biggest_pot": 90, "most_streak": 1, "lowest_round": 2})",
      R"({"knocks": -1, "biggest_pot": 10, "most_streak": 7, "lowest_round": 4})",
  });
  EXPECT_EQ(
      totals,
      (FigureTotals{{"knocks", 4}, {"biggest_pot", 90}, {"most_streak", 7}, {"lowest_round", 2}}));
}

TEST(FigureTotals, AFigureMissingFromSomeMatchesCountsWhereItIs) {
  const FigureTotals totals =
      figure_totals({R"({"lowest_round": 3})", R"({"bids": 1})", R"({"bids": 2})", "{}"});
  EXPECT_EQ(totals, (FigureTotals{{"bids", 3}, {"lowest_round", 3}}));
}

TEST(FigureTotals, SkipsTextsThatAreNotObjectsAndValuesThatAreNotIntegers) {
  const FigureTotals totals = figure_totals({
      "not json",
      "[1, 2]",
      "7",
      "",
      R"({"knocks": 1)",  // cut short
      R"({"knocks": 1.5, "completes": true, "bids": "3", "pots": null, "steals": [1]})",
      R"({"big": 18446744073709551615, "knocks": 2})",  // beyond int64: skipped alone
      R"({"knocks": 5, "completes": 1})",
  });
  EXPECT_EQ(totals, (FigureTotals{{"knocks", 7}, {"completes", 1}}));
}

TEST(FigureTotals, ASumThatWouldOverflowKeepsWhatItHad) {
  const std::string most = std::to_string(std::numeric_limits<std::int64_t>::max());
  const FigureTotals totals =
      figure_totals({"{\"points\": " + most + "}", R"({"points": 1})", R"({"points": -5})"});
  EXPECT_EQ(totals.at("points"), std::numeric_limits<std::int64_t>::max() - 5);
}

TEST(FigureTotals, NothingGivesAnEmptyObject) {
  EXPECT_TRUE(figure_totals({}).empty());
  EXPECT_EQ(figures_json(figure_totals({"garbage"})), Json::object());
  EXPECT_EQ(figures_json({{"knocks", 2}, {"biggest_pot", 9}}),
            (Json{{"biggest_pot", 9}, {"knocks", 2}}));
}

TEST(StorableFigures, KeepsOneJsonObjectWithinTheCapAndNothingElse) {
  EXPECT_EQ(storable_figures(R"({"knocks":2})"), R"({"knocks":2})");
  EXPECT_EQ(storable_figures("{}"), "{}");
  EXPECT_FALSE(storable_figures(""));
  EXPECT_FALSE(storable_figures("[1]"));
  EXPECT_FALSE(storable_figures("{\"knocks\": 2"));
  EXPECT_FALSE(storable_figures("{\"bad\": \"\xff\xfe\"}"));  // not UTF-8
  const std::string long_name(kMaxFiguresText, 'k');
  EXPECT_FALSE(storable_figures("{\"" + long_name + "\": 1}"));
}

// ---- The store ----

class FiguresInTheStore : public testing::StoreBackendTest {
 protected:
  void SetUp() override {
    StoreBackendTest::SetUp();
    if (IsSkipped()) return;
    for (const char* id : {"pann", "pbob"}) store_->save_player(testing::player(id, id + 1, kT0));
  }
  void TearDown() override {
    if (store_) {
      EXPECT_EQ(store_->stats().write_errors, 0u);
    }
  }
  // A finished match of Ann and Bob (seats 0 and 1) with these figures texts.
  void play(const std::string& id, const std::string& game, Millis at,
            const std::vector<std::string>& figures) {
    store_->match_started(testing::match(id, game, at, {"ann", "bob"}));
    std::vector<SeatResult> seats;
    for (std::size_t s = 0; s < figures.size(); ++s) {
      seats.push_back({.seat = static_cast<int>(s),
                       .score = 1.0,
                       .placing = static_cast<int>(s) + 1,
                       .left = false,
                       .figures = figures[s]});
    }
    store_->match_ended(id, at + 1000, Json{{"placings", {1, 2}}}, seats);
  }
  Json games_of(const std::string& player) {
    store_->flush();
    auto profile = store_->player_profile_by_id(player);
    return profile ? (*profile)["games"] : Json();
  }
};

INSTANTIATE_TEST_SUITE_P(Backends, FiguresInTheStore, ::testing::ValuesIn(testing::kBackends),
                         [](const auto& info) { return info.param; });

TEST_P(FiguresInTheStore, EachSeatsFiguresAreCombinedPerGameOnItsPlayersPage) {
  play("m1", "perico", kT0, {R"({"knocks":2,"completes":1})", R"({"knocks":5})"});
  play("m2", "perico", kT0 + 10, {R"({"knocks":1,"completes":0})", R"({"knocks":1})"});
  play("m3", "loc", kT0 + 20, {R"({"pots_taken":3,"biggest_pot":40})", R"({"pots_taken":1})"});
  play("m4", "loc", kT0 + 30, {R"({"pots_taken":1,"biggest_pot":25})", "{}"});
  const Json ann = games_of("pann");
  EXPECT_EQ(ann["perico"]["figures"], (Json{{"knocks", 3}, {"completes", 1}}));
  EXPECT_EQ(ann["loc"]["figures"], (Json{{"pots_taken", 4}, {"biggest_pot", 40}}));
  const Json bob = games_of("pbob");
  EXPECT_EQ(bob["perico"]["figures"], (Json{{"knocks", 6}}));
  EXPECT_EQ(bob["loc"]["figures"], (Json{{"pots_taken", 1}}));
  EXPECT_EQ(bob["loc"]["matches"], 2);  // the match without figures still counts as played
}

TEST_P(FiguresInTheStore, MatchesWithoutFiguresGiveAnEmptyObject) {
  play("m1", "perico", kT0, {"", ""});
  EXPECT_EQ(games_of("pann")["perico"]["figures"], Json::object());
  EXPECT_EQ(games_of("pann")["perico"]["matches"], 1);
}

TEST_P(FiguresInTheStore, ABadFiguresTextIsKeptAsNoneAndTheMatchStillEnds) {
  const std::string oversized = "{\"k\":\"" + std::string(kMaxFiguresText, 'x') + "\"}";
  play("m1", "perico", kT0, {"{\"knocks\": \"\xff\xfe\"}", oversized});
  play("m2", "perico", kT0 + 10, {R"({"knocks":4})", R"({"knocks":2})"});
  EXPECT_EQ(games_of("pann")["perico"]["figures"], (Json{{"knocks", 4}}));
  EXPECT_EQ(games_of("pbob")["perico"]["figures"], (Json{{"knocks", 2}}));
  auto record = store_->match_record("m1");
  ASSERT_TRUE(record);
  EXPECT_EQ((*record)["status"], "over");
  EXPECT_EQ(games_of("pann")["perico"]["matches"], 2);
}

TEST_P(FiguresInTheStore, AnEndWrittenTwiceCountsOnce) {
  play("m1", "perico", kT0, {R"({"knocks":2})", R"({"knocks":1})"});
  play("m1", "perico", kT0, {R"({"knocks":2})", R"({"knocks":1})"});
  EXPECT_EQ(games_of("pann")["perico"]["figures"], (Json{{"knocks", 2}}));
}

TEST_P(FiguresInTheStore, TheReadKeepsTheLatestMatchesOfEachGame) {
  if (GetParam() == "Memory") GTEST_SKIP() << "the rows are read on a second connection";
  for (int m = 0; m < 4; ++m) {
    const std::string text = "{\"knocks\":" + std::to_string(m) + "}";
    play("mp" + std::to_string(m), "perico", kT0 + 100 * m, {text, "{}"});
  }
  play("ml", "loc", kT0 + 50, {R"({"pots_taken":1})", "{}"});
  store_->flush();
  auto rows_of = [](StoreReads& reads) {
    std::vector<std::string> seen;
    for (const FigureRow& row : reads.player_figures("pann", 2)) {
      seen.push_back(row.game + " " + row.figures);
    }
    return seen;
  };
  std::vector<std::string> rows;
  if (GetParam() == "Postgres") {
    auto connection = pg::Connection::connect(path_);
    rows = rows_of(*pg::pg_reads(connection));
  } else {
    sql::Database db(path_);
    rows = rows_of(*sqlite_reads(db));
  }
  EXPECT_EQ(rows, (std::vector<std::string>{R"(loc {"pots_taken":1})", R"(perico {"knocks":3})",
                                            R"(perico {"knocks":2})"}));
}

}  // namespace
}  // namespace parlor::server::store
