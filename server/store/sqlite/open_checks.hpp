// What the store checks about a database file before it writes anything to it, so that a
// server never starts on a file it cannot keep its promises with (and then loses every
// write), and never adds its tables to another application's file.
//
// - writable: SQLite silently opens a file it may not write read-only ("db_read_only");
// - not held by another process past the busy timeout ("db_locked");
// - intact: PRAGMA quick_check, O(size) but without the index cross-checks of
//   integrity_check ("db_corrupt"); a file that is not SQLite at all is "db_corrupt" too;
// - Parlor's own: PRAGMA application_id is kApplicationId. A file without one is accepted
//   when it is empty (new) or holds an older Parlor schema (both then get the id);
//   anything else is another application's ("db_foreign").
#pragma once

#include <cstdint>

#include "server/store/sqlite/database.hpp"

namespace parlor::server::store {

// "PRLR": the application id Parlor's files carry (see sqlite.org/fileformat.html).
constexpr std::int32_t kApplicationId = 0x50524C52;

// Checks everything but the lock (which needs the connection configured); throws
// StoreError with the codes above.
void check_database_file(sql::Database& db, const std::string& path);
// Takes and releases the write lock once (BEGIN IMMEDIATE, ROLLBACK): "db_locked" or
// "db_read_only" if that cannot be done.
void check_write_lock(sql::Database& db, const std::string& path);
// Marks a file checked by check_database_file as Parlor's (a write; idempotent).
void mark_as_parlor(sql::Database& db);
// The StoreError code for an SQLite error met while opening (db_locked, db_read_only,
// db_corrupt, else db_open_failed).
const char* open_error_code(int sqlite_code);

}  // namespace parlor::server::store
