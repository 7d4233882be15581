// The libpq layer (server/store/postgres/pg_connection.hpp) against a throwaway server:
// statements, parameters, NULLs, pipelines (one round trip; a failure in the middle),
// transactions, and the promise that no call waits forever (a stopped backend times out
// as an outage, a refused connection is an outage).
#include "server/store/postgres/pg_connection.hpp"

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>

#include "tests/store/pg_test_server.hpp"

namespace parlor::server::store::pg {
namespace {

using namespace std::chrono_literals;

class PgConnectionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = parlor::testing::shared_postgres(why_);
    if (!server_) GTEST_SKIP() << why_;
    uri_ = parlor::testing::fresh_database(*server_);
  }
  parlor::testing::ThrowawayPostgres* server_ = nullptr;
  std::string why_;
  std::string uri_;
};

// The throwaway servers copy a cluster made once (support/throwaway_postgres.cpp); one
// damaged since (here: its control file gone) must not fail the servers after it.
TEST(ThrowawayPostgresTemplate, ADamagedTemplateIsReplacedAndServersStillStart) {
  namespace fs = std::filesystem;
  using parlor::testing::ThrowawayPostgres;
  std::string why;
  auto first = ThrowawayPostgres::start(why);
  if (!first) GTEST_SKIP() << why;
  // A damaged template met by `first` is gone now, and made again by this one.
  auto first_with_a_sound_template = ThrowawayPostgres::start(why);
  ASSERT_TRUE(first_with_a_sound_template) << why;
  const fs::path made = ThrowawayPostgres::cluster_template_path();
  ASSERT_TRUE(fs::exists(made / "global" / "pg_control")) << made;
  fs::remove(made / "global" / "pg_control");

  auto second = ThrowawayPostgres::start(why);
  ASSERT_TRUE(second) << why;
  EXPECT_TRUE(Connection::connect(second->create_database("after_damage")).open());
  auto third = ThrowawayPostgres::start(why);
  ASSERT_TRUE(third) << why;
  EXPECT_TRUE(fs::exists(made / "global" / "pg_control")) << "the template was not made again";
}

TEST_F(PgConnectionTest, ExecReturnsRowsAndCounts) {
  auto connection = Connection::connect(uri_);
  EXPECT_TRUE(connection.open());
  EXPECT_GT(connection.backend_pid(), 0);
  connection.exec("CREATE TABLE t (id BIGINT PRIMARY KEY, name TEXT, score DOUBLE PRECISION)");
  const auto inserted = connection.exec("INSERT INTO t VALUES (1, 'a', 1.5), (2, 'b', -2)");
  EXPECT_EQ(inserted.affected_rows(), 2);
  const auto rows = connection.exec("SELECT id, name, score, id > 1 FROM t ORDER BY id");
  ASSERT_EQ(rows.rows(), 2);
  EXPECT_EQ(rows.columns(), 4);
  EXPECT_EQ(rows.int64(1, 0), 2);
  EXPECT_EQ(rows.string(0, 1), "a");
  EXPECT_DOUBLE_EQ(rows.number(0, 2), 1.5);
  EXPECT_FALSE(rows.boolean(0, 3));
  EXPECT_TRUE(rows.boolean(1, 3));
  EXPECT_THROW(rows.int64(0, 1), PgError);  // "a" is not a number
}

TEST_F(PgConnectionTest, ParamsCarryTextNumbersBooleansAndNull) {
  auto connection = Connection::connect(uri_);
  connection.exec("CREATE TABLE t (id BIGINT, note TEXT, score DOUBLE PRECISION, ok BOOLEAN)");
  Params params;
  params.add(std::int64_t{9007199254740993}).add("it's \"quoted\" ; DROP").add(0.1).add(true);
  connection.exec("INSERT INTO t VALUES ($1, $2, $3, $4)", params);
  connection.exec("INSERT INTO t VALUES ($1, $2, $3, $4)",
                  Params().add(2).add_null().add_null().add(false));
  const auto rows = connection.exec("SELECT id, note, score, ok FROM t ORDER BY id DESC");
  ASSERT_EQ(rows.rows(), 2);
  EXPECT_EQ(rows.int64(0, 0), 9007199254740993);
  EXPECT_EQ(rows.string(0, 1), "it's \"quoted\" ; DROP");
  EXPECT_DOUBLE_EQ(rows.number(0, 2), 0.1);
  EXPECT_TRUE(rows.boolean(0, 3));
  EXPECT_TRUE(rows.is_null(1, 1));
  EXPECT_EQ(rows.text(1, 1), "");
  EXPECT_TRUE(rows.is_null(1, 2));
  EXPECT_FALSE(rows.is_null(1, 0));
}

