#include "server/store/sqlite/account_queries.hpp"

#include "server/store/row_readers.hpp"
#include "server/store/shared_sql.hpp"
#include "server/store/sqlite/statement.hpp"

namespace parlor::server::store {

namespace {

std::string account_select() {
  return std::string("SELECT") + sql_text::kAccountColumns + " FROM accounts a";
}

}  // namespace

std::vector<AccountRow> SqliteAccountQueries::load_accounts() {
  sql::Statement row(db_, account_select() + " ORDER BY a.created_at, a.player_id");
  return sql::all_rows(row, rows::account<sql::Columns>);
}

std::optional<AccountRow> SqliteAccountQueries::one_account(const char* where,
                                                            const std::string& value) {
  sql::Statement row(db_, account_select() + " WHERE " + where + " = ?1");
  row.bind(1, value);
  if (!row.step()) return std::nullopt;
  return rows::account(sql::Columns{row});
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
  return sql::all_rows(row, [&](const sql::Columns& c) { return rows::session(c, player_id); });
}

std::vector<SanctionRow> SqliteAccountQueries::load_sanctions() {
  sql::Statement row(
      db_, "SELECT player_id, until, reason, by_player, at FROM sanctions ORDER BY player_id");
  return sql::all_rows(row, rows::sanction<sql::Columns>);
}

std::vector<InviteRow> SqliteAccountQueries::invites() {
  sql::Statement row(db_, std::string("SELECT") + sql_text::kInviteColumns +
                              " FROM invites ORDER BY created_at DESC, id DESC");
  return sql::all_rows(row, rows::invite<sql::Columns>);
}

bool SqliteAccountQueries::player_invited(const std::string& player_id) {
  sql::Statement row(db_, "SELECT EXISTS (SELECT 1 FROM invite_uses WHERE player_id = ?1)");
  row.bind(1, player_id);
  return row.step() && row.get_bool(0);
}

std::vector<std::string> SqliteAccountQueries::invited_players() {
  sql::Statement row(db_, "SELECT DISTINCT player_id FROM invite_uses ORDER BY player_id");
  return sql::all_rows(row, rows::first_text<sql::Columns>);
}

std::vector<AuditRow> SqliteAccountQueries::audit_after(std::int64_t after_seq, int limit) {
  sql::Statement row(db_, std::string("SELECT") + sql_text::kAuditColumns +
                              " FROM audit_log WHERE seq > ?1 ORDER BY seq LIMIT ?2");
  row.bind(1, after_seq);
  row.bind(2, limit);
  return sql::all_rows(row, rows::audit<sql::Columns>);
}

std::vector<AuditRow> SqliteAccountQueries::audit_page(std::int64_t before_seq, int limit) {
  sql::Statement row(db_, std::string("SELECT") + sql_text::kAuditColumns +
                              " FROM audit_log WHERE (?1 = 0 OR seq < ?1)"
                              " ORDER BY seq DESC LIMIT ?2");
  row.bind(1, before_seq);
  row.bind(2, limit);
  return sql::all_rows(row, rows::audit<sql::Columns>);
}

std::optional<std::string> SqliteAccountQueries::setting(const std::string& key) {
  sql::Statement row(db_, "SELECT value FROM settings WHERE key = ?1");
  row.bind(1, key);
  if (!row.step()) return std::nullopt;
  return row.get_text(0);
}

std::vector<EventRow> SqliteAccountQueries::load_events() {
  sql::Statement row(db_, "SELECT id, state, updated_at FROM events ORDER BY id");
  return sql::all_rows(row, rows::event<sql::Columns>);
}

}  // namespace parlor::server::store
