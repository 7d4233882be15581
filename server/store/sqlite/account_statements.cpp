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
  create_account_.reset();
  create_account_.bind(":player_id", account.player_id);
  create_account_.bind(":handle", account.handle);
  create_account_.bind(":handle_key", account.handle_key);
  create_account_.bind(":skeleton", account.skeleton);
  create_account_.bind(":password_hash", account.password_hash);
  create_account_.bind(":role", account.role);
  create_account_.bind(":approved", account.approved);
  create_account_.bind(":created_at", account.created_at);
  create_account_.bind(":password_changed_at", account.password_changed_at);
  create_account_.run();
}

void AccountStatements::password_changed(const std::string& player_id,
                                         const std::string& password_hash, Millis at) {
  change_password_.reset();
  change_password_.bind(":player_id", player_id);
  change_password_.bind(":password_hash", password_hash);
  change_password_.bind(":at", at);
  change_password_.run();
}

void AccountStatements::account_role_set(const std::string& player_id, const std::string& role) {
  set_role_.reset();
  set_role_.bind(":player_id", player_id);
  set_role_.bind(":role", role);
  set_role_.run();
}

void AccountStatements::account_approved(const std::string& player_id, bool approved) {
  set_approved_.reset();
  set_approved_.bind(":player_id", player_id);
  set_approved_.bind(":approved", approved);
  set_approved_.run();
}

void AccountStatements::session_added(const std::string& player_id, const std::string& token_hash,
                                      const std::string& label, Millis at) {
  add_session_.reset();
  add_session_.bind(":token_hash", token_hash);
  add_session_.bind(":player_id", player_id);
  add_session_.bind(":at", at);
  add_session_.bind(":label", label);
  add_session_.run();
}

void AccountStatements::session_ended(const std::string& token_hash) {
  delete_token_.reset();
  delete_token_.bind(":token_hash", token_hash);
  delete_token_.run();
  end_first_token_.reset();
  end_first_token_.bind(":token_hash", token_hash);
  end_first_token_.run();
}

void AccountStatements::sessions_ended_except(const std::string& player_id,
                                              const std::string& keep_token_hash) {
  delete_tokens_except_.reset();
  delete_tokens_except_.bind(":player_id", player_id);
  delete_tokens_except_.bind(":keep", keep_token_hash);
  delete_tokens_except_.run();
  end_first_token_except_.reset();
  end_first_token_except_.bind(":player_id", player_id);
  end_first_token_except_.bind(":keep", keep_token_hash);
  end_first_token_except_.run();
}

void AccountStatements::sanction_set(const SanctionRow& sanction) {
  upsert_sanction_.reset();
  upsert_sanction_.bind(":player_id", sanction.player_id);
  upsert_sanction_.bind(":until", sanction.until);
  upsert_sanction_.bind(":reason", sanction.reason);
  upsert_sanction_.bind(":by_player", sanction.by);
  upsert_sanction_.bind(":at", sanction.at);
  upsert_sanction_.run();
}

void AccountStatements::sanction_lifted(const std::string& player_id) {
  delete_sanction_.reset();
  delete_sanction_.bind(":player_id", player_id);
  delete_sanction_.run();
}

void AccountStatements::invite_made(const InviteRow& invite) {
  insert_invite_.reset();
  insert_invite_.bind(":id", invite.id);
  insert_invite_.bind(":code_hash", invite.code_hash);
  insert_invite_.bind(":created_by", invite.created_by);
  insert_invite_.bind(":note", invite.note);
  insert_invite_.bind(":created_at", invite.created_at);
  insert_invite_.bind(":expires_at", invite.expires_at);
  insert_invite_.bind(":max_uses", invite.max_uses);
  insert_invite_.bind(":uses", invite.uses);
  insert_invite_.bind(":revoked_at", invite.revoked_at);
  insert_invite_.run();
}

void AccountStatements::invite_revoked(const std::string& invite_id, Millis at) {
  revoke_invite_.reset();
  revoke_invite_.bind(":id", invite_id);
  revoke_invite_.bind(":at", at);
  revoke_invite_.run();
}

void AccountStatements::invite_redeemed(const std::string& code_hash, const std::string& player_id,
                                        Millis at) {
  use_invite_.reset();
  use_invite_.bind(":code_hash", code_hash);
  use_invite_.bind(":player_id", player_id);
  use_invite_.bind(":at", at);
  use_invite_.run();
  if (db_.changes() == 0) return;  // no good invite, or this player's use is there already
  count_invite_use_.reset();
  count_invite_use_.bind(":code_hash", code_hash);
  count_invite_use_.run();
}

void AccountStatements::audit(const AuditRow& row) {
  insert_audit_.reset();
  insert_audit_.bind(":key", row.key);
  insert_audit_.bind(":at", row.at);
  insert_audit_.bind(":actor_id", row.actor_id);
  insert_audit_.bind(":actor_name", row.actor_name);
  insert_audit_.bind(":action", row.action);
  insert_audit_.bind(":target_id", row.target_id);
  insert_audit_.bind(":target_name", row.target_name);
  insert_audit_.bind(":detail", row.detail);
  insert_audit_.run();
}

void AccountStatements::setting_saved(const std::string& key, const std::string& value, Millis at) {
  upsert_setting_.reset();
  upsert_setting_.bind(":key", key);
  upsert_setting_.bind(":value", value);
  upsert_setting_.bind(":at", at);
  upsert_setting_.run();
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
