// Writes a database back to its path from an open connection, after the file was deleted
// under the running server. The connection still reaches the deleted file (and is its
// only way in), so a consistent copy of everything committed is still there to take.
#pragma once

#include <string>

#include "server/store/sqlite/database.hpp"

namespace parlor::server::store {

// Folds the WAL into the deleted file and empties it (so the WAL file left at
// `path`-wal, which belongs to the deleted file, has nothing a later connection could
// replay into the copy), copies every page with SQLite's online backup into
// `path`.restoring, syncs it, and renames it to `path` unless a file appeared there
// meanwhile. Returns the pages copied. Throws SqlError (an outage code) on any failure,
// leaving `path` as it was; the source connection stays usable.
long long write_back_copy(sql::Database& source, const std::string& path);

}  // namespace parlor::server::store
