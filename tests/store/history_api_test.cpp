// The history API's JSON (persistence spec): match records and the secrecy of live
// matches, listing and paging, the leaderboard's arithmetic, player profiles.
#include <gtest/gtest.h>

#include <set>

#include "server/store/sqlite/history_queries.hpp"
#include "server/store/time_format.hpp"
#include "tests/store/store_test_support.hpp"

namespace parlor::server::store {
namespace {

using testing::match;
using testing::player;

constexpr Millis kT0 = 1795335000123;  // 2026-11-22T08:10:00.123Z

std::set<std::string> keys(const Json& object) {
  std::set<std::string> names;
  for (const auto& item : object.items()) names.insert(item.key());
  return names;
}

// Ends `id` with one score per seat; placings in the same order.
void finish(Store& store, const std::string& id, const std::vector<double>& scores,
            const std::vector<int>& placings, Millis at) {
  std::vector<SeatResult> seats;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    seats.push_back(SeatResult{
        .seat = static_cast<int>(i), .score = scores[i], .placing = placings[i], .figures = {}});
  }
  store.match_ended(id, at, Json{{"scores", scores}, {"placings", placings}}, seats);
}

MatchQuery query(int limit, const std::string& before = "", const std::string& game = "",
                 const std::string& player_name = "") {
  return MatchQuery{
      .player_name = player_name, .player_id = "", .game = game, .limit = limit, .before = before};
}

// On SQLite and PostgreSQL: the same data must give the same JSON on both.
class HistoryApiTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    std::string why;
    const std::string path = testing::backend_path(GetParam(), dir_, why);
    if (path.empty()) GTEST_SKIP() << why;
    store_ = testing::open_store(path);
  }
  testing::TempDir dir_;
  std::unique_ptr<Store> store_;
};

INSTANTIATE_TEST_SUITE_P(Backends, HistoryApiTest, ::testing::Values("Memory", "Postgres"),
                         [](const auto& info) { return info.param; });

TEST(TimeFormatTest, Iso8601UtcWithMilliseconds) {
  EXPECT_EQ(iso8601_utc(0), "1970-01-01T00:00:00.000Z");
  EXPECT_EQ(iso8601_utc(kT0), "2026-11-22T08:10:00.123Z");
  EXPECT_EQ(iso8601_utc(-1), "1969-12-31T23:59:59.999Z");
}

TEST(CursorTest, RoundTripsAndRejectsGarbage) {
  history::Cursor cursor{kT0, "m3fa9c0d2e1b4"};
  auto decoded = history::decode_cursor(history::encode_cursor(cursor));
  ASSERT_TRUE(decoded.has_value());
  EXPECT_EQ(decoded->started_at, kT0);
  EXPECT_EQ(decoded->match_id, "m3fa9c0d2e1b4");
  for (const char* bad : {"", "_", "12_", "_m1", "x12_m1", "12x_m1", "12"}) {
    EXPECT_FALSE(history::decode_cursor(bad).has_value()) << bad;
  }
}

