// The store on SQLite: Parlor's one file (schema and migrations: migrations.cpp).
//
// Actions (schema version 3): while a match is in progress its actions are appended to
// one journal shared by all live matches (live_actions, in arrival order, no index), so a
// group commit writes about one page however many tables it serves. When the match ends
// or is aborted, its whole list becomes one row of match_actions, which the history API
// reads; recovery reads the journal. Version 2's per-match B-tree (actions) is migrated
// into these and dropped.
//
// Writes: a single writer thread (write_queue.hpp) commits the queue in small groups (one
// transaction per batch, at most `commit_interval` after the first queued write); a
// write that fails because the file cannot take writes is held and retried
// (write_outage.hpp). Reads use their own connection (WAL lets readers run beside the
// writer), each in one read transaction.
#pragma once

#include <memory>

#include "server/store/store.hpp"

namespace parlor::server::store {

// Store::open's checks and errors, for a file or ":memory:": a Store
// (store.hpp) over SQLite's connections.
Expected<std::unique_ptr<Store>> open_sqlite_store(const StoreOptions& options);

}  // namespace parlor::server::store
