// Where the store's implementation is chosen: the one place that names a backend.
#include "server/store/store.hpp"

#include "server/store/postgres/pg_connection.hpp"
#include "server/store/postgres/postgres_store.hpp"
#include "server/store/sqlite/sqlite_store.hpp"

namespace parlor::server::store {

Expected<std::unique_ptr<Store>> Store::open(const StoreOptions& options) {
  if (pg::is_postgres_uri(options.path)) {
    Expected<std::unique_ptr<PostgresStore>> opened = PostgresStore::open(options);
    if (!opened) return opened.error();
    return std::unique_ptr<Store>(std::move(opened.value()));
  }
  Expected<std::unique_ptr<SqliteStore>> opened = SqliteStore::open(options);
  if (!opened) return opened.error();
  return std::unique_ptr<Store>(std::move(opened.value()));
}

Error Store::unreadable_players() {
  return Error{"store_read_failed", "cannot read the players' tokens"};
}

Error Store::unreadable_journals(const std::vector<std::string>& room_ids) {
  std::string rooms;
  for (const std::string& id : room_ids) rooms += (rooms.empty() ? "" : ", ") + id;
  return Error{"store_read_failed", "cannot read the journals of rooms " + rooms};
}

}  // namespace parlor::server::store