TEST_P(HistoryApiTest, ALiveMatchNeverShowsItsSeedOrJournal) {
  store_->match_started(match("m0000000000a1", "perico", kT0, {"Ann", "bot1"}));
  store_->commitment("m0000000000a1", CommitmentRow{.deal = 1, .sha256 = std::string(64, 'c')});
  store_->action("m0000000000a1", ActionRow{.seq = 1,
                                            .seat = 0,
                                            .action = Json{{"card", "SECRET-CARD"}},
                                            .timeout = false,
                                            .at = kT0 + 1});
  store_->round_ended("m0000000000a1", 1, Json{{"scores", {1, 2}}}.dump());
  store_->flush();

  auto record = store_->match_record("m0000000000a1");
  ASSERT_TRUE(record.has_value());
  EXPECT_EQ(keys(*record),
            (std::set<std::string>{"id", "room", "match_number", "game", "options", "status",
                                   "started_at", "ended_at", "first_dealer", "lower_score_wins",
                                   "seats", "rounds", "results", "commitments", "abort_reason"}));
  EXPECT_EQ((*record)["status"], "playing");
  EXPECT_TRUE((*record)["ended_at"].is_null());
  EXPECT_TRUE((*record)["results"].is_null());
  EXPECT_EQ((*record)["commitments"][0]["sha256"], std::string(64, 'c'));
  EXPECT_TRUE((*record)["seats"][0]["score"].is_null());
  EXPECT_TRUE((*record)["seats"][0]["winner"].is_null());
  // Nowhere in any answer: not the seed, not an action.
  store_->save_player(player("pAnn", "Ann", kT0));
  store_->flush();
  for (const Json& answer : {*record, store_->list_matches(query(20)), store_->leaderboard(""),
                             *store_->player_profile("Ann")}) {
    std::string text = answer.dump();
    EXPECT_EQ(text.find(testing::kSeedHex), std::string::npos) << text;
    EXPECT_EQ(text.find("SECRET-CARD"), std::string::npos) << text;
  }

  // Once over, the seed and the journal are revealed for verification.
  finish(*store_, "m0000000000a1", {5, 3}, {1, 2}, kT0 + 100);
  store_->flush();
  record = store_->match_record("m0000000000a1");
  EXPECT_EQ((*record)["seed"], testing::kSeedHex);
  ASSERT_EQ((*record)["actions"].size(), 1u);
  EXPECT_EQ((*record)["actions"][0]["action"]["card"], "SECRET-CARD");
  EXPECT_EQ(keys((*record)["actions"][0]),
            (std::set<std::string>{"seq", "seat", "action", "timeout", "at"}));
}

TEST_P(HistoryApiTest, ListingIsNewestFirstWithSummaries) {
  store_->match_started(match("m0000000000b1", "perico", kT0, {"Ann", "bot1"}));
  store_->round_ended("m0000000000b1", 1, Json::object().dump());
  store_->round_ended("m0000000000b1", 2, Json::object().dump());
  finish(*store_, "m0000000000b1", {5, 3}, {1, 2}, kT0 + 100);
  store_->match_started(match("m0000000000b2", "loc", kT0 + 200, {"Bob", "Ann"}));
  store_->flush();

  Json page = store_->list_matches(query(20));
  EXPECT_TRUE(page["next"].is_null());
  ASSERT_EQ(page["matches"].size(), 2u);
  const Json& newest = page["matches"][0];
  EXPECT_EQ(keys(newest), (std::set<std::string>{"id", "room", "game", "status", "started_at",
                                                 "ended_at", "rounds", "seats"}));
  EXPECT_EQ(newest["id"], "m0000000000b2");
  EXPECT_EQ(newest["status"], "playing");
  EXPECT_EQ(newest["rounds"], 0);
  EXPECT_TRUE(newest["ended_at"].is_null());
  const Json& older = page["matches"][1];
  EXPECT_EQ(older["rounds"], 2);
  EXPECT_EQ(older["started_at"], "2026-11-22T08:10:00.123Z");
  EXPECT_EQ(older["ended_at"], "2026-11-22T08:10:00.223Z");
  EXPECT_EQ(older["seats"][0], (Json{{"seat", 0},
                                     {"kind", "human"},
                                     {"player", "pAnn"},
                                     {"name", "Ann"},
                                     {"bot_level", nullptr},
                                     {"score", 5},
                                     {"placing", 1},
                                     {"winner", true}}));
}

TEST_P(HistoryApiTest, PagesHaveNoGapsOrDuplicatesWhileMatchesAreAdded) {
  constexpr int kMatches = 25;
  std::vector<std::pair<Millis, std::string>> expected;
  for (int i = 0; i < kMatches; ++i) {
    Millis started_at = kT0 + (i / 3) * 1000;  // ties: three matches share each start time
    char id[16];
    std::snprintf(id, sizeof id, "m%012x", (i * 7919) % 4096);  // ids not in start order
    store_->match_started(match(id, "perico", started_at, {"Ann"}));
    expected.emplace_back(started_at, id);
  }
  store_->flush();
  std::sort(expected.rbegin(), expected.rend());

  std::vector<std::string> seen;
  std::string cursor;
  int pages = 0;
  int added = 0;
  do {
    Json page = store_->list_matches(query(10, cursor));
    ASSERT_FALSE(page.contains("error")) << page.dump();
    ++pages;
    EXPECT_LE(page["matches"].size(), 10u);
    for (const Json& summary : page["matches"]) seen.push_back(summary["id"]);
    cursor = page["next"].is_null() ? "" : page["next"].get<std::string>();
    // Newer matches arrive between page requests; they belong before page one.
    for (int i = 0; i < 3; ++i) {
      ++added;
      store_->match_started(
          match("mfff" + std::to_string(100 + added), "perico", kT0 + 1000000 + added, {"Bob"}));
    }
    store_->flush();
  } while (!cursor.empty());

  EXPECT_EQ(pages, 3);
  ASSERT_EQ(seen.size(), expected.size());
  for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(seen[i], expected[i].second) << i;

  // An exact multiple of the page size ends with next = null, not an empty page.
  Json all = store_->list_matches(query(kMatches + added));
  EXPECT_EQ(all["matches"].size(), static_cast<std::size_t>(kMatches + added));
  EXPECT_TRUE(all["next"].is_null());
}

