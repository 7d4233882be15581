#include "server/store/postgres/pg_account_queries.hpp"

#include "server/store/row_readers.hpp"
#include "server/store/shared_sql.hpp"

namespace parlor::server::store::pg {

namespace {

std::string account_select() {
  return std::string("SELECT") + sql_text::kAccountColumns + " FROM accounts a";
}

}  // namespace

std::vector<AccountRow> PgAccountQueries::load_accounts() {
  Result row =
      db_.exec(account_select() + R"sql( ORDER BY a.created_at, a.player_id COLLATE "C")sql");
  return all_rows(row, rows::account<Columns>);
}

std::optional<AccountRow> PgAccountQueries::one_account(const char* where,
                                                        const std::string& value) {
  Result row = db_.exec(account_select() + " WHERE " + where + " = $1", Params().add(value));
  if (row.rows() == 0) return std::nullopt;
  return rows::account(Columns{row, 0});
}

std::optional<AccountRow> PgAccountQueries::account_by_key(const std::string& handle_key) {
  return one_account("a.handle_key", handle_key);
}

std::optional<AccountRow> PgAccountQueries::account_of(const std::string& player_id) {
  return one_account("a.player_id", player_id);
}

std::vector<SessionRow> PgAccountQueries::sessions_of(const std::string& player_id) {
  Result row = db_.exec(R"sql(
    SELECT token_hash, created_at, label FROM (
      SELECT token_hash, first_seen AS created_at, '' AS label, 0 AS part FROM players
      WHERE id = $1 AND substr(token_hash, 1, 6) <> 'ended:'
      UNION ALL
      SELECT token_hash, created_at, label, 1 FROM player_tokens WHERE player_id = $1) tokens
    ORDER BY part, created_at, token_hash COLLATE "C")sql",
                        Params().add(player_id));
  return all_rows(row, [&](const Columns& c) { return rows::session(c, player_id); });
}

std::vector<SanctionRow> PgAccountQueries::load_sanctions() {
  Result row = db_.exec(R"sql(
    SELECT player_id, until, reason, by_player, at FROM sanctions
    ORDER BY player_id COLLATE "C")sql");
  return all_rows(row, rows::sanction<Columns>);
}

std::vector<InviteRow> PgAccountQueries::invites() {
  Result row = db_.exec(std::string("SELECT") + sql_text::kInviteColumns +
                        R"sql( FROM invites ORDER BY created_at DESC, id COLLATE "C" DESC)sql");
  return all_rows(row, rows::invite<Columns>);
}

bool PgAccountQueries::player_invited(const std::string& player_id) {
  Result row = db_.exec("SELECT EXISTS (SELECT 1 FROM invite_uses WHERE player_id = $1)",
                        Params().add(player_id));
  return row.rows() == 1 && row.boolean(0, 0);
}

std::vector<std::string> PgAccountQueries::invited_players() {
  Result row = db_.exec(R"sql(
    SELECT DISTINCT player_id COLLATE "C" FROM invite_uses ORDER BY 1)sql");
  return all_rows(row, rows::first_text<Columns>);
}

std::vector<AuditRow> PgAccountQueries::audit_after(std::int64_t after_seq, int limit) {
  Result row = db_.exec(std::string("SELECT") + sql_text::kAuditColumns +
                            " FROM audit_log WHERE seq > $1::bigint ORDER BY seq LIMIT $2",
                        Params().add(after_seq).add(limit));
  return all_rows(row, rows::audit<Columns>);
}

std::vector<AuditRow> PgAccountQueries::audit_page(std::int64_t before_seq, int limit) {
  Result row = db_.exec(std::string("SELECT") + sql_text::kAuditColumns +
                            " FROM audit_log WHERE ($1::bigint = 0 OR seq < $1::bigint)"
                            " ORDER BY seq DESC LIMIT $2",
                        Params().add(before_seq).add(limit));
  return all_rows(row, rows::audit<Columns>);
}

std::optional<std::string> PgAccountQueries::setting(const std::string& key) {
  Result row = db_.exec("SELECT value FROM settings WHERE key = $1", Params().add(key));
  if (row.rows() == 0) return std::nullopt;
  return row.string(0, 0);
}

std::vector<EventRow> PgAccountQueries::load_events() {
  Result row = db_.exec("SELECT id, state, updated_at FROM events ORDER BY id", Params());
  return all_rows(row, rows::event<Columns>);
}

}  // namespace parlor::server::store::pg