TEST_F(PgConnectionTest, PreparedStatementsRunWithParams) {
  auto connection = Connection::connect(uri_);
  connection.prepare("sum", "SELECT $1::bigint + $2::bigint");
  EXPECT_EQ(connection.exec_prepared("sum", Params().add(40).add(2)).int64(0, 0), 42);
}

TEST_F(PgConnectionTest, ErrorsCarryTheSqlstateAndLeaveTheConnectionUsable) {
  auto connection = Connection::connect(uri_);
  connection.exec("CREATE TABLE t (id INT PRIMARY KEY)");
  connection.exec("INSERT INTO t VALUES (1)");
  try {
    connection.exec("INSERT INTO t VALUES (1)");
    FAIL() << "a duplicate key must fail";
  } catch (const PgError& error) {
    EXPECT_EQ(error.sqlstate(), "23505");
    EXPECT_EQ(error.code(), "pg_error");
    EXPECT_FALSE(error.is_outage());
    EXPECT_FALSE(error.connection_lost());
  }
  EXPECT_TRUE(connection.open());
  EXPECT_EQ(connection.exec("SELECT count(*) FROM t").int64(0, 0), 1);
}

TEST_F(PgConnectionTest, PipelineRunsManyStatementsInOneSync) {
  auto connection = Connection::connect(uri_);
  connection.exec("CREATE TABLE t (id INT PRIMARY KEY)");
  std::vector<Result> results;
  {
    Pipeline pipeline(connection);
    pipeline.send("BEGIN");
    for (int i = 0; i < 200; ++i) pipeline.send("INSERT INTO t VALUES ($1)", Params().add(i));
    pipeline.send("SELECT count(*) FROM t");
    pipeline.send("COMMIT");
    results = pipeline.sync();
  }
  ASSERT_EQ(results.size(), 203u);
  EXPECT_EQ(results[201].int64(0, 0), 200);
  EXPECT_EQ(connection.exec("SELECT count(*) FROM t").int64(0, 0), 200);  // out of pipeline mode
}

TEST_F(PgConnectionTest, PipelineFailureInTheMiddleCommitsNothingAndThrowsIt) {
  auto connection = Connection::connect(uri_);
  connection.exec("CREATE TABLE t (id INT PRIMARY KEY)");
  connection.exec("INSERT INTO t VALUES (5)");
  {
    Pipeline pipeline(connection);
    pipeline.send("BEGIN");
    for (int i = 0; i < 10; ++i) pipeline.send("INSERT INTO t VALUES ($1)", Params().add(i));
    pipeline.send("INSERT INTO t VALUES (100)");
    pipeline.send("COMMIT");
    try {
      pipeline.sync();
      FAIL() << "the duplicate of 5 must fail the pipeline";
    } catch (const PgError& error) {
      EXPECT_EQ(error.sqlstate(), "23505");
    }
  }
  EXPECT_TRUE(connection.open());
  // The transaction was aborted: the server skipped the COMMIT, so a ROLLBACK ends it.
  connection.exec("ROLLBACK");
  EXPECT_EQ(connection.exec("SELECT count(*) FROM t").int64(0, 0), 1);
}

TEST_F(PgConnectionTest, TransactionRollsBackUnlessCommitted) {
  auto connection = Connection::connect(uri_);
  connection.exec("CREATE TABLE t (id INT)");
  {
    Transaction transaction(connection);
    connection.exec("INSERT INTO t VALUES (1)");
  }
  EXPECT_EQ(connection.exec("SELECT count(*) FROM t").int64(0, 0), 0);
  {
    Transaction transaction(connection);
    connection.exec("INSERT INTO t VALUES (2)");
    transaction.commit();
  }
  EXPECT_EQ(connection.exec("SELECT count(*) FROM t").int64(0, 0), 1);
}

