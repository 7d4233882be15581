// Where actions live (schema version 3): the journal of live matches (live_actions), one
// row per finished match (match_actions), the move from the one to the other when a match
// ends, the journal's cleaning (finished matches' rows go, live ones' never), the writer's
// memory of live matches across a reopen and a rolled-back batch (the migration of a
// version-2 file's actions: action_migration_test.cpp).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "server/store/sqlite/database.hpp"
#include "server/store/sqlite/statement.hpp"
#include "tests/store/action_test_rows.hpp"
#include "tests/store/store_test_support.hpp"

namespace parlor::server::store {
namespace {

using testing::action_row;
using testing::actions_of;
using testing::end_match;
using testing::kT0;
using testing::listed_actions;
using testing::match;
using testing::TempDir;
using testing::write_actions;

std::int64_t journal_rows(const std::string& path, const std::string& id) {
  sql::Database db(path);
  sql::Statement row(db, "SELECT count(*) FROM live_actions WHERE match_id = ?1");
  row.bind(1, id);
  row.step();
  return row.get_int64(0);
}

std::int64_t count(const std::string& path, const std::string& sql) {
  sql::Database db(path);
  return db.query_int(sql);
}

TEST(ActionJournalTest, ActionsKeepEveryField) {
  TempDir dir;
  auto store = testing::open_store(dir.file("fields.db"));
  store->match_started(match("m000000000001", "perico", kT0, {"Ann", "bot1", "bot2"}));
  store->action("m000000000001", ActionRow{.seq = 1,
                                           .seat = 2,
                                           .action = Json{{"type", "bid"}, {"value", 3}},
                                           .timeout = true,
                                           .at = kT0 + 1500});
  store->action("m000000000001", ActionRow{.seq = 2,
                                           .seat = 0,
                                           .action = Json{{"text", "é \"quoted\""}},
                                           .timeout = false,
                                           .at = kT0 + 2000});
  end_match(*store, "m000000000001");
  store->flush();
  auto record = store->match_record("m000000000001");
  ASSERT_TRUE(record.has_value());
  EXPECT_EQ((*record)["actions"], (Json::array({Json{{"seq", 1},
                                                     {"seat", 2},
                                                     {"action", {{"type", "bid"}, {"value", 3}}},
                                                     {"timeout", true},
                                                     {"at", "2026-11-22T08:10:01.623Z"}},
                                                Json{{"seq", 2},
                                                     {"seat", 0},
                                                     {"action", {{"text", "é \"quoted\""}}},
                                                     {"timeout", false},
                                                     {"at", "2026-11-22T08:10:02.123Z"}}})));
}

TEST(ActionJournalTest, AnEndedMatchKeepsEveryActionInOrderAndItsJournalRowsGo) {
  TempDir dir;
  std::string path = dir.file("end.db");
  auto store = testing::open_store(path);
  store->match_started(match("m00000000000a", "perico", kT0, {"Ann", "bot1", "bot2"}));
  store->match_started(match("m00000000000b", "perico", kT0 + 1, {"Bob", "bot1", "bot2"}));
  // Interleaved, as the tables of a busy server write them.
  for (std::int64_t seq = 1; seq <= 120; ++seq) {
    write_actions(*store, "m00000000000a", seq, seq);
    write_actions(*store, "m00000000000b", seq, seq);
  }
  end_match(*store, "m00000000000a");
  store->flush();
  EXPECT_EQ(actions_of(*store, "m00000000000a"), listed_actions(120));
  EXPECT_EQ(count(path, "SELECT count(*) FROM match_actions WHERE match_id = 'm00000000000a'"), 1);

  write_actions(*store, "m00000000000b", 121, 300);
  store->flush();
  auto unfinished = store->load_unfinished_matches();
  ASSERT_EQ(unfinished.size(), 1u);
  ASSERT_EQ(unfinished[0].actions.size(), 300u);
  for (std::size_t i = 0; i < 300; ++i) {
    ASSERT_EQ(unfinished[0].actions[i].seq, static_cast<std::int64_t>(i) + 1);
  }
  end_match(*store, "m00000000000b");
  store->flush();
  EXPECT_EQ(actions_of(*store, "m00000000000b"), listed_actions(300));
  EXPECT_TRUE(store->load_unfinished_matches().empty());

  // The journal is cleaned behind the oldest live match, once enough rows can go.
  store->match_started(match("m00000000000c", "perico", kT0 + 2, {"Cy", "bot1", "bot2"}));
  write_actions(*store, "m00000000000c", 1, 300);
  store->flush();
  EXPECT_EQ(journal_rows(path, "m00000000000a"), 0);
  // B's last row was the newest when B ended, and the newest row always stays (rowids
  // must not restart); the range moves on in steps of a few hundred rows.
  EXPECT_LE(journal_rows(path, "m00000000000b"), 1);
  EXPECT_EQ(journal_rows(path, "m00000000000c"), 300);
  ASSERT_EQ(store->load_unfinished_matches().at(0).actions.size(), 300u);
  EXPECT_EQ(store->stats().write_errors, 0u);
}

TEST(ActionJournalTest, AnAbortedMatchKeepsItsActionsAndOneOverKeepsItsOwn) {
  TempDir dir;
  auto store = testing::open_store(dir.file("abort.db"));
  store->match_started(match("m000000000001", "loc", kT0, {"Ann", "bot1", "bot2"}));
  write_actions(*store, "m000000000001", 1, 5);
  store->match_aborted("m000000000001", kT0 + 10, "server_stopped");
  store->match_started(match("m000000000002", "loc", kT0, {"Ann", "bot1", "bot2"}));
  write_actions(*store, "m000000000002", 1, 4);
  end_match(*store, "m000000000002");
  store->match_aborted("m000000000002", kT0 + 20, "late");  // over already: no change
  store->match_aborted("m-unknown", kT0 + 20, "never");
  store->flush();
  EXPECT_EQ(actions_of(*store, "m000000000001"), listed_actions(5));
  EXPECT_EQ(actions_of(*store, "m000000000002"), listed_actions(4));
  EXPECT_EQ((*store->match_record("m000000000002"))["status"], "over");
  EXPECT_EQ(store->stats().write_errors, 0u);
}

TEST(ActionJournalTest, AFinishedMatchTakesNoMoreActions) {
  TempDir dir;
  auto store = testing::open_store(dir.file("late.db"));
  store->match_started(match("m000000000001", "loc", kT0, {"Ann", "bot1", "bot2"}));
  write_actions(*store, "m000000000001", 1, 2);
  end_match(*store, "m000000000001");
  store->flush();
  store->action("m000000000001", action_row(3, 0, kT0));
  // Replaying its start does not make it live again.
  store->match_started(match("m000000000001", "loc", kT0, {"Ann", "bot1", "bot2"}));
  store->action("m000000000001", action_row(3, 0, kT0));
  store->flush();
  EXPECT_EQ(store->stats().write_errors, 2u);
  EXPECT_EQ(actions_of(*store, "m000000000001"), listed_actions(2));
  EXPECT_TRUE(store->load_unfinished_matches().empty());
}

TEST(ActionJournalTest, ALiveMatchSurvivesAReopenAndEndsWithEveryAction) {
  TempDir dir;
  std::string path = dir.file("reopen.db");
  {
    auto store = testing::open_store(path);
    store->match_started(match("m000000000001", "pedro", kT0, {"Ann", "Bob", "Cy", "Di"}));
    store->match_started(match("m000000000002", "pedro", kT0, {"Ann", "Bob", "Cy", "Di"}));
    write_actions(*store, "m000000000001", 1, 40);
    // A late row is put in its place.
    write_actions(*store, "m000000000002", 3, 3);
    write_actions(*store, "m000000000002", 1, 2);
    end_match(*store, "m000000000002");
  }  // closed without a flush: the destructor commits what is queued
  {
    auto store = testing::open_store(path);
    auto unfinished = store->load_unfinished_matches();
    ASSERT_EQ(unfinished.size(), 1u);
    ASSERT_EQ(unfinished[0].actions.size(), 40u);
    EXPECT_EQ(unfinished[0].actions[39].seq, 40);
    EXPECT_EQ(unfinished[0].actions[6].timeout, true);
    EXPECT_EQ(actions_of(*store, "m000000000002"), listed_actions(3));
    write_actions(*store, "m000000000001", 41, 60);
    write_actions(*store, "m000000000001", 30, 30);  // already there: kept once
  }
  auto store = testing::open_store(path);
  ASSERT_EQ(store->load_unfinished_matches()[0].actions.size(), 60u);
  end_match(*store, "m000000000001");
  store->flush();
  EXPECT_EQ(actions_of(*store, "m000000000001"), listed_actions(60));
  EXPECT_EQ(store->stats().write_errors, 0u);
}

// A journal row that went missing behind the store's back (it never should): the match
// ends with the rows the file has, in seq order, though their ids are out of it. (On the
// way the read-back finds the hole and the batch fails, naming the row in the log; the
// writer then rebuilds its memory from the file, as after any rollback, and the retry
// ends the match. Only the outcome is visible here.)
TEST(ActionJournalTest, AMatchWhoseJournalLostARowEndsWithTheRowsTheFileHas) {
  TempDir dir;
  std::string path = dir.file("hole.db");
  auto store = testing::open_store(path);
  store->match_started(match("m000000000001", "loc", kT0, {"Ann", "Bob", "Cy"}));
  write_actions(*store, "m000000000001", 3, 6);
  write_actions(*store, "m000000000001", 1, 2);  // late rows: the ids are out of seq order
  store->flush();
  {
    sql::Database db(path);
    db.exec("DELETE FROM live_actions WHERE match_id = 'm000000000001' AND seq = 4");
  }
  end_match(*store, "m000000000001");
  store->flush();
  Json expected = listed_actions(6);
  expected.erase(3);  // seq 4
  EXPECT_EQ(actions_of(*store, "m000000000001"), expected);
  EXPECT_EQ(store->stats().write_errors, 0u);
}

// A match whose rows come more than four billion rows after its first (left in progress
// while that many actions of others were journaled; here a row put in behind the store's
// back makes the jump): the writer cannot keep such a row's id in its 32 bits
// (LiveMatchRows), so the match's rows are found by a scan when it ends. Every action is
// there, once, in seq order, a late one and a repeated one included.
TEST(ActionJournalTest, AMatchWithRowsFarFromItsFirstEndsWithEveryAction) {
  TempDir dir;
  std::string path = dir.file("far.db");
  auto store = testing::open_store(path);
  store->match_started(match("m000000000001", "loc", kT0, {"Ann", "Bob", "Cy"}));
  write_actions(*store, "m000000000001", 1, 3);
  store->flush();
  {
    sql::Database db(path);
    db.exec(
        "INSERT INTO live_actions (id, match_id, seq, seat, action, timeout, at) "
        "VALUES ((SELECT max(id) FROM live_actions) + 5000000000, 'm999999999999', 1, 0, "
        "'{}', 0, 0)");
  }
  write_actions(*store, "m000000000001", 5, 6);
  write_actions(*store, "m000000000001", 4, 4);  // late
  write_actions(*store, "m000000000001", 5, 5);  // already there: kept once
  end_match(*store, "m000000000001");
  store->flush();
  EXPECT_EQ(actions_of(*store, "m000000000001"), listed_actions(6));
  EXPECT_EQ(store->stats().write_errors, 0u);
}

// The journal rows of matches that are over (an ended match's own rows above the cleaned
// range, and rows a killed server left) go at the next start; a live match's rows stay,
// and it goes on with every action.
TEST(ActionJournalTest, AStartRemovesTheJournalRowsOfMatchesThatAreOver) {
  TempDir dir;
  std::string path = dir.file("leftovers.db");
  {
    auto store = testing::open_store(path);
    store->match_started(match("m000000000001", "loc", kT0, {"Ann", "Bob", "Cy"}));
    store->match_started(match("m000000000002", "loc", kT0, {"Ann", "Bob", "Cy"}));
    write_actions(*store, "m000000000001", 1, 10);
    write_actions(*store, "m000000000002", 1, 5);
    end_match(*store, "m000000000002");
    store->flush();
  }
  {
    // What a kill at the wrong moment leaves: rows of a match that is over.
    sql::Database db(path);
    db.exec(R"sql(INSERT INTO live_actions (match_id, seq, seat, action, timeout, at)
                  VALUES ('m000000000002', 6, 0, '{"type":"play"}', 0, 1),
                         ('m000000000002', 7, 1, '{"type":"play"}', 0, 2))sql");
  }
  ASSERT_EQ(journal_rows(path, "m000000000002"), 5 + 2);  // its own wait for the cleaning
  auto store = testing::open_store(path);
  EXPECT_EQ(journal_rows(path, "m000000000002"), 0);
  EXPECT_EQ(journal_rows(path, "m000000000001"), 10);
  EXPECT_EQ(actions_of(*store, "m000000000002"), listed_actions(5));  // its record as it was
  write_actions(*store, "m000000000001", 11, 12);
  end_match(*store, "m000000000001");
  store->flush();
  EXPECT_EQ(actions_of(*store, "m000000000001"), listed_actions(12));
  EXPECT_EQ(store->stats().write_errors, 0u);
}

TEST(ActionJournalTest, ARolledBackBatchLeavesTheRecordAsCommitted) {
  TempDir dir;
  StoreOptions options;
  options.path = dir.file("rollback.db");
  options.commit_interval = std::chrono::milliseconds(50);  // all in one batch
  auto store = std::move(Store::open(options)).value();
  store->match_started(match("m000000000001", "perico", kT0, {"Ann", "bot1", "bot2"}));
  write_actions(*store, "m000000000001", 1, 3);
  store->action("m-no-such-match", action_row(1, 0, kT0));  // fails the batch
  write_actions(*store, "m000000000001", 4, 5);
  end_match(*store, "m000000000001");
  store->flush();
  EXPECT_EQ(store->stats().write_errors, 1u);
  EXPECT_EQ(actions_of(*store, "m000000000001"), listed_actions(5));
}

// One match that lives through a great many short ones: the journal does not wait for it
// (finished rows behind it are cleaned), its own rows stay, and go when it ends.
TEST(ActionJournalTest, ALongMatchNeitherHoldsTheJournalNorLosesItsRows) {
  TempDir dir;
  std::string path = dir.file("long.db");
  StoreOptions options;
  options.path = path;
  options.commit_interval = std::chrono::milliseconds(5);
  auto store = std::move(Store::open(options)).value();
  store->match_started(match("m0000000long0", "perico", kT0, {"Ann", "bot1", "bot2"}));
  std::int64_t long_seq = 0;
  for (int m = 0; m < 400; ++m) {
    std::string id = "m0000000" + std::to_string(10000 + m);
    store->match_started(match(id, "perico", kT0 + m, {"Bob", "bot1", "bot2"}));
    write_actions(*store, id, 1, 200);
    write_actions(*store, "m0000000long0", long_seq + 1, long_seq + 2);
    long_seq += 2;
    end_match(*store, id);
    if (m % 50 == 0) store->flush();
  }
  store->flush();
  EXPECT_EQ(journal_rows(path, "m0000000long0"), long_seq);
  // 80,000 finished rows were written; no more than the lag behind the newest remain.
  EXPECT_LT(count(path, "SELECT count(*) FROM live_actions"), 70000);
  EXPECT_EQ(count(path, "SELECT count(*) FROM match_actions"), 400);
  EXPECT_EQ(actions_of(*store, "m000000010399"), listed_actions(200));

  end_match(*store, "m0000000long0");
  store->flush();
  EXPECT_EQ(actions_of(*store, "m0000000long0"), listed_actions(long_seq));
  // Its rows behind the cleaned range went with it; the rest go with the range.
  EXPECT_LT(journal_rows(path, "m0000000long0"), long_seq);
  // The range reaches the oldest live match's first row once a few hundred rows can go.
  store->match_started(match("m0000000next0", "perico", kT0, {"Ann", "bot1", "bot2"}));
  write_actions(*store, "m0000000next0", 1, 300);
  end_match(*store, "m0000000next0");
  store->match_started(match("m0000000next1", "perico", kT0, {"Ann", "bot1", "bot2"}));
  // A commit cleans a few thousand rows at most: enough commits catch up.
  for (std::int64_t seq = 1; seq <= 30; ++seq) {
    write_actions(*store, "m0000000next1", seq, seq);
    store->flush();
  }
  EXPECT_EQ(journal_rows(path, "m0000000long0"), 0);
  EXPECT_LT(count(path, "SELECT count(*) FROM live_actions"), 300);
  EXPECT_EQ(store->stats().write_errors, 0u);
}

}  // namespace
}  // namespace parlor::server::store
