// The store on PostgreSQL (--db postgresql://...): the same interface and promises as
// SQLite's (the same Store, store.hpp, over another backend), for several nodes sharing one
// database.
//
// Writes: the shared write queue (write_queue.hpp) on one writer thread, each batch sent
// by PgWriteBatch in one pipeline (one round trip) on the writer's own connection. A lost
// database is an outage: batches are held and retried (reconnecting with backoff),
// `writable()` is false meanwhile, nothing is dropped. The batch guard
// (StoreOptions::batch_guard_sql) runs first in every batch.
//
// Reads (recovery, the history API): their own connection, never the writer's, each read
// in one read-only REPEATABLE READ transaction so it sees whole batches only.
#pragma once

#include <memory>

#include "server/store/store.hpp"

namespace parlor::server::store {

// Connects, applies the migrations. Errors: "db_open_failed" (unreachable, refused, bad
// credentials), "db_too_new", "db_migration_failed".
Expected<std::unique_ptr<Store>> open_postgres_store(const StoreOptions& options);

}  // namespace parlor::server::store
