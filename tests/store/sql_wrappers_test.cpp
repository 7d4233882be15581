// The RAII wrappers over SQLite's C API: statements, bindings, transactions, errors.
#include <gtest/gtest.h>

#include "server/store/sqlite/database.hpp"
#include "server/store/sqlite/errors.hpp"
#include "server/store/sqlite/statement.hpp"
#include "server/store/sqlite/transaction.hpp"

namespace parlor::server::store {
namespace {

class SqlWrappersTest : public ::testing::Test {
 protected:
  SqlWrappersTest() : db_(":memory:") {
    db_.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL, flag INTEGER)");
  }
  long long count() { return db_.query_int("SELECT count(*) FROM t"); }
  sql::Database db_;
};

TEST_F(SqlWrappersTest, BindsByIndexAndNameAndReadsColumnsBack) {
  sql::Statement insert(db_, "INSERT INTO t (id, name, score, flag) VALUES (?1, :name, ?3, ?4)");
  insert.bind(1, 7);
  insert.bind(":name", std::string("Ann"));
  insert.bind(3, 2.5);
  insert.bind(4, true);
  insert.run();
  insert.reset();
  insert.bind(1, std::int64_t{1} << 40);
  insert.bind(":name", nullptr);
  insert.bind(3, std::optional<double>{});
  insert.bind(4, false);
  insert.run();

  sql::Statement select(db_, "SELECT id, name, score, flag FROM t ORDER BY id");
  ASSERT_TRUE(select.step());
  EXPECT_EQ(select.get_int(0), 7);
  EXPECT_EQ(select.get_text(1), "Ann");
  EXPECT_DOUBLE_EQ(select.get_double(2), 2.5);
  EXPECT_TRUE(select.get_bool(3));
  ASSERT_TRUE(select.step());
  EXPECT_EQ(select.get_int64(0), std::int64_t{1} << 40);
  EXPECT_TRUE(select.is_null(1));
  EXPECT_EQ(select.get_optional_text(1), std::nullopt);
  EXPECT_TRUE(select.is_null(2));
  EXPECT_FALSE(select.get_bool(3));
  EXPECT_FALSE(select.step());
  EXPECT_EQ(select.column_count(), 4);
}

TEST_F(SqlWrappersTest, TransactionRollsBackUnlessCommitted) {
  {
    sql::Transaction transaction(db_);
    db_.exec("INSERT INTO t (id) VALUES (1)");
    EXPECT_TRUE(db_.in_transaction());
  }
  EXPECT_FALSE(db_.in_transaction());
  EXPECT_EQ(count(), 0);
  {
    sql::Transaction transaction(db_);
    db_.exec("INSERT INTO t (id) VALUES (2)");
    transaction.commit();
  }
  EXPECT_EQ(count(), 1);
}

TEST_F(SqlWrappersTest, ErrorsAreExceptionsWithSqliteCodes) {
  EXPECT_THROW(sql::Statement(db_, "SELECT nonsense FROM nowhere"), SqlError);
  EXPECT_THROW(db_.exec("INSERT INTO missing VALUES (1)"), SqlError);
  db_.exec("INSERT INTO t (id) VALUES (1)");
  sql::Statement duplicate(db_, "INSERT INTO t (id) VALUES (1)");
  try {
    duplicate.run();
    FAIL() << "a duplicate primary key was accepted";
  } catch (const SqlError& e) {
    EXPECT_EQ(e.code(), "sqlite_error");
    EXPECT_NE(std::string(e.what()).find("UNIQUE"), std::string::npos) << e.what();
  }
  sql::Statement named(db_, "SELECT :a");
  EXPECT_THROW(named.bind(":missing", 1), SqlError);
  // The statement is still usable after a failed step once reset.
  duplicate.reset();
  db_.exec("DELETE FROM t");
  duplicate.run();
  EXPECT_EQ(count(), 1);
}

TEST_F(SqlWrappersTest, UserVersionAndQueryHelpers) {
  EXPECT_EQ(db_.user_version(), 0);
  db_.set_user_version(5);
  EXPECT_EQ(db_.user_version(), 5);
  EXPECT_EQ(db_.query_text("SELECT 'x' || 'y'"), "xy");
  db_.exec("INSERT INTO t (id) VALUES (1); INSERT INTO t (id) VALUES (2)");
  db_.exec("UPDATE t SET flag = 1");
  EXPECT_EQ(db_.changes(), 2);
}

TEST(SqlDatabaseTest, OpeningAMissingFileWithoutCreateFails) {
  EXPECT_THROW(sql::Database("/nonexistent-dir/x.db", sql::Database::Mode::kReadWrite), SqlError);
}

}  // namespace
}  // namespace parlor::server::store
