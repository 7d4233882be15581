// The schema's migrations, run the same way on both databases: numbered steps applied in
// order, each in its own transaction with the version it brings, never edited once
// released (change the schema by appending one). A backend gives the steps
// (sqlite/migrations.cpp, postgres/pg_migrations.cpp) and a SchemaHistory: how its
// transaction begins, where it records the version, how a step's SQL runs.
#pragma once

#include <exception>
#include <memory>
#include <string>
#include <vector>

namespace parlor::server::store {

struct Migration {
  int version;              // the schema version once applied (1, 2, ...)
  const char* description;  // for the log
  const char* sql;
};

class SchemaHistory {
 public:
  class Transaction {
   public:
    virtual ~Transaction() = default;  // rolls back unless committed
    virtual void commit() = 0;
  };

  virtual ~SchemaHistory() = default;
  // Begins one migration's transaction (PostgreSQL's also takes the lock that keeps
  // nodes starting together from migrating at once).
  virtual std::unique_ptr<Transaction> begin() = 0;
  // The version recorded, inside that transaction (0: an empty database).
  virtual int version() = 0;
  // Runs `migration`'s SQL and records its version, inside that transaction.
  virtual void apply(const Migration& migration) = 0;
  // True if `error` means the database cannot be reached (rethrown as it is, not as a
  // failed migration).
  virtual bool is_outage(const std::exception& /*error*/) const { return false; }
  // How the log and the errors name the database ("the database", "the PostgreSQL
  // database") and what else to use ("another database file").
  virtual const char* name() const = 0;
  virtual const char* other() const = 0;
};

// A backend's own transaction (`T`: RAII, rolled back unless commit() was called) as a
// migration's.
template <class T>
class MigrationTransaction final : public SchemaHistory::Transaction {
 public:
  template <class Connection>
  explicit MigrationTransaction(Connection& connection) : transaction_(connection) {}
  void commit() override { transaction_.commit(); }

 private:
  T transaction_;
};

// Brings `database` up to `target` (<= 0: the newest of `migrations`), each step in its
// own transaction. Returns the version it had before. Throws StoreError: "db_too_new"
// when the database is newer than `migrations`, "db_migration_failed" when a step fails
// (that step is rolled back; earlier ones stay).
int run_migrations(const std::vector<Migration>& migrations, SchemaHistory& database,
                   int target = -1);

}  // namespace parlor::server::store
