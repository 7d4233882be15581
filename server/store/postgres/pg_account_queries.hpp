// A club's server's reads on PostgreSQL (store_reads.hpp, account_rows.hpp): the same rows
// as sqlite/account_queries.hpp gives for the same data (ids and keys sort with
// COLLATE "C" as SQLite's bytes do), each inside the caller's read transaction. PgReads
// (pg_history_queries.cpp) answers with these. Throw PgError on failure.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/store/account_rows.hpp"
#include "server/store/postgres/pg_connection.hpp"

namespace parlor::server::store::pg {

class PgAccountQueries {
 public:
  explicit PgAccountQueries(Connection& db) : db_(db) {}

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

  Connection& db_;
};

}  // namespace parlor::server::store::pg
