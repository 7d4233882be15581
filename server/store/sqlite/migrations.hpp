// SQLite's schema: numbered migrations (migration_runner.hpp) applied in order under
// PRAGMA user_version. A migration is never edited once released: append one.
#pragma once

#include <vector>

#include "server/store/migration_runner.hpp"
#include "server/store/sqlite/database.hpp"

namespace parlor::server::store {

const std::vector<Migration>& migrations();
// The schema version this binary writes (PRAGMA user_version).
int current_schema_version();

// Brings `db` from its user_version up to `target` (default: the newest), each migration
// in its own transaction. Returns the version the database had before. Throws StoreError:
// "db_too_new" when the database is newer than this binary, "db_migration_failed" when a
// migration fails (that migration is rolled back; earlier ones stay).
int migrate(sql::Database& db, int target = -1);

}  // namespace parlor::server::store
