// The migration of a version-2 file's actions to where version 3 keeps them: finished
// matches' in one row each (match_actions), live ones' in the journal (live_actions).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "server/store/sqlite/database.hpp"
#include "server/store/sqlite/migrations.hpp"
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

// A version-2 file: finished and aborted matches' actions become their one row, a live
// match's go to the journal, and the history and recovery read the same as from a file
// written by this version.
TEST(ActionJournalTest, MigratingAVersionTwoFileMovesEveryAction) {
  TempDir dir;
  std::string old_path = dir.file("v2.db");
  {
    sql::Database db(old_path);
    ASSERT_EQ(migrate(db, 2), 0);
    sql::Statement put_match(db, R"sql(
      INSERT INTO matches (id, room_id, match_number, game, options, room_settings, seed_hex,
                           first_dealer, lower_score_wins, started_at, status, ended_at,
                           results, abort_reason)
      VALUES (?1, 'r1', 1, 'perico', '{"target":100}', '{"public":true}', ?2, 1, 0, ?3, ?4,
              ?5, ?6, ?7))sql");
    struct Old {
      const char* id;
      const char* status;
      int actions;
    };
    for (const Old& old : {Old{"m000000000001", "over", 30}, Old{"m000000000002", "aborted", 4},
                           Old{"m000000000003", "playing", 25}, Old{"m000000000004", "over", 0}}) {
      put_match.reset();
      put_match.bind(1, old.id);
      put_match.bind(2, testing::kSeedHex);
      put_match.bind(3, kT0);
      put_match.bind(4, old.status);
      bool playing = std::string(old.status) == "playing";
      if (playing) {
        put_match.bind(5, nullptr);
      } else {
        put_match.bind(5, kT0 + 1'000'000);
      }
      if (std::string(old.status) == "over") {
        put_match.bind(6, R"({"placings":[3,2,1],"round_results":[],"scores":[1,2,3]})");
      } else {
        put_match.bind(6, nullptr);
      }
      if (std::string(old.status) == "aborted") {
        put_match.bind(7, "server_stopped");
      } else {
        put_match.bind(7, nullptr);
      }
      put_match.run();
      for (int seat = 0; seat < 3; ++seat) {
        sql::Statement put_seat(db, R"sql(
          INSERT INTO match_seats (match_id, seat, kind, player_id, name, bot_level, score,
                                   placing, winner)
          VALUES (?1, ?2, 'bot', NULL, ?3, 'sensible', ?4, ?5, ?6))sql");
        put_seat.bind(1, old.id);
        put_seat.bind(2, seat);
        put_seat.bind(3, "bot" + std::to_string(seat));
        if (std::string(old.status) == "over") {
          put_seat.bind(4, static_cast<double>(seat + 1));
          put_seat.bind(5, 3 - seat);
          put_seat.bind(6, seat == 2);
        } else {
          put_seat.bind(4, nullptr);
          put_seat.bind(5, nullptr);
          put_seat.bind(6, nullptr);
        }
        put_seat.run();
      }
      // Inserted from the last seq down: the old table was ordered by its key.
      for (int seq = old.actions; seq >= 1; --seq) {
        ActionRow row = action_row(seq, seq % 3, kT0 + seq, seq % 7 == 0);
        sql::Statement put_action(db, "INSERT INTO actions VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
        put_action.bind(1, old.id);
        put_action.bind(2, seq);
        put_action.bind(3, row.seat);
        put_action.bind(4, row.action.dump());
        put_action.bind(5, row.timeout);
        put_action.bind(6, row.at);
        put_action.run();
      }
    }
  }

  // The same matches written by this version.
  std::string new_path = dir.file("v3.db");
  {
    auto store = testing::open_store(new_path);
    for (const char* id : {"m000000000001", "m000000000002", "m000000000003", "m000000000004"}) {
      store->match_started(match(id, "perico", kT0, {"bot0", "bot1", "bot2"}));
    }
    write_actions(*store, "m000000000001", 1, 30);
    write_actions(*store, "m000000000002", 1, 4);
    write_actions(*store, "m000000000003", 1, 25);
    end_match(*store, "m000000000001");
    end_match(*store, "m000000000004");
    store->match_aborted("m000000000002", kT0 + 1'000'000, "server_stopped");
  }

  auto migrated = testing::open_store(old_path);
  auto written = testing::open_store(new_path);
  for (const char* id : {"m000000000001", "m000000000002", "m000000000003", "m000000000004"}) {
    auto from_old = migrated->match_record(id);
    auto from_new = written->match_record(id);
    ASSERT_TRUE(from_old.has_value()) << id;
    ASSERT_TRUE(from_new.has_value()) << id;
    EXPECT_EQ(from_old->dump(), from_new->dump()) << id;
  }
  EXPECT_EQ(actions_of(*migrated, "m000000000001"), listed_actions(30));
  EXPECT_EQ((*migrated->match_record("m000000000001"))["actions"][29]["at"],
            "2026-11-22T08:10:00.153Z");
  EXPECT_EQ(actions_of(*migrated, "m000000000004"), Json::array());

  auto unfinished = migrated->load_unfinished_matches();
  ASSERT_EQ(unfinished.size(), 1u);
  EXPECT_EQ(unfinished[0].start.id, "m000000000003");
  ASSERT_EQ(unfinished[0].actions.size(), 25u);
  auto reference = written->load_unfinished_matches();
  ASSERT_EQ(reference.size(), 1u);
  for (std::size_t i = 0; i < 25; ++i) {
    EXPECT_EQ(unfinished[0].actions[i].seq, reference[0].actions[i].seq);
    EXPECT_EQ(unfinished[0].actions[i].seat, reference[0].actions[i].seat);
    EXPECT_EQ(unfinished[0].actions[i].action, reference[0].actions[i].action);
    EXPECT_EQ(unfinished[0].actions[i].timeout, reference[0].actions[i].timeout);
    EXPECT_EQ(unfinished[0].actions[i].at, reference[0].actions[i].at);
  }
  // The migrated live match goes on and ends with its old actions and its new ones.
  write_actions(*migrated, "m000000000003", 26, 30);
  end_match(*migrated, "m000000000003");
  migrated->flush();
  EXPECT_EQ(actions_of(*migrated, "m000000000003"), listed_actions(30));
  EXPECT_EQ(migrated->stats().write_errors, 0u);
  migrated.reset();

  sql::Database db(old_path);
  EXPECT_EQ(db.user_version(), current_schema_version());  // and on past version 3
  EXPECT_EQ(db.query_int("SELECT count(*) FROM sqlite_master WHERE name = 'actions'"), 0);
  EXPECT_EQ(db.query_text("PRAGMA integrity_check"), "ok");
}

}  // namespace
}  // namespace parlor::server::store
