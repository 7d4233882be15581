// A club's server's reads on SQLite (store_reads.hpp, account_rows.hpp): each a SELECT on
// the connection it is given, inside the caller's read transaction (the backend's read,
// sqlite_store.cpp). SqliteReads (history_queries.cpp) answers with these. Throw on SQL
// errors.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/store/account_rows.hpp"
#include "server/store/sqlite/database.hpp"

namespace parlor::server::store {

class SqliteAccountQueries {
 public:
  explicit SqliteAccountQueries(sql::Database& db) : db_(db) {}

  std::vector<AccountRow> load_accounts();
  std::optional<AccountRow> account_by_key(const std::string& handle_key);
  std::optional<AccountRow> account_of(const std::string& player_id);
  // players.token_hash first (unless ended), then player_tokens by created_at.
  std::vector<SessionRow> sessions_of(const std::string& player_id);
  std::vector<SanctionRow> load_sanctions();
  std::vector<InviteRow> invites();
  bool player_invited(const std::string& player_id);
  std::vector<std::string> invited_players();
  std::vector<AuditRow> audit_after(std::int64_t after_seq, int limit);
  std::vector<AuditRow> audit_page(std::int64_t before_seq, int limit);
  std::optional<std::string> setting(const std::string& key);
  std::vector<EventRow> load_events();

 private:
  std::optional<AccountRow> one_account(const char* where, const std::string& value);

  sql::Database& db_;
};

}  // namespace parlor::server::store