TEST_F(PgConnectionTest, AStoppedBackendTimesOutAsAnOutageInsteadOfWaitingForever) {
  Connection::Options options;
  options.query_timeout = 500ms;
  auto connection = Connection::connect(uri_, options);
  const int backend = connection.backend_pid();
  ASSERT_GT(backend, 0);
  ASSERT_EQ(::kill(backend, SIGSTOP), 0);
  const auto started = std::chrono::steady_clock::now();
  bool outage = false;
  try {
    connection.exec("SELECT 1");
  } catch (const PgError& error) {
    outage = error.is_outage() && error.connection_lost();
  }
  const auto waited = std::chrono::steady_clock::now() - started;
  ::kill(backend, SIGCONT);
  EXPECT_TRUE(outage);
  EXPECT_FALSE(connection.open());  // closed after the timeout; callers reconnect
  EXPECT_GE(waited, 450ms);
  EXPECT_LT(waited, 5s);
  EXPECT_THROW(connection.exec("SELECT 1"), PgError);
}

TEST_F(PgConnectionTest, AStoppedPostmasterTimesOutTheConnect) {
  Connection::Options options;
  options.connect_timeout = 700ms;
  const pid_t postmaster = server_->postmaster_pid();
  ASSERT_GT(postmaster, 0);
  ASSERT_EQ(::kill(postmaster, SIGSTOP), 0);
  const auto started = std::chrono::steady_clock::now();
  bool outage = false;
  try {
    Connection::connect(uri_, options);
  } catch (const PgError& error) {
    outage = error.is_outage();
  }
  const auto waited = std::chrono::steady_clock::now() - started;
  ::kill(postmaster, SIGCONT);
  EXPECT_TRUE(outage);
  EXPECT_LT(waited, 5s);
}

TEST_F(PgConnectionTest, ARefusedConnectionIsAnOutage) {
  // Port 1 (tcpmux) has no listener on any machine these tests run on.
  const std::string refused = "postgresql://postgres@127.0.0.1:1/postgres";
  try {
    Connection::connect(refused);
    FAIL() << "port 1 must refuse";
  } catch (const PgError& error) {
    EXPECT_TRUE(error.is_outage());
    EXPECT_TRUE(error.connection_lost());
    EXPECT_NE(std::string(error.what()).find("cannot connect"), std::string::npos);
  }
}

TEST(PgConninfo, RecognisesUrisAndRedactsPasswords) {
  EXPECT_TRUE(is_postgres_uri("postgresql://u@h/db"));
  EXPECT_TRUE(is_postgres_uri("postgres://u@h/db"));
  EXPECT_FALSE(is_postgres_uri("/var/lib/parlor/parlor.db"));
  EXPECT_FALSE(is_postgres_uri(":memory:"));
  EXPECT_FALSE(is_postgres_uri("postgresql.db"));
  EXPECT_EQ(redact_conninfo("postgresql://parlor:s3cret@db:5432/parlor"),
            "postgresql://parlor:***@db:5432/parlor");
  EXPECT_EQ(redact_conninfo("postgresql://parlor@db/parlor"), "postgresql://parlor@db/parlor");
  EXPECT_EQ(redact_conninfo("postgres://u:p@ss@h/d"), "postgres://u:***@h/d");
  EXPECT_EQ(redact_conninfo("postgresql://h/d?user=u&password=x&sslmode=require"),
            "postgresql://h/d?user=u&password=***&sslmode=require");
  EXPECT_EQ(redact_conninfo("host=h password=secret dbname=d"), "host=h password=*** dbname=d");
  EXPECT_EQ(redact_conninfo("host=h password='a b' dbname=d"), "host=h password=*** dbname=d");
}

TEST(PgErrorKinds, OutagesAreTheOnesARetryCanFix) {
  EXPECT_TRUE(PgError("", "lost", true).is_outage());
  EXPECT_TRUE(PgError("57P01", "admin shutdown", false).is_outage());
  EXPECT_TRUE(PgError("57P03", "starting up", false).is_outage());
  EXPECT_TRUE(PgError("53100", "disk full", false).is_outage());
  EXPECT_TRUE(PgError("25006", "read only", false).is_outage());
  EXPECT_TRUE(PgError("08006", "connection failure", false).is_outage());
  EXPECT_TRUE(PgError(kFencedSqlstate, "fenced", false).is_outage());
  EXPECT_TRUE(PgError(kFencedSqlstate, "fenced", false).fenced());
  EXPECT_FALSE(PgError("23505", "duplicate", false).is_outage());
  EXPECT_FALSE(PgError("42601", "syntax", false).is_outage());
}

}  // namespace
}  // namespace parlor::server::store::pg
