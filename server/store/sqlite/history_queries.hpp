// The store's reads on SQLite (store_reads.hpp): recovery's rows and the history API's,
// each a SELECT on the connection it is given. The caller holds that connection's lock
// and a read transaction (the backend's read, sqlite_store.cpp). Throw on SQL errors.
#pragma once

#include <memory>

#include "server/store/sqlite/database.hpp"
#include "server/store/store_reads.hpp"

namespace parlor::server::store {

// The reads on `db`, which must outlive them.
std::unique_ptr<StoreReads> sqlite_reads(sql::Database& db);

}  // namespace parlor::server::store