TEST_P(HistoryApiTest, FiltersLimitsAndABadCursor) {
  store_->match_started(match("m0000000000c1", "perico", kT0, {"Ann", "Bob"}));
  store_->match_started(match("m0000000000c2", "loc", kT0 + 1, {"ANN", "Cy"}));
  store_->match_started(match("m0000000000c3", "perico", kT0 + 2, {"Cy", "bot1"}));
  for (int i = 0; i < 120; ++i) {
    store_->match_started(match("m1" + std::to_string(1000 + i), "poker", kT0 - 1000 - i, {"Di"}));
  }
  store_->flush();

  auto ids = [](const Json& page) {
    std::vector<std::string> out;
    for (const Json& summary : page["matches"]) out.push_back(summary["id"]);
    return out;
  };
  EXPECT_EQ(ids(store_->list_matches(query(20, "", "", "ann"))),
            (std::vector<std::string>{"m0000000000c2", "m0000000000c1"}));
  EXPECT_EQ(ids(store_->list_matches(query(20, "", "perico"))),
            (std::vector<std::string>{"m0000000000c3", "m0000000000c1"}));
  EXPECT_EQ(ids(store_->list_matches(query(20, "", "perico", "CY"))),
            (std::vector<std::string>{"m0000000000c3"}));
  // By id, one person among namesakes: "Ann" (pAnn) and "ANN" (pANN) are two players.
  MatchQuery by_id = query(20);
  by_id.player_id = "pAnn";
  EXPECT_EQ(ids(store_->list_matches(by_id)), (std::vector<std::string>{"m0000000000c1"}));
  by_id.player_id = "pNobody";
  EXPECT_TRUE(store_->list_matches(by_id)["matches"].empty());
  EXPECT_TRUE(store_->list_matches(query(20, "", "", "An"))["matches"].empty());
  EXPECT_TRUE(store_->list_matches(query(20, "", "", "bot"))["matches"].empty());

  EXPECT_EQ(store_->list_matches(query(0))["matches"].size(), 20u);     // the default
  EXPECT_EQ(store_->list_matches(query(500))["matches"].size(), 100u);  // the maximum
  Json page = store_->list_matches(query(2, "", "poker"));
  Json next = store_->list_matches(query(2, page["next"].get<std::string>(), "poker"));
  EXPECT_EQ(ids(next), (std::vector<std::string>{"m11002", "m11003"}));

  Json bad = store_->list_matches(query(20, "not-a-cursor"));
  EXPECT_EQ(bad["error"], "bad_request");
  EXPECT_TRUE(bad.contains("message"));
}

