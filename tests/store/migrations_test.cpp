// Schema migrations: from an empty file, from older schemas (versions 1 and 2) with data,
// and the refusal of a database newer than this binary.
#include <gtest/gtest.h>

#include <fstream>

#include "server/store/sqlite/database.hpp"
#include "server/store/sqlite/errors.hpp"
#include "server/store/sqlite/migrations.hpp"
#include "server/store/sqlite/statement.hpp"
#include "tests/store/store_test_support.hpp"

namespace parlor::server::store {
namespace {

using testing::TempDir;

bool has_table(sql::Database& db, const std::string& name) {
  sql::Statement row(db, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1");
  row.bind(1, name);
  row.step();
  return row.get_int(0) == 1;
}

bool has_index(sql::Database& db, const std::string& name) {
  sql::Statement row(db, "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = ?1");
  row.bind(1, name);
  row.step();
  return row.get_int(0) == 1;
}

TEST(MigrationsTest, TenVersionsNumberedInOrder) {
  ASSERT_EQ(migrations().size(), 10u);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(migrations()[i].version, i + 1);
  EXPECT_EQ(current_schema_version(), 10);
}

TEST(MigrationsTest, MigratesAnEmptyFileToTheCurrentSchema) {
  TempDir dir;
  std::string path = dir.file("empty.db");
  {
    auto store = testing::open_store(path);
    EXPECT_TRUE(store->load_players().empty());
  }
  sql::Database db(path);
  EXPECT_EQ(db.user_version(), current_schema_version());
  for (const char* table :
       {"players", "matches", "match_seats", "live_actions", "match_actions", "match_rounds",
        "commitments", "player_tokens", "open_rooms", "claim_codes", "accounts", "sanctions",
        "invites", "invite_uses", "audit_log", "settings", "events"}) {
    EXPECT_TRUE(has_table(db, table)) << table;
  }
  EXPECT_FALSE(has_table(db, "actions"));
  for (const char* index : {"matches_by_started", "seats_by_name", "seats_by_player"}) {
    EXPECT_TRUE(has_index(db, index)) << index;
  }
  EXPECT_EQ(db.query_text("PRAGMA journal_mode"), "wal");
  // Migrating again changes nothing.
  EXPECT_EQ(migrate(db), current_schema_version());
}

TEST(MigrationsTest, AVersionOneDatabaseKeepsItsRowsAndGainsTheLaterVersions) {
  TempDir dir;
  std::string path = dir.file("v1.db");
  {
    sql::Database db(path);
    EXPECT_EQ(migrate(db, 1), 0);
    EXPECT_EQ(db.user_version(), 1);
    EXPECT_FALSE(has_table(db, "match_rounds"));
    EXPECT_FALSE(has_table(db, "commitments"));
    db.exec(R"sql(
      INSERT INTO players VALUES ('p1', 'Ann', 'h1', 1000, 2000);
      INSERT INTO matches (id, room_id, match_number, game, options, room_settings, seed_hex,
                           first_dealer, lower_score_wins, started_at, status)
        VALUES ('m000000000001', 'r1', 1, 'perico', '{"target":100}', '{}', 'abcd', 0, 0,
                3000, 'playing');
      INSERT INTO match_seats (match_id, seat, kind, player_id, name, bot_level)
        VALUES ('m000000000001', 0, 'human', 'p1', 'Ann', NULL),
               ('m000000000001', 1, 'bot', NULL, 'Bot', 'random');
      INSERT INTO actions VALUES ('m000000000001', 1, 0, '{"type":"play","card":"5H"}', 0, 3100);
      INSERT INTO actions VALUES ('m000000000001', 2, 1, '{"type":"pass"}', 1, 3200);
    )sql");
  }

  auto store = testing::open_store(path);
  auto players = store->load_players();
  ASSERT_EQ(players.size(), 1u);
  EXPECT_EQ(players[0].name, "Ann");
  EXPECT_EQ(players[0].last_seen, 2000);
  auto unfinished = store->load_unfinished_matches();
  ASSERT_EQ(unfinished.size(), 1u);
  EXPECT_EQ(unfinished[0].start.options, (Json{{"target", 100}}));
  ASSERT_EQ(unfinished[0].start.seats.size(), 2u);
  EXPECT_EQ(unfinished[0].start.seats[1].bot_level, "random");
  ASSERT_EQ(unfinished[0].actions.size(), 2u);
  EXPECT_EQ(unfinished[0].actions[1].action, (Json{{"type", "pass"}}));
  EXPECT_TRUE(unfinished[0].actions[1].timeout);
  EXPECT_TRUE(unfinished[0].commitments.empty());

  // The version-2 tables are there and take writes.
  store->commitment("m000000000001", CommitmentRow{.deal = 1, .sha256 = "ff"});
  store->round_ended("m000000000001", 1, Json{{"scores", {1, 2}}}.dump());
  store->flush();
  EXPECT_EQ(store->stats().write_errors, 0u);
  auto record = store->match_record("m000000000001");
  ASSERT_TRUE(record.has_value());
  EXPECT_EQ((*record)["commitments"].size(), 1u);
  EXPECT_EQ((*record)["rounds"].size(), 1u);
  store.reset();

  sql::Database db(path);
  EXPECT_EQ(db.user_version(), current_schema_version());
  EXPECT_TRUE(has_table(db, "match_rounds"));
  EXPECT_TRUE(has_table(db, "commitments"));
  EXPECT_TRUE(has_index(db, "matches_by_started"));
  EXPECT_TRUE(has_table(db, "player_tokens"));
  EXPECT_TRUE(has_table(db, "claim_codes"));
}

TEST(MigrationsTest, ANewerDatabaseIsRefusedNamingBothVersions) {
  TempDir dir;
  std::string path = dir.file("future.db");
  {
    sql::Database db(path);
    migrate(db);
    db.set_user_version(11);
  }
  StoreOptions options;
  options.path = path;
  auto store = Store::open(options);
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.error().code, "db_too_new");
  EXPECT_NE(store.error().message.find("version 11"), std::string::npos) << store.error().message;
  EXPECT_NE(store.error().message.find("version " + std::to_string(current_schema_version())),
            std::string::npos)
      << store.error().message;
  // The refusal left the database alone.
  sql::Database db(path);
  EXPECT_EQ(db.user_version(), 11);
}

TEST(MigrationsTest, AFailedMigrationIsRolledBackAndReported) {
  TempDir dir;
  std::string path = dir.file("clash.db");
  {
    sql::Database db(path);
    migrate(db, 1);
    db.exec("CREATE TABLE commitments (x INTEGER)");  // version 2 cannot create its own
  }
  StoreOptions options;
  options.path = path;
  auto store = Store::open(options);
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.error().code, "db_migration_failed");
  sql::Database db(path);
  EXPECT_EQ(db.user_version(), 1);
  EXPECT_FALSE(has_table(db, "match_rounds"));
}

TEST(MigrationsTest, AFileThatIsNotADatabaseCannotBeOpened) {
  TempDir dir;
  std::string path = dir.file("text.db");
  std::ofstream(path) << "this is not an SQLite database, not even close. "
                      << std::string(200, 'x');
  StoreOptions options;
  options.path = path;
  auto store = Store::open(options);
  ASSERT_FALSE(store.ok());
  // Named since the start-up checks (sqlite/open_checks.hpp): a file SQLite cannot read as
  // a database is damaged, not merely unopenable.
  EXPECT_EQ(store.error().code, "db_corrupt");
}

TEST(MigrationsTest, OpenCreatesTheDatabaseDirectory) {
  TempDir dir;
  std::string path = dir.file("nested/deeper/parlor.db");
  auto store = testing::open_store(path);
  EXPECT_TRUE(std::filesystem::exists(path));
}

}  // namespace
}  // namespace parlor::server::store
