// Store::open refuses, with a named code and a message that says what to do, every file
// it could not keep its promises with: another application's, a damaged one, one it may
// not write, one another process holds; and it accepts and marks an older Parlor file.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "server/store/sqlite/database.hpp"
#include "server/store/sqlite/open_checks.hpp"
#include "tests/store/store_test_support.hpp"

namespace parlor::server::store {
namespace {

using namespace std::chrono_literals;
using testing::TempDir;

Expected<std::unique_ptr<Store>> open_file(const std::string& path) {
  StoreOptions options;
  options.path = path;
  options.busy_timeout = 100ms;
  return Store::open(options);
}

TEST(OpenChecks, NewFileIsMarkedAsParlors) {
  TempDir dir;
  std::string path = dir.file("parlor.db");
  { ASSERT_TRUE(open_file(path).ok()); }
  sql::Database db(path);
  EXPECT_EQ(db.query_int("PRAGMA application_id"), kApplicationId);
  // And it opens again.
  EXPECT_TRUE(open_file(path).ok());
}

TEST(OpenChecks, AnotherApplicationsDatabaseIsRefusedAndLeftAlone) {
  TempDir dir;
  std::string path = dir.file("accounts.db");
  {
    sql::Database db(path);
    db.exec("CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount REAL)");
    db.exec("INSERT INTO invoices (amount) VALUES (12.5)");
  }
  auto opened = open_file(path);
  ASSERT_FALSE(opened.ok());
  EXPECT_EQ(opened.error().code, "db_foreign");
  EXPECT_NE(opened.error().message.find("invoices"), std::string::npos) << opened.error().message;
  sql::Database db(path);
  EXPECT_EQ(db.query_int("SELECT count(*) FROM sqlite_master WHERE type = 'table'"), 1);
  EXPECT_EQ(db.query_int("PRAGMA application_id"), 0);
}

TEST(OpenChecks, AnOlderParlorFileWithoutTheIdIsAdopted) {
  TempDir dir;
  std::string path = dir.file("parlor.db");
  { ASSERT_TRUE(open_file(path).ok()); }
  {
    sql::Database db(path);
    db.exec("PRAGMA application_id = 0");  // as every file before the id was
  }
  ASSERT_TRUE(open_file(path).ok());
  sql::Database db(path);
  EXPECT_EQ(db.query_int("PRAGMA application_id"), kApplicationId);
}

TEST(OpenChecks, ANonDatabaseFileIsRefusedAsCorrupt) {
  TempDir dir;
  std::string path = dir.file("parlor.db");
  std::ofstream(path) << std::string(8192, 'x');
  auto opened = open_file(path);
  ASSERT_FALSE(opened.ok());
  EXPECT_EQ(opened.error().code, "db_corrupt") << opened.error().message;
}

TEST(OpenChecks, DamagedPagesAreRefused) {
  TempDir dir;
  std::string path = dir.file("parlor.db");
  {
    auto store = std::move(open_file(path)).value();
    store->match_started(testing::match("m1", "loc", 1, {"Ann", "bot1", "bot2"}));
    store->flush();
  }
  {
    sql::Database db(path);
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  }
  // Every page but the first (the header and the schema) gets a garbage page header.
  {
    auto size = static_cast<std::streamoff>(std::filesystem::file_size(path));
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    std::string garbage(100, '\x5a');
    for (std::streamoff page = 4096; page < size; page += 4096) {
      file.seekp(page);
      file.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
    }
  }
  auto opened = open_file(path);
  ASSERT_FALSE(opened.ok());
  EXPECT_EQ(opened.error().code, "db_corrupt") << opened.error().message;
}

TEST(OpenChecks, ADatabaseHeldByAnotherProcessIsRefused) {
  TempDir dir;
  std::string path = dir.file("parlor.db");
  { ASSERT_TRUE(open_file(path).ok()); }
  sql::Database other(path);
  other.exec("BEGIN EXCLUSIVE");
  auto opened = open_file(path);
  ASSERT_FALSE(opened.ok());
  EXPECT_EQ(opened.error().code, "db_locked") << opened.error().message;
  EXPECT_NE(opened.error().message.find("another process"), std::string::npos);
  other.exec("ROLLBACK");
  EXPECT_TRUE(open_file(path).ok());
}

// A read-only file in a writable directory, opened by a user who may not write it. Root
// may write anything, so the open runs in a child process as `nobody`.
TEST(OpenChecks, AReadOnlyFileIsRefused) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root to open the file as another user";
  TempDir dir;
  std::string path = dir.file("parlor.db");
  { ASSERT_TRUE(open_file(path).ok()); }
  std::filesystem::permissions(dir.path(), std::filesystem::perms::all);
  std::filesystem::permissions(path, std::filesystem::perms::owner_read |
                                         std::filesystem::perms::group_read |
                                         std::filesystem::perms::others_read);
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    if (setgid(65534) != 0 || setuid(65534) != 0) _exit(3);
    auto opened = open_file(path);
    _exit(opened.ok() ? 0 : opened.error().code == "db_read_only" ? 1 : 2);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 1) << "0: opened; 2: another error code; 3: no setuid";
}

}  // namespace
}  // namespace parlor::server::store
