// A club's server's writes on PostgreSQL (PgWriteBatch, pg_write_batch.hpp): statements
// appended to the batch, each idempotent because a batch whose COMMIT's answer was lost is
// sent again: inserts that do nothing when the row exists (an account whose player id or
// handle_key is taken: of two nodes' sign-ups for one handle the second finds the first's
// row, or waits on its insert and then does nothing), upserts, updates that set the same
// values, deletes.
#include <utility>

#include "server/store/postgres/pg_write_batch.hpp"

namespace parlor::server::store::pg {

void PgWriteBatch::account_created(const AccountRow& account) {
  add(R"sql(
    INSERT INTO accounts (player_id, handle, handle_key, skeleton, password_hash, role,
                          approved, created_at, password_changed_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
    ON CONFLICT DO NOTHING)sql",
      Params()
          .add(account.player_id)
          .add(account.handle)
          .add(account.handle_key)
          .add(account.skeleton)
          .add(account.password_hash)
          .add(account.role)
          .add(account.approved)
          .add(account.created_at)
          .add(account.password_changed_at));
}

void PgWriteBatch::password_changed(const std::string& player_id, const std::string& password_hash,
                                    Millis at) {
  add("UPDATE accounts SET password_hash = $2, password_changed_at = $3 WHERE player_id = $1",
      Params().add(player_id).add(password_hash).add(at));
}

void PgWriteBatch::account_role_set(const std::string& player_id, const std::string& role) {
  add("UPDATE accounts SET role = $2 WHERE player_id = $1", Params().add(player_id).add(role));
}

void PgWriteBatch::account_approved(const std::string& player_id, bool approved) {
  add("UPDATE accounts SET approved = $2 WHERE player_id = $1",
      Params().add(player_id).add(approved));
}

void PgWriteBatch::session_added(const std::string& player_id, const std::string& token_hash,
                                 const std::string& label, Millis at) {
  add(R"sql(
    INSERT INTO player_tokens (token_hash, player_id, created_at, label) VALUES ($1, $2, $3, $4)
    ON CONFLICT (token_hash) DO NOTHING)sql",
      Params().add(token_hash).add(player_id).add(at).add(label));
}

// players.token_hash is NOT NULL UNIQUE: an ended first token keeps its row, under a
// prefix no SHA-256 lookup can match (sql_text::kEndedTokenPrefix).
void PgWriteBatch::session_ended(const std::string& token_hash) {
  add("DELETE FROM player_tokens WHERE token_hash = $1", Params().add(token_hash));
  add("UPDATE players SET token_hash = 'ended:' || token_hash WHERE token_hash = $1",
      Params().add(token_hash));
}

void PgWriteBatch::sessions_ended_except(const std::string& player_id,
                                         const std::string& keep_token_hash) {
  add("DELETE FROM player_tokens WHERE player_id = $1 AND token_hash <> $2",
      Params().add(player_id).add(keep_token_hash));
  add(R"sql(
    UPDATE players SET token_hash = 'ended:' || token_hash
    WHERE id = $1 AND token_hash <> $2 AND substr(token_hash, 1, 6) <> 'ended:')sql",
      Params().add(player_id).add(keep_token_hash));
}

void PgWriteBatch::sanction_set(const SanctionRow& sanction) {
  add(R"sql(
    INSERT INTO sanctions (player_id, until, reason, by_player, at) VALUES ($1, $2, $3, $4, $5)
    ON CONFLICT (player_id) DO UPDATE SET
      until = excluded.until, reason = excluded.reason, by_player = excluded.by_player,
      at = excluded.at)sql",
      Params()
          .add(sanction.player_id)
          .add(sanction.until)
          .add(sanction.reason)
          .add(sanction.by)
          .add(sanction.at));
}

void PgWriteBatch::sanction_lifted(const std::string& player_id) {
  add("DELETE FROM sanctions WHERE player_id = $1", Params().add(player_id));
}

void PgWriteBatch::invite_made(const InviteRow& invite) {
  add(R"sql(
    INSERT INTO invites (id, code_hash, created_by, note, created_at, expires_at, max_uses,
                         uses, revoked_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
    ON CONFLICT DO NOTHING)sql",
      Params()
          .add(invite.id)
          .add(invite.code_hash)
          .add(invite.created_by)
          .add(invite.note)
          .add(invite.created_at)
          .add(invite.expires_at)
          .add(invite.max_uses)
          .add(invite.uses)
          .add(invite.revoked_at));
}

void PgWriteBatch::invite_revoked(const std::string& invite_id, Millis at) {
  add("UPDATE invites SET revoked_at = $2 WHERE id = $1 AND revoked_at = 0",
      Params().add(invite_id).add(at));
}

// One statement. FOR UPDATE takes the invite's row lock: of two nodes spending its last
// use at once, the second waits, then reads the row again (READ COMMITTED re-checks the
// WHERE on the committed version) and finds no use left. The use's row goes in before the
// count: a player whose use is there already (a replay, or another node's same redemption)
// inserts nothing, and then nothing is counted.
void PgWriteBatch::invite_redeemed(const std::string& code_hash, const std::string& player_id,
                                   Millis at) {
  add(R"sql(
    WITH good AS (
      SELECT code_hash FROM invites
      WHERE code_hash = $1 AND expires_at > $3 AND revoked_at = 0 AND uses < max_uses
      FOR UPDATE),
    used AS (
      INSERT INTO invite_uses (code_hash, player_id, at)
      SELECT code_hash, $2, $3 FROM good
      ON CONFLICT (code_hash, player_id) DO NOTHING
      RETURNING code_hash)
    UPDATE invites SET uses = uses + 1 WHERE code_hash IN (SELECT code_hash FROM used))sql",
      Params().add(code_hash).add(player_id).add(at));
}

void PgWriteBatch::audit(const AuditRow& row) {
  audit_lock_ = true;
  add(R"sql(
    INSERT INTO audit_log (key, at, actor_id, actor_name, action, target_id, target_name, detail)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
    ON CONFLICT (key) DO NOTHING)sql",
      Params()
          .add(row.key)
          .add(row.at)
          .add(row.actor_id)
          .add(row.actor_name)
          .add(row.action)
          .add(row.target_id)
          .add(row.target_name)
          .add(row.detail));
}

void PgWriteBatch::setting_saved(const std::string& key, const std::string& value, Millis at) {
  add(R"sql(
    INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, $3)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at)sql",
      Params().add(key).add(value).add(at));
}

void PgWriteBatch::event_saved(const std::string& event_id, const std::string& state, Millis at) {
  add(R"sql(
    INSERT INTO events (id, state, updated_at) VALUES ($1, $2, $3)
    ON CONFLICT (id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at)sql",
      Params().add(event_id).add(state).add(at));
}

}  // namespace parlor::server::store::pg
