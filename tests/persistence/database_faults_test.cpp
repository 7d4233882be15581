// The real parlor-server against databases it must not use: it refuses to start on
// another application's file, a damaged one, or one another process holds, with a
// message that says what to do, and leaves the file as it was; and a database file
// deleted under a running server makes it say so (/healthz 503) instead of writing on
// into a file nobody can open again.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "tests/server/server_process.hpp"
#include "tests/support/run_command.hpp"

namespace parlor::testing {
namespace {

using namespace std::chrono_literals;
using Json = nlohmann::json;

class DatabaseFaults : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("parlor-db-faults-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  std::string file(const std::string& name) const { return (dir_ / name).string(); }

  // Starts the server on `db`; it must exit at once. Returns its exit code and output.
  CommandResult start_refused(const std::string& db) {
    return run_command("timeout 30 " + std::string(PARLOR_SERVER) + " --address 127.0.0.1 --port " +
                       std::to_string(free_port()) + " --db " + db + " 2>&1");
  }

  std::filesystem::path dir_;
};

bool run_sql(sqlite3* db, const char* sql) {
  return sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
}

TEST_F(DatabaseFaults, AnotherApplicationsFileIsRefusedAndLeftAlone) {
  std::string db = file("invoices.db");
  sqlite3* handle = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
  ASSERT_TRUE(run_sql(handle, "CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount REAL)"));
  sqlite3_close(handle);
  auto size_before = std::filesystem::file_size(db);

  CommandResult result = start_refused(db);
  EXPECT_EQ(result.exit_code, 1) << result.out;
  EXPECT_NE(result.out.find("is not a Parlor database"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("invoices"), std::string::npos) << result.out;
  EXPECT_EQ(std::filesystem::file_size(db), size_before);
}

TEST_F(DatabaseFaults, ADamagedFileIsRefused) {
  std::string db = file("parlor.db");
  std::ofstream(db) << std::string(16384, 'x');
  CommandResult result = start_refused(db);
  EXPECT_EQ(result.exit_code, 1) << result.out;
  EXPECT_NE(result.out.find("db_corrupt"), std::string::npos) << result.out;
}

TEST_F(DatabaseFaults, AFileHeldByAnotherProcessIsRefused) {
  std::string db = file("parlor.db");
  {
    ServerProcess server(PARLOR_SERVER, {"--db", db});
    ASSERT_EQ(server.stop(), 0);
  }
  sqlite3* other = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &other), SQLITE_OK);
  ASSERT_TRUE(run_sql(other, "BEGIN EXCLUSIVE"));
  CommandResult result = start_refused(db);  // after the 5 s busy timeout
  run_sql(other, "ROLLBACK");
  sqlite3_close(other);
  EXPECT_EQ(result.exit_code, 1) << result.out;
  EXPECT_NE(result.out.find("locked by another process"), std::string::npos) << result.out;
}

TEST_F(DatabaseFaults, AFileDeletedUnderTheServerIsReported) {
  std::string db = file("parlor.db");
  ServerProcess server(PARLOR_SERVER, {"--db", db});
  ASSERT_EQ(http_status(http_get(server.port(), "/healthz")), 200);
  std::filesystem::remove(db);
  Json health;
  for (auto end = std::chrono::steady_clock::now() + 5s; std::chrono::steady_clock::now() < end;
       std::this_thread::sleep_for(50ms)) {
    std::string response = http_get(server.port(), "/healthz");
    if (http_status(response) == 503) {
      health = Json::parse(http_body(response), nullptr, false);
      break;
    }
  }
  ASSERT_TRUE(health.is_object()) << "the server never noticed";
  EXPECT_EQ(health["status"], "degraded");
  EXPECT_NE(health["database"]["reason"].get<std::string>().find("deleted"), std::string::npos);
  server.stop();
  EXPECT_NE(server.log().find("was deleted or replaced"), std::string::npos);
}

}  // namespace
}  // namespace parlor::testing
