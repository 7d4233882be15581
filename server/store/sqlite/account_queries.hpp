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
#include "server/store/store_reads.hpp"

namespace parlor::server::store {

class SqliteAccountQueries final : public AccountReads {
 public:
  explicit SqliteAccountQueries(sql::Database& db) : db_(db) {}

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

  sql::Database& db_;
};

}  // namespace parlor::server::store
