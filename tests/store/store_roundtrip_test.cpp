// Writes and reads through the Store, on ":memory:", on a file and on PostgreSQL: players, a
// match's whole life, aborted matches, unfinished matches for recovery, idempotent replays, a bad
// row that must not lose its batch, and a file reopened.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "server/store/sqlite/database.hpp"
#include "tests/store/store_backend_test.hpp"
#include "tests/store/store_test_support.hpp"

namespace parlor::server::store {
namespace {

using testing::match;
using testing::player;

constexpr Millis kT0 = 1795335000123;  // 2026-11-22T08:10:00.123Z

class StoreRoundTripTest : public testing::StoreBackendTest {};

INSTANTIATE_TEST_SUITE_P(Backends, StoreRoundTripTest, ::testing::ValuesIn(testing::kBackends),
                         [](const auto& info) { return info.param; });

ActionRow action_row(std::int64_t seq, int seat, Millis at, bool timeout = false) {
  return ActionRow{.seq = seq,
                   .seat = seat,
                   .action = Json{{"type", "play"}, {"card", std::to_string(seq) + "H"}},
                   .timeout = timeout,
                   .at = at};
}

void play_full_match(Store& store, const std::string& id) {
  store.save_player(player("pAnn", "Ann", kT0 - 5000));
  store.save_player(player("pBob", "Bob", kT0 - 4000));
  store.match_started(match(id, "perico", kT0, {"Ann", "Bob", "bot1"}));
  store.commitment(id, CommitmentRow{.deal = 1, .sha256 = std::string(64, 'a')});
  store.action(id, action_row(1, 1, kT0 + 1000));
  store.action(id, action_row(2, 2, kT0 + 2000, true));
  store.round_ended(id, 1, Json{{"scores", {10, 5, 0}}}.dump());
  store.commitment(id, CommitmentRow{.deal = 2, .sha256 = std::string(64, 'b')});
  store.action(id, action_row(3, 0, kT0 + 3000));
  store.round_ended(id, 2, Json{{"scores", {3, 5, 20}}}.dump());
  store.match_ended(
      id, kT0 + 9000,
      Json{{"scores", {13, 10, 20}}, {"placings", {2, 3, 1}}, {"round_results", Json::array()}},
      {SeatResult{.seat = 0, .score = 13, .placing = 2, .figures = {}},
       SeatResult{.seat = 1, .score = 10, .placing = 3, .figures = {}},
       SeatResult{.seat = 2, .score = 20, .placing = 1, .figures = {}}});
}

TEST_P(StoreRoundTripTest, PlayersAreSavedUpdatedAndSeen) {
  store_->save_player(player("p1", "Ann", 1000));
  store_->save_player(player("p2", "Bob", 2000));
  store_->player_seen("p1", "Annie", 5000);
  store_->player_seen("p1", "Annie", 4000);  // an older sighting never moves last_seen back
  PlayerRow renamed = player("p2", "Robert", 3000);
  renamed.first_seen = 9999;  // a re-save keeps the first sighting
  store_->save_player(renamed);
  store_->player_seen("p-unknown", "Nobody", 5000);  // ignored, not an error
  store_->flush();

  auto players = store_->load_players();
  ASSERT_EQ(players.size(), 2u);
  EXPECT_EQ(players[0].id, "p1");
  EXPECT_EQ(players[0].name, "Annie");
  EXPECT_EQ(players[0].token_hash, "hash-p1");
  EXPECT_EQ(players[0].first_seen, 1000);
  EXPECT_EQ(players[0].last_seen, 5000);
  EXPECT_EQ(players[1].name, "Robert");
  EXPECT_EQ(players[1].first_seen, 2000);
  EXPECT_EQ(players[1].last_seen, 3000);
  EXPECT_EQ(store_->stats().write_errors, 0u);
}

TEST_P(StoreRoundTripTest, APlayerOnSeveralDevicesAnswersToEachToken) {
  store_->save_player(player("p1", "Ann", 1000));
  store_->save_player(player("p2", "Bob", 2000));
  store_->player_token_added("p1", "hash-p1-phone", 3000);
  store_->player_token_added("p1", "hash-p1-phone", 3500);  // a retried write: no second row
  store_->player_seen("p1", "Annie", 4000);
  store_->flush();
  EXPECT_EQ(store_->stats().write_errors, 0u);

  auto players = store_->load_players();
  ASSERT_EQ(players.size(), 3u);
  EXPECT_EQ(players[0].id, "p1");
  EXPECT_EQ(players[0].token_hash, "hash-p1");
  EXPECT_EQ(players[1].id, "p1");
  EXPECT_EQ(players[1].token_hash, "hash-p1-phone");
  EXPECT_EQ(players[1].name, "Annie");
  EXPECT_EQ(players[2].id, "p2");

  auto phone = store_->find_player_by_token("hash-p1-phone");
  ASSERT_TRUE(phone.ok() && phone->has_value());
  EXPECT_EQ((*phone)->id, "p1");
  EXPECT_EQ((*phone)->token_hash, "hash-p1-phone");
  auto first = store_->find_player_by_token("hash-p1");
  ASSERT_TRUE(first.ok() && first->has_value());
  EXPECT_EQ((*first)->id, "p1");
  auto nobody = store_->find_player_by_token("hash-nobody");
  ASSERT_TRUE(nobody.ok());
  EXPECT_FALSE(nobody->has_value());
}

TEST_P(StoreRoundTripTest, AWholeMatchLifeIsRecorded) {
  play_full_match(*store_, "m0000000000aa");
  store_->flush();
  EXPECT_TRUE(store_->load_unfinished_matches().empty());

  auto record = store_->match_record("m0000000000aa");
  ASSERT_TRUE(record.has_value());
  const Json& r = *record;
  EXPECT_EQ(r["status"], "over");
  EXPECT_EQ(r["game"], "perico");
  EXPECT_EQ(r["room"], "r1");
  EXPECT_EQ(r["match_number"], 1);
  EXPECT_EQ(r["options"], (Json{{"target", 100}}));
  EXPECT_EQ(r["started_at"], "2026-11-22T08:10:00.123Z");
  EXPECT_EQ(r["ended_at"], "2026-11-22T08:10:09.123Z");
  EXPECT_EQ(r["first_dealer"], 1);
  EXPECT_EQ(r["lower_score_wins"], false);
  EXPECT_EQ(r["seed"], testing::kSeedHex);
  EXPECT_TRUE(r["abort_reason"].is_null());
  ASSERT_EQ(r["seats"].size(), 3u);
  EXPECT_EQ(r["seats"][0], (Json{{"seat", 0},
                                 {"kind", "human"},
                                 {"player", "pAnn"},
                                 {"name", "Ann"},
                                 {"bot_level", nullptr},
                                 {"score", 13},
                                 {"placing", 2},
                                 {"winner", false}}));
  EXPECT_EQ(r["seats"][2], (Json{{"seat", 2},
                                 {"kind", "bot"},
                                 {"player", nullptr},
                                 {"name", "bot1"},
                                 {"bot_level", "sensible"},
                                 {"score", 20},
                                 {"placing", 1},
                                 {"winner", true}}));
  EXPECT_EQ(r["rounds"],
            (Json::array({Json{{"scores", {10, 5, 0}}}, Json{{"scores", {3, 5, 20}}}})));
  EXPECT_EQ(r["results"]["placings"], (Json{2, 3, 1}));
  ASSERT_EQ(r["commitments"].size(), 2u);
  EXPECT_EQ(r["commitments"][1], (Json{{"deal", 2}, {"sha256", std::string(64, 'b')}}));
  ASSERT_EQ(r["actions"].size(), 3u);
  EXPECT_EQ(r["actions"][1], (Json{{"seq", 2},
                                   {"seat", 2},
                                   {"action", {{"type", "play"}, {"card", "2H"}}},
                                   {"timeout", true},
                                   {"at", "2026-11-22T08:10:02.123Z"}}));
  EXPECT_FALSE(store_->match_record("m-none").has_value());
  EXPECT_EQ(store_->stats().write_errors, 0u);
}

TEST_P(StoreRoundTripTest, AnAbortedMatchKeepsItsReasonAndRevealsItsSeed) {
  store_->match_started(match("m0000000000ab", "loc", kT0, {"Ann", "bot2"}));
  store_->action("m0000000000ab", action_row(1, 0, kT0 + 10));
  store_->match_aborted("m0000000000ab", kT0 + 50, "journal does not replay: seq 1");
  store_->flush();
  auto record = store_->match_record("m0000000000ab");
  ASSERT_TRUE(record.has_value());
  EXPECT_EQ((*record)["status"], "aborted");
  EXPECT_EQ((*record)["abort_reason"], "journal does not replay: seq 1");
  EXPECT_EQ((*record)["ended_at"], "2026-11-22T08:10:00.173Z");
  EXPECT_EQ((*record)["seed"], testing::kSeedHex);
  EXPECT_EQ((*record)["actions"].size(), 1u);
  EXPECT_TRUE((*record)["results"].is_null());
  EXPECT_TRUE(store_->load_unfinished_matches().empty());

  // Aborting never overwrites a finished match.
  play_full_match(*store_, "m0000000000ac");
  store_->match_aborted("m0000000000ac", kT0 + 99999, "late");
  store_->flush();
  EXPECT_EQ((*store_->match_record("m0000000000ac"))["status"], "over");
}

TEST_P(StoreRoundTripTest, UnfinishedMatchesComeBackWithActionsInOrder) {
  play_full_match(*store_, "m000000000001");
  store_->match_started(match("m000000000002", "pedro", kT0 + 10, {"Ann", "Bob"}));
  store_->match_started(match("m000000000003", "poker", kT0 + 20, {"Bob", "bot1"}));
  store_->match_started(match("m000000000004", "loc", kT0 + 30, {"Cy"}));
  store_->match_aborted("m000000000004", kT0 + 40, "gone");
  // Journal rows arrive out of order; they load by seq.
  for (std::int64_t seq : {3, 1, 2}) store_->action("m000000000002", action_row(seq, 1, seq));
  store_->commitment("m000000000002", CommitmentRow{.deal = 2, .sha256 = "d2"});
  store_->commitment("m000000000002", CommitmentRow{.deal = 1, .sha256 = "d1"});
  store_->action("m000000000003", action_row(1, 0, 7));
  store_->flush();

  auto unfinished = store_->load_unfinished_matches();
  ASSERT_EQ(unfinished.size(), 2u);
  const UnfinishedMatch& pedro = unfinished[0];
  EXPECT_EQ(pedro.start.id, "m000000000002");
  EXPECT_EQ(pedro.start.game, "pedro");
  EXPECT_EQ(pedro.start.room_settings, (Json{{"public", true}}));
  EXPECT_EQ(pedro.start.seed_hex, testing::kSeedHex);
  EXPECT_EQ(pedro.start.first_dealer, 1);
  EXPECT_EQ(pedro.start.started_at, kT0 + 10);
  ASSERT_EQ(pedro.start.seats.size(), 2u);
  EXPECT_EQ(pedro.start.seats[1].player_id, "pBob");
  EXPECT_EQ(pedro.start.seats[1].bot_level, "");
  ASSERT_EQ(pedro.actions.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(pedro.actions[i].seq, static_cast<int>(i) + 1);
  EXPECT_EQ(pedro.actions[2].action["card"], "3H");
  ASSERT_EQ(pedro.commitments.size(), 2u);
  EXPECT_EQ(pedro.commitments[0].sha256, "d1");
  EXPECT_EQ(unfinished[1].start.id, "m000000000003");
  EXPECT_EQ(unfinished[1].start.seats[1].kind, "bot");
  EXPECT_EQ(unfinished[1].actions.size(), 1u);
}

// A cluster node taking rooms over reads only their matches: the same rows as the full
// read gives for them, and nothing of the other rooms (nor finished matches).
TEST_P(StoreRoundTripTest, UnfinishedMatchesOfSomeRoomsOnly) {
  const std::vector<std::pair<std::string, std::string>> matches = {{"m000000000021", "R1-node1"},
                                                                    {"m000000000022", "R2-node2"},
                                                                    {"m000000000023", "R3-node1"},
                                                                    {"m000000000024", "R1-node1"}};
  for (std::size_t i = 0; i < matches.size(); ++i) {
    MatchStart start =
        match(matches[i].first, "perico", kT0 + static_cast<Millis>(i), {"Ann", "Bob", "bot1"});
    start.room_id = matches[i].second;
    store_->match_started(start);
    for (std::int64_t seq = 1; seq <= static_cast<std::int64_t>(i) + 2; ++seq) {
      store_->action(start.id, action_row(seq, static_cast<int>(seq % 3), kT0 + seq));
    }
    store_->commitment(start.id, CommitmentRow{.deal = 1, .sha256 = "d" + std::to_string(i)});
  }
  // R1's first match has ended: only its second is unfinished.
  store_->match_ended("m000000000021", kT0 + 50, Json{{"scores", {1, 2, 3}}}, {});
  store_->flush();

  const std::vector<UnfinishedMatch> all = store_->load_unfinished_matches();
  ASSERT_EQ(all.size(), 3u);
  const std::vector<UnfinishedMatch> some =
      store_->load_unfinished_matches_in_rooms({"R1-node1", "R3-node1", "R9-gone"}).value();
  ASSERT_EQ(some.size(), 2u);
  EXPECT_EQ(some[0].start.id, "m000000000023");
  EXPECT_EQ(some[1].start.id, "m000000000024");
  for (const UnfinishedMatch& taken : some) {
    const auto same = std::find_if(all.begin(), all.end(), [&](const UnfinishedMatch& m) {
      return m.start.id == taken.start.id;
    });
    ASSERT_NE(same, all.end());
    EXPECT_EQ(taken.start.room_id, same->start.room_id);
    EXPECT_EQ(taken.start.seats.size(), 3u);
    ASSERT_EQ(taken.actions.size(), same->actions.size());
    for (std::size_t i = 0; i < taken.actions.size(); ++i) {
      EXPECT_EQ(taken.actions[i].seq, static_cast<std::int64_t>(i) + 1);
      EXPECT_EQ(taken.actions[i].action, same->actions[i].action);
    }
    ASSERT_EQ(taken.commitments.size(), 1u);
    EXPECT_EQ(taken.commitments[0].sha256, same->commitments[0].sha256);
  }
  EXPECT_EQ(some[1].actions.size(), 5u);  // the fourth match: seq 1..5
  EXPECT_TRUE(store_->load_unfinished_matches_in_rooms({"R2-node3"}).value().empty());
  EXPECT_TRUE(store_->load_unfinished_matches_in_rooms({}).value().empty());
  // An id that needs quoting in either backend's list is matched as is, never parsed.
  EXPECT_TRUE(store_->load_unfinished_matches_in_rooms({"R1\"-node1", "x','y"}).value().empty());
}

// Open rooms (a single server's, RoomKeeper): the latest text of each room saved and not
// removed since, oldest change first; saving again replaces, removing twice is harmless.
TEST_P(StoreRoundTripTest, OpenRoomsAreTheirLatestSaveUntilRemoved) {
  store_->room_saved("R1", R"({"room":{"id":"R1"},"matches":0})", kT0);
  store_->room_saved("R2", R"({"room":{"id":"R2"}})", kT0 + 10);
  store_->room_saved("R3", R"({"room":{"id":"R3"}})", kT0 + 20);
  store_->room_saved("R1", R"({"room":{"id":"R1"},"matches":1})", kT0 + 30);  // replaces
  store_->room_removed("R2");
  store_->room_removed("R2");
  store_->room_removed("R9");  // never saved
  store_->flush();

  const std::vector<OpenRoomRow> rooms = store_->load_open_rooms();
  ASSERT_EQ(rooms.size(), 2u);
  EXPECT_EQ(rooms[0].room_id, "R3");
  EXPECT_EQ(rooms[0].saved, R"({"room":{"id":"R3"}})");
  EXPECT_EQ(rooms[0].updated_at, kT0 + 20);
  EXPECT_EQ(rooms[1].room_id, "R1");
  EXPECT_EQ(rooms[1].saved, R"({"room":{"id":"R1"},"matches":1})");
  EXPECT_EQ(rooms[1].updated_at, kT0 + 30);
  // A room saved again after its removal is open again.
  store_->room_saved("R2", "{}", kT0 + 40);
  store_->flush();
  EXPECT_EQ(store_->load_open_rooms().size(), 3u);
}

TEST_P(StoreRoundTripTest, ReplayingAWriteIsHarmless) {
  MatchStart start = match("m000000000010", "perico", kT0, {"Ann", "Bob"});
  store_->match_started(start);
  store_->match_started(start);
  store_->action(start.id, action_row(1, 0, 1));
  store_->action(start.id, action_row(1, 0, 1));
  store_->commitment(start.id, CommitmentRow{.deal = 1, .sha256 = "x"});
  store_->commitment(start.id, CommitmentRow{.deal = 1, .sha256 = "x"});
  store_->round_ended(start.id, 1, Json{{"r", 1}}.dump());
  store_->round_ended(start.id, 1, Json{{"r", 1}}.dump());
  store_->flush();
  auto unfinished = store_->load_unfinished_matches();
  ASSERT_EQ(unfinished.size(), 1u);
  EXPECT_EQ(unfinished[0].start.seats.size(), 2u);
  EXPECT_EQ(unfinished[0].actions.size(), 1u);
  EXPECT_EQ(unfinished[0].commitments.size(), 1u);
  EXPECT_EQ((*store_->match_record(start.id))["rounds"].size(), 1u);
  EXPECT_EQ(store_->stats().write_errors, 0u);
}

TEST_P(StoreRoundTripTest, ABadWriteLosesOnlyItselfNotItsBatch) {
  store_ = nullptr;
  StoreOptions options;
  options.path = path_;
  options.commit_interval = std::chrono::milliseconds(50);  // all in one batch
  store_ = std::move(Store::open(options)).value();

  store_->match_started(match("m000000000020", "perico", kT0, {"Ann"}));
  store_->action("m000000000020", action_row(1, 0, 1));
  store_->action("m-no-such-match", action_row(1, 0, 1));  // foreign key violation
  store_->match_ended("m-also-missing", 5, Json::object(), {});
  Ticket last = store_->action("m000000000020", action_row(2, 0, 2));
  store_->flush();

  EXPECT_EQ(store_->committed_through(), last);
  Store::Stats stats = store_->stats();
  EXPECT_EQ(stats.write_errors, 2u);
  EXPECT_EQ(stats.writes_queued, 5u);
  EXPECT_EQ(stats.writes_committed, 3u);
  EXPECT_EQ(stats.queue_depth, 0u);
  auto unfinished = store_->load_unfinished_matches();
  ASSERT_EQ(unfinished.size(), 1u);
  EXPECT_EQ(unfinished[0].actions.size(), 2u);
}

TEST(StoreReopenTest, ReopeningAFileFindsEverything) {
  testing::TempDir dir;
  std::string path = dir.file("reopen.db");
  auto store = testing::open_store(path);
  play_full_match(*store, "m000000000030");
  store->match_started(match("m000000000031", "loc", kT0 + 1, {"Bob", "bot1"}));
  store->action("m000000000031", action_row(1, 1, 5));
  store = nullptr;  // no flush: the destructor commits what is queued

  store = testing::open_store(path);
  EXPECT_EQ(store->load_players().size(), 2u);
  auto record = store->match_record("m000000000030");
  ASSERT_TRUE(record.has_value());
  EXPECT_EQ((*record)["actions"].size(), 3u);
  EXPECT_EQ((*record)["commitments"].size(), 2u);
  EXPECT_EQ((*record)["seats"][2]["winner"], true);
  auto unfinished = store->load_unfinished_matches();
  ASSERT_EQ(unfinished.size(), 1u);
  EXPECT_EQ(unfinished[0].start.id, "m000000000031");
  EXPECT_EQ(unfinished[0].actions.size(), 1u);
  store = nullptr;

  sql::Database db(path);
  EXPECT_EQ(db.query_text("PRAGMA integrity_check"), "ok");
  EXPECT_EQ(db.query_int("PRAGMA foreign_key_check"), 0);
}

TEST(StoreOptionsTest, SynchronousFullOpensAndCommits) {
  testing::TempDir dir;
  StoreOptions options;
  options.path = dir.file("full.db");
  options.synchronous_full = true;
  auto opened = Store::open(options);
  ASSERT_TRUE(opened.ok()) << opened.error().message;
  auto store = std::move(opened).value();
  store->save_player(player("p1", "Ann", 1));
  store->flush();
  EXPECT_EQ(store->load_players().size(), 1u);
}

}  // namespace
}  // namespace parlor::server::store
