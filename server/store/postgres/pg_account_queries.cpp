#include "server/store/postgres/pg_account_queries.hpp"

#include "server/store/shared_sql.hpp"

namespace parlor::server::store::pg {

namespace {

int int_of(const Result& row, int r, int c) { return static_cast<int>(row.int64(r, c)); }

// Columns as sql_text::kAccountColumns lists them.
AccountRow account_row(const Result& row, int r) {
  return AccountRow{.player_id = row.string(r, 0),
                    .handle = row.string(r, 1),
                    .handle_key = row.string(r, 2),
                    .skeleton = row.string(r, 3),
                    .password_hash = row.string(r, 4),
                    .role = row.string(r, 5),
                    .approved = row.boolean(r, 6),
                    .invited = row.boolean(r, 9),
                    .created_at = row.int64(r, 7),
                    .password_changed_at = row.int64(r, 8)};
}

// Columns as sql_text::kAuditColumns lists them.
std::vector<AuditRow> audit_rows(const Result& row) {
  std::vector<AuditRow> rows;
  for (int r = 0; r < row.rows(); ++r) {
    rows.push_back(AuditRow{.seq = row.int64(r, 0),
                            .key = row.string(r, 1),
                            .at = row.int64(r, 2),
                            .actor_id = row.string(r, 3),
                            .actor_name = row.string(r, 4),
                            .action = row.string(r, 5),
                            .target_id = row.string(r, 6),
                            .target_name = row.string(r, 7),
                            .detail = row.string(r, 8)});
  }
  return rows;
}

std::string account_select() {
  return std::string("SELECT") + sql_text::kAccountColumns + " FROM accounts a";
}

}  // namespace

std::vector<AccountRow> PgAccountQueries::load_accounts() {
  Result row =
      db_.exec(account_select() + R"sql( ORDER BY a.created_at, a.player_id COLLATE "C")sql");
  std::vector<AccountRow> accounts;
  for (int r = 0; r < row.rows(); ++r) accounts.push_back(account_row(row, r));
  return accounts;
}

std::optional<AccountRow> PgAccountQueries::one_account(const char* where,
                                                        const std::string& value) {
  Result row = db_.exec(account_select() + " WHERE " + where + " = $1", Params().add(value));
  if (row.rows() == 0) return std::nullopt;
  return account_row(row, 0);
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
  std::vector<SessionRow> sessions;
  for (int r = 0; r < row.rows(); ++r) {
    sessions.push_back(SessionRow{.token_hash = row.string(r, 0),
                                  .player_id = player_id,
                                  .label = row.string(r, 2),
                                  .created_at = row.int64(r, 1)});
  }
  return sessions;
}

std::vector<SanctionRow> PgAccountQueries::load_sanctions() {
  Result row = db_.exec(R"sql(
    SELECT player_id, until, reason, by_player, at FROM sanctions
    ORDER BY player_id COLLATE "C")sql");
  std::vector<SanctionRow> sanctions;
  for (int r = 0; r < row.rows(); ++r) {
    sanctions.push_back(SanctionRow{.player_id = row.string(r, 0),
                                    .until = row.int64(r, 1),
                                    .reason = row.string(r, 2),
                                    .by = row.string(r, 3),
                                    .at = row.int64(r, 4)});
  }
  return sanctions;
}

std::vector<InviteRow> PgAccountQueries::invites() {
  Result row = db_.exec(std::string("SELECT") + sql_text::kInviteColumns +
                        R"sql( FROM invites ORDER BY created_at DESC, id COLLATE "C" DESC)sql");
  std::vector<InviteRow> invites;
  for (int r = 0; r < row.rows(); ++r) {
    invites.push_back(InviteRow{.id = row.string(r, 0),
                                .code_hash = row.string(r, 1),
                                .created_by = row.string(r, 2),
                                .note = row.string(r, 3),
                                .created_at = row.int64(r, 4),
                                .expires_at = row.int64(r, 5),
                                .max_uses = int_of(row, r, 6),
                                .uses = int_of(row, r, 7),
                                .revoked_at = row.int64(r, 8)});
  }
  return invites;
}

bool PgAccountQueries::player_invited(const std::string& player_id) {
  Result row = db_.exec("SELECT EXISTS (SELECT 1 FROM invite_uses WHERE player_id = $1)",
                        Params().add(player_id));
  return row.rows() == 1 && row.boolean(0, 0);
}

std::vector<std::string> PgAccountQueries::invited_players() {
  Result row = db_.exec(R"sql(
    SELECT DISTINCT player_id COLLATE "C" FROM invite_uses ORDER BY 1)sql");
  std::vector<std::string> players;
  for (int r = 0; r < row.rows(); ++r) players.push_back(row.string(r, 0));
  return players;
}

std::vector<AuditRow> PgAccountQueries::audit_after(std::int64_t after_seq, int limit) {
  return audit_rows(db_.exec(std::string("SELECT") + sql_text::kAuditColumns +
                                 " FROM audit_log WHERE seq > $1::bigint ORDER BY seq LIMIT $2",
                             Params().add(after_seq).add(limit)));
}

std::vector<AuditRow> PgAccountQueries::audit_page(std::int64_t before_seq, int limit) {
  return audit_rows(db_.exec(std::string("SELECT") + sql_text::kAuditColumns +
                                 " FROM audit_log WHERE ($1::bigint = 0 OR seq < $1::bigint)"
                                 " ORDER BY seq DESC LIMIT $2",
                             Params().add(before_seq).add(limit)));
}

std::optional<std::string> PgAccountQueries::setting(const std::string& key) {
  Result row = db_.exec("SELECT value FROM settings WHERE key = $1", Params().add(key));
  if (row.rows() == 0) return std::nullopt;
  return row.string(0, 0);
}

std::vector<EventRow> PgAccountQueries::load_events() {
  Result rows = db_.exec("SELECT id, state, updated_at FROM events ORDER BY id", Params());
  std::vector<EventRow> events;
  for (int r = 0; r < rows.rows(); ++r) {
    events.push_back({rows.string(r, 0), rows.string(r, 1), rows.int64(r, 2)});
  }
  return events;
}

}  // namespace parlor::server::store::pg
