#include "server/store/sqlite/account_queries.hpp"

#include "server/store/shared_sql.hpp"
#include "server/store/sqlite/statement.hpp"

namespace parlor::server::store {

namespace {

// Columns as sql_text::kAccountColumns lists them.
AccountRow account_row(const sql::Statement& row) {
  return AccountRow{.player_id = row.get_text(0),
                    .handle = row.get_text(1),
                    .handle_key = row.get_text(2),
                    .skeleton = row.get_text(3),
                    .password_hash = row.get_text(4),
                    .role = row.get_text(5),
                    .approved = row.get_bool(6),
                    .invited = row.get_bool(9),
                    .created_at = row.get_int64(7),
                    .password_changed_at = row.get_int64(8)};
}

// Columns as sql_text::kAuditColumns lists them.
std::vector<AuditRow> audit_rows(sql::Statement& row) {
  std::vector<AuditRow> rows;
  while (row.step()) {
    rows.push_back(AuditRow{.seq = row.get_int64(0),
                            .key = row.get_text(1),
                            .at = row.get_int64(2),
                            .actor_id = row.get_text(3),
                            .actor_name = row.get_text(4),
                            .action = row.get_text(5),
                            .target_id = row.get_text(6),
                            .target_name = row.get_text(7),
                            .detail = row.get_text(8)});
  }
  return rows;
}

std::string account_select() {
  return std::string("SELECT") + sql_text::kAccountColumns + " FROM accounts a";
}

}  // namespace

std::vector<AccountRow> SqliteAccountQueries::load_accounts() {
  sql::Statement row(db_, account_select() + " ORDER BY a.created_at, a.player_id");
  std::vector<AccountRow> accounts;
  while (row.step()) accounts.push_back(account_row(row));
  return accounts;
}

std::optional<AccountRow> SqliteAccountQueries::one_account(const char* where,
                                                            const std::string& value) {
  sql::Statement row(db_, account_select() + " WHERE " + where + " = ?1");
  row.bind(1, value);
  if (!row.step()) return std::nullopt;
  return account_row(row);
}

std::optional<AccountRow> SqliteAccountQueries::account_by_key(const std::string& handle_key) {
  return one_account("a.handle_key", handle_key);
}

std::optional<AccountRow> SqliteAccountQueries::account_of(const std::string& player_id) {
  return one_account("a.player_id", player_id);
}

std::vector<SessionRow> SqliteAccountQueries::sessions_of(const std::string& player_id) {
  sql::Statement row(db_, R"sql(
    SELECT token_hash, first_seen, '', 0 FROM players
    WHERE id = ?1 AND substr(token_hash, 1, 6) <> 'ended:'
    UNION ALL
    SELECT token_hash, created_at, label, 1 FROM player_tokens WHERE player_id = ?1
    ORDER BY 4, 2, 1)sql");
  row.bind(1, player_id);
  std::vector<SessionRow> sessions;
  while (row.step()) {
    sessions.push_back(SessionRow{.token_hash = row.get_text(0),
                                  .player_id = player_id,
                                  .label = row.get_text(2),
                                  .created_at = row.get_int64(1)});
  }
  return sessions;
}

std::vector<SanctionRow> SqliteAccountQueries::load_sanctions() {
  sql::Statement row(
      db_, "SELECT player_id, until, reason, by_player, at FROM sanctions ORDER BY player_id");
  std::vector<SanctionRow> sanctions;
  while (row.step()) {
    sanctions.push_back(SanctionRow{.player_id = row.get_text(0),
                                    .until = row.get_int64(1),
                                    .reason = row.get_text(2),
                                    .by = row.get_text(3),
                                    .at = row.get_int64(4)});
  }
  return sanctions;
}

std::vector<InviteRow> SqliteAccountQueries::invites() {
  sql::Statement row(db_, std::string("SELECT") + sql_text::kInviteColumns +
                              " FROM invites ORDER BY created_at DESC, id DESC");
  std::vector<InviteRow> invites;
  while (row.step()) {
    invites.push_back(InviteRow{.id = row.get_text(0),
                                .code_hash = row.get_text(1),
                                .created_by = row.get_text(2),
                                .note = row.get_text(3),
                                .created_at = row.get_int64(4),
                                .expires_at = row.get_int64(5),
                                .max_uses = row.get_int(6),
                                .uses = row.get_int(7),
                                .revoked_at = row.get_int64(8)});
  }
  return invites;
}

bool SqliteAccountQueries::player_invited(const std::string& player_id) {
  sql::Statement row(db_, "SELECT EXISTS (SELECT 1 FROM invite_uses WHERE player_id = ?1)");
  row.bind(1, player_id);
  return row.step() && row.get_bool(0);
}

std::vector<std::string> SqliteAccountQueries::invited_players() {
  sql::Statement row(db_, "SELECT DISTINCT player_id FROM invite_uses ORDER BY player_id");
  std::vector<std::string> players;
  while (row.step()) players.push_back(row.get_text(0));
  return players;
}

std::vector<AuditRow> SqliteAccountQueries::audit_after(std::int64_t after_seq, int limit) {
  sql::Statement row(db_, std::string("SELECT") + sql_text::kAuditColumns +
                              " FROM audit_log WHERE seq > ?1 ORDER BY seq LIMIT ?2");
  row.bind(1, after_seq);
  row.bind(2, limit);
  return audit_rows(row);
}

std::vector<AuditRow> SqliteAccountQueries::audit_page(std::int64_t before_seq, int limit) {
  sql::Statement row(db_, std::string("SELECT") + sql_text::kAuditColumns +
                              " FROM audit_log WHERE (?1 = 0 OR seq < ?1)"
                              " ORDER BY seq DESC LIMIT ?2");
  row.bind(1, before_seq);
  row.bind(2, limit);
  return audit_rows(row);
}

std::optional<std::string> SqliteAccountQueries::setting(const std::string& key) {
  sql::Statement row(db_, "SELECT value FROM settings WHERE key = ?1");
  row.bind(1, key);
  if (!row.step()) return std::nullopt;
  return row.get_text(0);
}

std::vector<EventRow> SqliteAccountQueries::load_events() {
  sql::Statement row(db_, "SELECT id, state, updated_at FROM events ORDER BY id");
  std::vector<EventRow> events;
  while (row.step()) events.push_back({row.get_text(0), row.get_text(1), row.get_int64(2)});
  return events;
}

}  // namespace parlor::server::store
