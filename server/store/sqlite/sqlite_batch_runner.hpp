// The write queue's batches on SQLite: one local transaction on the write connection,
// under the mutex that readers sharing the connection (":memory:") take too.
#pragma once

#include <functional>
#include <memory>
#include <mutex>

#include "server/store/batch_runner.hpp"
#include "server/store/sqlite/database.hpp"

namespace parlor::server::store {

// True if `error` says the database cannot take any write now (SQLITE_FULL, IOERR, BUSY,
// LOCKED, READONLY, CANTOPEN, CORRUPT, NOTADB, NOMEM, PROTOCOL, PERM), as opposed to a
// failure of the write itself.
bool is_sqlite_outage(const std::exception& error);

class SqliteBatchRunner final : public BatchRunner {
 public:
  // `prepare` runs under the lock before each batch: it may throw an outage (the file
  // cannot be used now) or replace `db` (the store wrote back a deleted file).
  SqliteBatchRunner(std::unique_ptr<sql::Database>& db, std::mutex& db_mutex,
                    std::function<void()> prepare)
      : db_(db), db_mutex_(db_mutex), prepare_(std::move(prepare)) {}
  void run(const std::function<void()>& writes) override;
  bool is_outage(const std::exception& error) const override { return is_sqlite_outage(error); }

 private:
  std::unique_ptr<sql::Database>& db_;
  std::mutex& db_mutex_;
  std::function<void()> prepare_;
};

}  // namespace parlor::server::store