// Three perico matches (higher score wins), three carioca matches (lower wins), and
// matches that must not count: one still playing, one aborted.
void play_league(Store& store) {
  store.save_player(player("pAnn", "Ann", kT0));
  store.save_player(player("pCy", "Cy", kT0));
  store.player_seen("pAnn", "Annie", kT0 + 500000);  // the latest name wins
  auto over = [&](const std::string& id, const std::string& game, Millis at,
                  std::vector<std::string> names, std::vector<double> scores,
                  std::vector<int> placings) {
    store.match_started(match(id, game, at, names, game == "carioca"));
    finish(store, id, scores, placings, at + 10);
  };
  over("m1", "perico", kT0 + 1, {"Ann", "Bob", "bot1"}, {10, 5, 30}, {2, 3, 1});
  over("m2", "perico", kT0 + 2, {"Ann", "Bob"}, {4, 8}, {2, 1});
  over("m3", "perico", kT0 + 3, {"Ann", "Cy"}, {12, 2}, {1, 2});
  over("m4", "perico", kT0 + 4, {"Ann", "Bob"}, {15, 1}, {1, 2});
  over("m6", "carioca", kT0 + 6, {"Ann", "Bob"}, {30, 12}, {2, 1});
  over("m7", "carioca", kT0 + 7, {"Ann", "Bob"}, {5, 40}, {1, 2});
  over("m8", "carioca", kT0 + 8, {"Bob", "Cy"}, {7, 9}, {1, 2});
  store.match_started(match("m9", "perico", kT0 + 9, {"Bob", "Cy"}));
  store.match_started(match("m10", "perico", kT0 + 10, {"Cy", "Bob"}));
  store.match_aborted("m10", kT0 + 11, "test");
  store.flush();
}

TEST_P(HistoryApiTest, LeaderboardForAGameWhereHigherScoresWin) {
  play_league(*store_);
  Json board = store_->leaderboard("perico");
  EXPECT_EQ(board["game"], "perico");
  ASSERT_EQ(board["players"].size(), 3u);  // humans only: no bot
  EXPECT_EQ(board["players"][0], (Json{{"player", "pAnn"},
                                       {"name", "Annie"},
                                       {"matches", 4},
                                       {"wins", 2},
                                       {"win_rate", 0.5},
                                       {"average_score", 10.25},
                                       {"best_score", 15},
                                       {"lower_score_wins", false}}));
  // Bob: one win (m2) in three; Cy: none in one.
  EXPECT_EQ(board["players"][1]["player"], "pBob");
  EXPECT_EQ(board["players"][1]["name"], "Bob");  // no player row: the seat's name
  EXPECT_EQ(board["players"][1]["matches"], 3);
  EXPECT_EQ(board["players"][1]["wins"], 1);
  EXPECT_EQ(board["players"][1]["win_rate"], 0.333);
  EXPECT_EQ(board["players"][1]["average_score"], 4.67);
  EXPECT_EQ(board["players"][1]["best_score"], 8);
  EXPECT_EQ(board["players"][2]["player"], "pCy");
  EXPECT_EQ(board["players"][2]["wins"], 0);
  EXPECT_EQ(board["players"][2]["win_rate"], 0.0);
}

TEST_P(HistoryApiTest, LeaderboardForAGameWhereLowerScoresWin) {
  play_league(*store_);
  Json board = store_->leaderboard("carioca");
  ASSERT_EQ(board["players"].size(), 3u);
  EXPECT_EQ(board["players"][0], (Json{{"player", "pBob"},
                                       {"name", "Bob"},
                                       {"matches", 3},
                                       {"wins", 2},
                                       {"win_rate", 0.667},
                                       {"average_score", 19.67},
                                       {"best_score", 7},
                                       {"lower_score_wins", true}}));
  EXPECT_EQ(board["players"][1]["player"], "pAnn");
  EXPECT_EQ(board["players"][1]["best_score"], 5);
  EXPECT_EQ(board["players"][1]["average_score"], 17.5);
  EXPECT_EQ(board["players"][2]["best_score"], 9);
  EXPECT_TRUE(store_->leaderboard("no-such-game")["players"].empty());
}

TEST_P(HistoryApiTest, LeaderboardOfAllGamesCountsButDoesNotMixScores) {
  play_league(*store_);
  Json board = store_->leaderboard("");
  EXPECT_TRUE(board["game"].is_null());
  ASSERT_EQ(board["players"].size(), 3u);
  // Ann: 6 matches, 3 wins; Bob: 6 matches, 3 wins; tied, then by player id.
  EXPECT_EQ(board["players"][0], (Json{{"player", "pAnn"},
                                       {"name", "Annie"},
                                       {"matches", 6},
                                       {"wins", 3},
                                       {"win_rate", 0.5},
                                       {"average_score", nullptr},
                                       {"best_score", nullptr},
                                       {"lower_score_wins", nullptr}}));
  EXPECT_EQ(board["players"][1]["player"], "pBob");
  EXPECT_EQ(board["players"][1]["wins"], 3);
  EXPECT_EQ(board["players"][2]["player"], "pCy");
  EXPECT_EQ(board["players"][2]["matches"], 2);
}

