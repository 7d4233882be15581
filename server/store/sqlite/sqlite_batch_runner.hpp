// The write queue's batches on SQLite: one local transaction on the write connection,
// under the mutex that readers sharing the connection (":memory:") take too.
#pragma once

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
  SqliteBatchRunner(sql::Database& db, std::mutex& db_mutex) : db_(db), db_mutex_(db_mutex) {}
  void run(const std::function<void()>& writes) override;
  bool is_outage(const std::exception& error) const override { return is_sqlite_outage(error); }

 private:
  sql::Database& db_;
  std::mutex& db_mutex_;
};

}  // namespace parlor::server::store
