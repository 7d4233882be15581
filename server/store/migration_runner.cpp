#include "server/store/migration_runner.hpp"

#include <spdlog/spdlog.h>

#include "server/store/store_error.hpp"

namespace parlor::server::store {

namespace {

StoreError too_new(int found, int newest, const SchemaHistory& database) {
  return StoreError("db_too_new",
                    std::string("the database has schema version ") + std::to_string(found) +
                        " but this Parlor understands up to version " + std::to_string(newest) +
                        ": use a newer Parlor or " + database.other());
}

StoreError failed(const Migration& migration, const std::exception& error) {
  return StoreError("db_migration_failed", "migration to schema version " +
                                               std::to_string(migration.version) + " (" +
                                               migration.description + ") failed: " + error.what());
}

}  // namespace

int run_migrations(const std::vector<Migration>& migrations, SchemaHistory& database, int target) {
  const int newest = migrations.back().version;
  if (target <= 0) target = newest;
  int before = -1;
  for (const Migration& migration : migrations) {
    bool too_new_found = false;
    bool applied = false;
    int found = 0;
    try {
      std::unique_ptr<SchemaHistory::Transaction> transaction = database.begin();
      found = database.version();
      if (before < 0) before = found;
      too_new_found = found > newest;
      if (!too_new_found && migration.version > found && migration.version <= target) {
        database.apply(migration);
        transaction->commit();
        applied = true;
      }
    } catch (const std::exception& e) {
      if (database.is_outage(e)) throw;
      throw failed(migration, e);
    }
    if (too_new_found) throw too_new(found, newest, database);
    if (applied) {
      spdlog::info("store: migrated {} to schema version {} ({})", database.name(),
                   migration.version, migration.description);
    }
  }
  return before;
}

}  // namespace parlor::server::store
