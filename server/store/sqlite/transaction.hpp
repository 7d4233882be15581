// RAII transactions. Transaction: BEGIN IMMEDIATE (takes the write lock at once, so a
// busy database is reported at the start, not halfway), rolled back by the destructor
// unless committed. ReadTransaction: a deferred BEGIN giving one consistent snapshot for
// several SELECTs, ended by the destructor.
#pragma once

#include "server/store/sqlite/database.hpp"

namespace parlor::server::store::sql {

class Transaction {
 public:
  explicit Transaction(Database& db) : db_(db) { db_.begin_immediate(); }
  ~Transaction() {
    if (!done_ && db_.in_transaction()) {
      try {
        db_.rollback();
      } catch (...) {  // NOLINT(bugprone-empty-catch): nothing more to do in a destructor
      }
    }
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  void commit() {
    db_.commit();
    done_ = true;
  }

 private:
  Database& db_;
  bool done_ = false;
};

class ReadTransaction {
 public:
  explicit ReadTransaction(Database& db) : db_(db) { db_.exec("BEGIN"); }
  ~ReadTransaction() {
    if (db_.in_transaction()) {
      try {
        db_.exec("COMMIT");
      } catch (...) {  // NOLINT(bugprone-empty-catch): a read has nothing to lose
      }
    }
  }
  ReadTransaction(const ReadTransaction&) = delete;
  ReadTransaction& operator=(const ReadTransaction&) = delete;

 private:
  Database& db_;
};

}  // namespace parlor::server::store::sql
