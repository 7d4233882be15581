// The schema, as numbered migrations applied in order under PRAGMA user_version.
// A migration is never edited once released: change the schema by appending one.
#pragma once

#include <string>
#include <vector>

#include "server/store/sqlite/database.hpp"

namespace parlor::server::store {

struct Migration {
  int version;              // user_version after it is applied (1, 2, ...)
  std::string description;  // for the log
  std::string sql;
};

const std::vector<Migration>& migrations();
// The schema version this binary writes (PRAGMA user_version).
int current_schema_version();

// Brings `db` from its user_version up to `target` (default: the newest), each migration
// in its own transaction. Returns the version the database had before. Throws StoreError:
// "db_too_new" when the database is newer than this binary, "db_migration_failed" when a
// migration fails (that migration is rolled back; earlier ones stay).
int migrate(sql::Database& db, int target = -1);

}  // namespace parlor::server::store
