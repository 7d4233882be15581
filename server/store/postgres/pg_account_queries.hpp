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
#include "server/store/store_reads.hpp"

namespace parlor::server::store::pg {

class PgAccountQueries final : public AccountReads {
 public:
  explicit PgAccountQueries(Connection& db) : db_(db) {}

  std::vector<AccountRow> load_accounts() override;
  std::optional<AccountRow> account_by_key(const std::string& handle_key) override;
  std::optional<AccountRow> account_of(const std::string& player_id) override;
  std::vector<SessionRow> sessions_of(const std::string& player_id) override;
  std::vector<SanctionRow> load_sanctions() override;
  std::vector<InviteRow> invites() override;
  bool player_invited(const std::string& player_id) override;
  std::vector<std::string> invited_players() override;
  std::vector<AuditRow> audit_after(std::int64_t after_seq, int limit) override;
  std::vector<AuditRow> audit_page(std::int64_t before_seq, int limit) override;
  std::optional<std::string> setting(const std::string& key) override;
  std::vector<EventRow> load_events() override;

 private:
  std::optional<AccountRow> one_account(const char* where, const std::string& value);

  Connection& db_;
};

}  // namespace parlor::server::store::pg
