// The store's reads on PostgreSQL (store_reads.hpp): recovery's rows and the history
// API's, the same rows as sqlite/history_queries.hpp gives for the same data (ids sort
// with COLLATE "C" as SQLite's bytes do; names compare through lower()). Each runs
// inside the caller's read transaction (one snapshot). Throw PgError on failure.
#pragma once

#include <memory>

#include "server/store/postgres/pg_connection.hpp"
#include "server/store/store_reads.hpp"

namespace parlor::server::store::pg {

// The reads on `db`, which must outlive them.
std::unique_ptr<StoreReads> pg_reads(Connection& db);

}  // namespace parlor::server::store::pg
