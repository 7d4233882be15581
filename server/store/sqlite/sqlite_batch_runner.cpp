#include "server/store/sqlite/sqlite_batch_runner.hpp"

#include <sqlite3.h>

#include "server/store/sqlite/errors.hpp"
#include "server/store/sqlite/transaction.hpp"

namespace parlor::server::store {

bool is_sqlite_outage(const std::exception& error) {
  const auto* sql = dynamic_cast<const SqlError*>(&error);
  if (!sql) return false;
  switch (sql->sqlite_code() & 0xff) {
    case SQLITE_FULL:
    case SQLITE_IOERR:
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
    case SQLITE_NOMEM:
    case SQLITE_PROTOCOL:
    case SQLITE_PERM:
      return true;
    default:
      return false;
  }
}

void SqliteBatchRunner::run(const std::function<void()>& writes) {
  std::lock_guard db_lock(db_mutex_);
  if (prepare_) prepare_();
  sql::Database& db = *db_;
  // A rollback that failed with the disk (the destructor's is best effort) leaves the
  // transaction open, and BEGIN would then fail as if the write were at fault.
  if (db.in_transaction()) db.rollback();
  sql::Transaction transaction(db);
  writes();
  transaction.commit();
}

}  // namespace parlor::server::store
