#include "server/store/sqlite/account_statements.hpp"

namespace parlor::server::store {

AccountStatements::AccountStatements(sql::Database& db)
    : db_(db),
      // Either key taken (player_id or handle_key): nothing, and the first account stays.
      create_account_(db, R"sql(
        INSERT INTO accounts (player_id, handle, handle_key, skeleton, password_hash, role,
                              approved, created_at, password_changed_at)
        VALUES (:player_id, :handle, :handle_key, :skeleton, :password_hash, :role, :approved,
                :created_at, :password_changed_at)
        ON CONFLICT DO NOTHING)sql"),
      change_password_(db, R"sql(
        UPDATE accounts SET password_hash = :password_hash, password_changed_at = :at
        WHERE player_id = :player_id)sql"),
      set_role_(db, "UPDATE accounts SET role = :role WHERE player_id = :player_id"),
      set_approved_(db, "UPDATE accounts SET approved = :approved WHERE player_id = :player_id"),
      add_session_(db, R"sql(
        INSERT INTO player_tokens (token_hash, player_id, created_at, label)
        VALUES (:token_hash, :player_id, :at, :label)
        ON CONFLICT (token_hash) DO NOTHING)sql"),
      delete_token_(db, "DELETE FROM player_tokens WHERE token_hash = :token_hash"),
      // players.token_hash is NOT NULL UNIQUE: an ended first token keeps its row, under a
      // prefix no SHA-256 lookup can match (sql_text::kEndedTokenPrefix).
      end_first_token_(db, R"sql(
        UPDATE players SET token_hash = 'ended:' || token_hash
        WHERE token_hash = :token_hash)sql"),
      delete_tokens_except_(db, R"sql(
        DELETE FROM player_tokens WHERE player_id = :player_id AND token_hash <> :keep)sql"),
      end_first_token_except_(db, R"sql(
        UPDATE players SET token_hash = 'ended:' || token_hash
        WHERE id = :player_id AND token_hash <> :keep
          AND substr(token_hash, 1, 6) <> 'ended:')sql"),
      upsert_sanction_(db, R"sql(
        INSERT INTO sanctions (player_id, until, reason, by_player, at)
        VALUES (:player_id, :until, :reason, :by_player, :at)
        ON CONFLICT (player_id) DO UPDATE SET
          until = excluded.until, reason = excluded.reason, by_player = excluded.by_player,
          at = excluded.at)sql"),
      delete_sanction_(db, "DELETE FROM sanctions WHERE player_id = :player_id"),
      insert_invite_(db, R"sql(
        INSERT INTO invites (id, code_hash, created_by, note, created_at, expires_at, max_uses,
                             uses, revoked_at)
        VALUES (:id, :code_hash, :created_by, :note, :created_at, :expires_at, :max_uses,
                :uses, :revoked_at)
        ON CONFLICT DO NOTHING)sql"),
      revoke_invite_(db, R"sql(
        UPDATE invites SET revoked_at = :at WHERE id = :id AND revoked_at = 0)sql"),
      // The WHERE also keeps SQLite from reading ON CONFLICT as a join's ON.
      use_invite_(db, R"sql(
        INSERT INTO invite_uses (code_hash, player_id, at)
        SELECT code_hash, :player_id, :at FROM invites
        WHERE code_hash = :code_hash AND expires_at > :at AND revoked_at = 0
          AND uses < max_uses
        ON CONFLICT (code_hash, player_id) DO NOTHING)sql"),
      count_invite_use_(db, R"sql(
        UPDATE invites SET uses = uses + 1 WHERE code_hash = :code_hash)sql"),
      insert_audit_(db, R"sql(
        INSERT INTO audit_log (key, at, actor_id, actor_name, action, target_id, target_name,
                               detail)
        VALUES (:key, :at, :actor_id, :actor_name, :action, :target_id, :target_name, :detail)
        ON CONFLICT (key) DO NOTHING)sql"),
      upsert_setting_(db, R"sql(
        INSERT INTO settings (key, value, updated_at) VALUES (:key, :value, :at)
        ON CONFLICT (key) DO UPDATE SET
          value = excluded.value, updated_at = excluded.updated_at)sql"),
      upsert_event_(db, R"sql(
        INSERT INTO events (id, state, updated_at) VALUES (:id, :state, :at)
        ON CONFLICT (id) DO UPDATE SET
          state = excluded.state, updated_at = excluded.updated_at)sql") {}

void AccountStatements::account_created(const AccountRow& account) {
  create_account_.run_with(":player_id", account.player_id, ":handle", account.handle,
                           ":handle_key", account.handle_key, ":skeleton", account.skeleton,
                           ":password_hash", account.password_hash, ":role", account.role,
                           ":approved", account.approved, ":created_at", account.created_at,
                           ":password_changed_at", account.password_changed_at);
}

void AccountStatements::password_changed(const std::string& player_id,
                                         const std::string& password_hash, Millis at) {
  change_password_.run_with(":player_id", player_id, ":password_hash", password_hash, ":at", at);
}

void AccountStatements::account_role_set(const std::string& player_id, const std::string& role) {
  set_role_.run_with(":player_id", player_id, ":role", role);
}

void AccountStatements::account_approved(const std::string& player_id, bool approved) {
  set_approved_.run_with(":player_id", player_id, ":approved", approved);
}

void AccountStatements::session_added(const std::string& player_id, const std::string& token_hash,
                                      const std::string& label, Millis at) {
  add_session_.run_with(":token_hash", token_hash, ":player_id", player_id, ":at", at, ":label",
                        label);
}

void AccountStatements::session_ended(const std::string& token_hash) {
  delete_token_.run_with(":token_hash", token_hash);
  end_first_token_.run_with(":token_hash", token_hash);
}

void AccountStatements::sessions_ended_except(const std::string& player_id,
                                              const std::string& keep_token_hash) {
  delete_tokens_except_.run_with(":player_id", player_id, ":keep", keep_token_hash);
  end_first_token_except_.run_with(":player_id", player_id, ":keep", keep_token_hash);
}

void AccountStatements::sanction_set(const SanctionRow& sanction) {
  upsert_sanction_.run_with(":player_id", sanction.player_id, ":until", sanction.until, ":reason",
                            sanction.reason, ":by_player", sanction.by, ":at", sanction.at);
}

void AccountStatements::sanction_lifted(const std::string& player_id) {
  delete_sanction_.run_with(":player_id", player_id);
}

void AccountStatements::invite_made(const InviteRow& invite) {
  insert_invite_.run_with(":id", invite.id, ":code_hash", invite.code_hash, ":created_by",
                          invite.created_by, ":note", invite.note, ":created_at", invite.created_at,
                          ":expires_at", invite.expires_at, ":max_uses", invite.max_uses, ":uses",
                          invite.uses, ":revoked_at", invite.revoked_at);
}

void AccountStatements::invite_revoked(const std::string& invite_id, Millis at) {
  revoke_invite_.run_with(":id", invite_id, ":at", at);
}

void AccountStatements::invite_redeemed(const std::string& code_hash, const std::string& player_id,
                                        Millis at) {
  use_invite_.run_with(":code_hash", code_hash, ":player_id", player_id, ":at", at);
  if (db_.changes() == 0) return;  // no good invite, or this player's use is there already
  count_invite_use_.run_with(":code_hash", code_hash);
}

void AccountStatements::audit(const AuditRow& row) {
  insert_audit_.run_with(":key", row.key, ":at", row.at, ":actor_id", row.actor_id, ":actor_name",
                         row.actor_name, ":action", row.action, ":target_id", row.target_id,
                         ":target_name", row.target_name, ":detail", row.detail);
}

void AccountStatements::setting_saved(const std::string& key, const std::string& value, Millis at) {
  upsert_setting_.run_with(":key", key, ":value", value, ":at", at);
}

void AccountStatements::event_saved(const std::string& event_id, const std::string& state,
                                    Millis at) {
  upsert_event_.reset();
  upsert_event_.bind(":id", event_id);
  upsert_event_.bind(":state", state);
  upsert_event_.bind(":at", at);
  upsert_event_.run();
}

}  // namespace parlor::server::store
