// The PostgreSQL schema: the same tables as SQLite's (sqlite/migrations.cpp) in
// PostgreSQL's types, versioned in parlor_schema_version. Migrations run in one
// transaction each under an advisory lock, so nodes that start together against one
// database migrate it once.
#pragma once

#include "server/store/postgres/pg_connection.hpp"

namespace parlor::server::store::pg {

int current_schema_version();
// Applies every missing migration; returns the version found before. Throws StoreError
// "db_too_new" (a newer schema than this binary knows) or "db_migration_failed"; a
// PgError if the database cannot be reached.
int migrate(Connection& connection);

}  // namespace parlor::server::store::pg
