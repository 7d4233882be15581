// The store on PostgreSQL: a Store (store.hpp) over a writer's connection
// (PgWriteBatch, which is both the batch runner and the writes' statements) and one read
// connection.
#include "server/store/postgres/postgres_store.hpp"

#include <spdlog/spdlog.h>

#include <mutex>
#include <optional>
#include <utility>

#include "server/store/postgres/pg_connection.hpp"
#include "server/store/postgres/pg_history_queries.hpp"
#include "server/store/postgres/pg_migrations.hpp"
#include "server/store/postgres/pg_write_batch.hpp"
#include "server/store/store_backend.hpp"

namespace parlor::server::store {

namespace {

class PostgresBackend final : public StoreBackend {
 public:
  PostgresBackend(std::string conninfo, pg::Connection::Options connection_options,
                  const StoreOptions& options)
      : conninfo_(std::move(conninfo)),
        connection_options_(connection_options),
        batch_(conninfo_, connection_options_, options.batch_guard_sql,
               options.batch_guard_params) {}

  BatchRunner& runner() override { return batch_; }
  StoreWrites& writes() override { return batch_; }

  // One read-only snapshot on the read connection; a lost connection is reopened once.
  bool read(const char* what, const std::function<void(StoreReads&)>& read_function) override {
    std::lock_guard lock(read_mutex_);
    try {
      try {
        read_once(read_function);
        return true;
      } catch (const pg::PgError& e) {
        if (!e.connection_lost()) throw;
      }
      read_once(read_function);
      return true;
    } catch (const std::exception& e) {
      spdlog::error("store: {} failed: {}", what, e.what());
      return false;
    }
  }

  Store::Health health(const WriteOutage::State& outage) const override {
    // The batch learns it was fenced a moment before the queue records the failure:
    // fenced only within the outage, so "fenced" is never seen with writes still accepted.
    Store::Health health = StoreBackend::health(outage);
    health.fenced = outage.failing && batch_.fenced();
    return health;
  }

 private:
  void read_once(const std::function<void(StoreReads&)>& read_function) {
    if (!read_connection_ || !read_connection_->open()) {
      read_connection_.reset();
      read_connection_ = pg::Connection::connect(conninfo_, connection_options_);
    }
    pg::Transaction transaction(*read_connection_,
                                "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    read_function(*pg::pg_reads(*read_connection_));
    transaction.commit();
  }

  const std::string conninfo_;
  const pg::Connection::Options connection_options_;
  pg::PgWriteBatch batch_;
  std::mutex read_mutex_;
  std::optional<pg::Connection> read_connection_;
};

}  // namespace

Expected<std::unique_ptr<Store>> open_postgres_store(const StoreOptions& options) {
  pg::Connection::Options connection_options;
  connection_options.query_timeout = std::chrono::milliseconds(10000);
  connection_options.connect_timeout = std::chrono::milliseconds(5000);
  const std::string shown = pg::redact_conninfo(options.path);
  int schema_before = 0;
  try {
    pg::Connection connection = pg::Connection::connect(options.path, connection_options);
    schema_before = pg::migrate(connection);
  } catch (const pg::PgError& e) {
    return Error{"db_open_failed", "cannot open the PostgreSQL database " + shown + ": " +
                                       pg::redact_conninfo(e.what())};
  } catch (const StoreError& e) {
    return Error{e.code(), "cannot open the PostgreSQL database " + shown + ": " + e.what()};
  } catch (const std::exception& e) {
    return Error{"db_open_failed",
                 "cannot open the PostgreSQL database " + shown + ": " + e.what()};
  }
  auto store = std::make_unique<Store>(
      std::make_unique<PostgresBackend>(options.path, connection_options, options), options);
  spdlog::info("store: opened PostgreSQL {} (schema version {}, was {})", shown,
               pg::current_schema_version(), schema_before);
  return store;
}

}  // namespace parlor::server::store