// What an event resuming after a restart reads of a table's room (events::EventTables::
// ended_match): the newest finished match of that room, its seats as the match's end wrote
// them, a bot's seat without a player; a room with only a live or aborted match has none.
TEST_P(HistoryApiTest, TheFinishedMatchOfARoomWithItsSeats) {
  MatchStart table = match("m00000000e001", "perico", kT0, {"Ann", "bot1", "Bea"});
  table.room_id = "rEvent";
  store_->match_started(table);
  std::vector<SeatResult> seats = {{.seat = 0, .score = 3, .placing = 2, .left = true},
                                   {.seat = 1, .score = 5, .placing = 1},
                                   {.seat = 2, .score = 1, .placing = 3}};
  store_->match_ended(table.id, kT0 + 60'000, Json{{"placings", {2, 1, 3}}}, seats);
  MatchStart live = match("m00000000e002", "perico", kT0 + 1, {"Cy", "Dee", "Eve"});
  live.room_id = "rLive";
  store_->match_started(live);
  MatchStart aborted = match("m00000000e003", "perico", kT0 + 2, {"Cy", "Dee", "Eve"});
  aborted.room_id = "rLive";
  store_->match_started(aborted);
  store_->match_aborted(aborted.id, kT0 + 3, "closed");
  store_->flush();

  Expected<std::optional<FinishedMatch>> found = store_->finished_match_in_room("rEvent");
  ASSERT_TRUE(found);
  ASSERT_TRUE(found->has_value());
  const FinishedMatch& ended = **found;
  EXPECT_EQ(ended.match_id, "m00000000e001");
  ASSERT_EQ(ended.seats.size(), 3u);
  EXPECT_EQ(ended.seats[0].player_id, "pAnn");
  EXPECT_EQ(ended.seats[0].placing, 2);
  EXPECT_DOUBLE_EQ(ended.seats[0].score, 3);
  EXPECT_TRUE(ended.seats[0].left);
  EXPECT_EQ(ended.seats[1].player_id, "") << "a bot's seat";
  EXPECT_EQ(ended.seats[1].placing, 1);
  EXPECT_FALSE(ended.seats[1].left);
  EXPECT_EQ(ended.seats[2].player_id, "pBea");
  EXPECT_EQ(ended.seats[2].placing, 3);

  for (const char* room : {"rLive", "rNowhere"}) {
    Expected<std::optional<FinishedMatch>> none = store_->finished_match_in_room(room);
    ASSERT_TRUE(none) << room;
    EXPECT_FALSE(none->has_value()) << room;
  }
}

TEST_P(HistoryApiTest, LeaderboardOrdersByWinsThenRateThenMatches) {
  // Zed: 4 wins; Ann: 2 wins of 4; Bob: 2 of 2; Cy: 1 of 1; Di and Ed: 1 of 2 each, tied
  // on rate and on matches, so by player id.
  int n = 0;
  auto duel = [&](const std::string& winner, const std::string& loser) {
    std::string id = "m" + std::to_string(++n);
    store_->match_started(match(id, "loc", kT0 + n, {winner, loser}));
    finish(*store_, id, {1, 0}, {1, 2}, kT0 + n);
  };
  duel("Ann", "Zed");
  duel("Ann", "Zed");
  duel("Zed", "Ann");
  duel("Zed", "Ann");
  duel("Bob", "Zed");
  duel("Bob", "Zed");
  duel("Cy", "Zed");
  duel("Di", "Zed");
  duel("Zed", "Di");
  duel("Ed", "Zed");
  duel("Zed", "Ed");
  store_->flush();
  std::vector<std::string> order;
  Json board = store_->leaderboard("loc");
  for (const Json& entry : board["players"]) order.push_back(entry["player"]);
  EXPECT_EQ(order, (std::vector<std::string>{"pZed", "pBob", "pAnn", "pCy", "pDi", "pEd"}));
}

TEST_P(HistoryApiTest, PlayerProfile) {
  play_league(*store_);
  // Another "ann", seen earlier: the profile is the most recently seen one.
  store_->save_player(player("pOldAnn", "annie", kT0 - 100));
  store_->flush();
  auto profile = store_->player_profile("ANNIE");
  ASSERT_TRUE(profile.has_value());
  EXPECT_EQ(keys(*profile), (std::set<std::string>{"player", "name", "first_seen", "last_seen",
                                                   "games", "recent", "namesakes", "ratings"}));
  EXPECT_EQ((*profile)["ratings"], Json::object());  // every match was casual
  EXPECT_EQ((*profile)["namesakes"], (Json::array({{{"player", "pOldAnn"},
                                                    {"name", "annie"},
                                                    {"last_seen", "2026-11-22T08:10:00.023Z"}}})));
  EXPECT_EQ((*profile)["player"], "pAnn");
  EXPECT_EQ((*profile)["name"], "Annie");
  EXPECT_EQ((*profile)["first_seen"], "2026-11-22T08:10:00.123Z");
  EXPECT_EQ((*profile)["last_seen"], "2026-11-22T08:18:20.123Z");
  EXPECT_EQ((*profile)["games"]["perico"], (Json{{"matches", 4},
                                                 {"average_place", 1.5},
                                                 {"wins", 2},
                                                 {"win_rate", 0.5},
                                                 {"average_score", 10.25},
                                                 {"best_score", 15},
                                                 {"figures", Json::object()},
                                                 {"lower_score_wins", false}}));
  EXPECT_EQ((*profile)["games"]["carioca"], (Json{{"matches", 2},
                                                  {"average_place", 1.5},
                                                  {"wins", 1},
                                                  {"win_rate", 0.5},
                                                  {"average_score", 17.5},
                                                  {"best_score", 5},
                                                  {"figures", Json::object()},
                                                  {"lower_score_wins", true}}));
  ASSERT_EQ((*profile)["recent"].size(), 6u);
  EXPECT_EQ((*profile)["recent"][0]["id"], "m7");
  EXPECT_EQ((*profile)["recent"][5]["id"], "m1");

  store_->save_player(player("pNewAnn", "ANNIE", kT0 + 900000));
  store_->flush();
  profile = store_->player_profile("annie");
  EXPECT_EQ((*profile)["player"], "pNewAnn");
  EXPECT_TRUE((*profile)["games"].empty());
  EXPECT_TRUE((*profile)["recent"].empty());
  ASSERT_EQ((*profile)["namesakes"].size(), 2u);
  EXPECT_EQ((*profile)["namesakes"][0]["player"], "pAnn");
  EXPECT_EQ((*profile)["namesakes"][1]["player"], "pOldAnn");
  EXPECT_FALSE(store_->player_profile("nobody").has_value());

  // By id, each of the three is its own page, whatever the others are called.
  auto by_id = store_->player_profile_by_id("pAnn");
  ASSERT_TRUE(by_id.has_value());
  EXPECT_EQ((*by_id)["player"], "pAnn");
  EXPECT_EQ((*by_id)["games"]["perico"]["matches"], 4);
  EXPECT_EQ((*by_id)["namesakes"].size(), 2u);
  auto old = store_->player_profile_by_id("pOldAnn");
  ASSERT_TRUE(old.has_value());
  EXPECT_EQ((*old)["name"], "annie");
  EXPECT_TRUE((*old)["games"].empty());
  EXPECT_FALSE(store_->player_profile_by_id("annie").has_value());
  EXPECT_FALSE(store_->player_profile_by_id("p404").has_value());
}

TEST_P(HistoryApiTest, ProfileListsAtMostTwentyRecentMatches) {
  store_->save_player(player("pCy", "Cy", kT0));
  for (int i = 0; i < 25; ++i) {
    store_->match_started(match("m" + std::to_string(100 + i), "loc", kT0 + i, {"Cy"}));
  }
  store_->flush();
  auto profile = store_->player_profile("cy");
  ASSERT_TRUE(profile.has_value());
  ASSERT_EQ((*profile)["recent"].size(), 20u);
  EXPECT_EQ((*profile)["recent"][0]["id"], "m124");
  EXPECT_TRUE((*profile)["games"].empty());  // none is over
}

}  // namespace
}  // namespace parlor::server::store
