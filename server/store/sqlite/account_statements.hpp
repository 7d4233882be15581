// A club's server's writes as SQL on SQLite (Store::account_created ... setting_saved,
// account_rows.hpp): cached prepared statements, run on the writer thread inside a batch's
// transaction. Each is idempotent, as a replayed batch needs: inserts that do nothing when
// the row exists (an account whose player id or handle_key is taken, an invite, a session,
// an audit line by its key), upserts (a sanction, a setting), updates that set the same
// values again, deletes. An invite's use is spent at most once per player: its
// invite_uses row is inserted only while the invite is good, and the count goes up only
// when that insert added the row (the single writer makes the pair atomic). Throws on
// failure.
#pragma once

#include <string>

#include "server/store/account_rows.hpp"
#include "server/store/sqlite/database.hpp"
#include "server/store/sqlite/statement.hpp"

namespace parlor::server::store {

class AccountStatements {
 public:
  explicit AccountStatements(sql::Database& db);

  void account_created(const AccountRow& account);
  void password_changed(const std::string& player_id, const std::string& password_hash, Millis at);
  void account_role_set(const std::string& player_id, const std::string& role);
  void account_approved(const std::string& player_id, bool approved);
  void session_added(const std::string& player_id, const std::string& token_hash,
                     const std::string& label, Millis at);
  void session_ended(const std::string& token_hash);
  void sessions_ended_except(const std::string& player_id, const std::string& keep_token_hash);
  void sanction_set(const SanctionRow& sanction);
  void sanction_lifted(const std::string& player_id);
  void invite_made(const InviteRow& invite);
  void invite_revoked(const std::string& invite_id, Millis at);
  void invite_redeemed(const std::string& code_hash, const std::string& player_id, Millis at);
  void audit(const AuditRow& row);
  void setting_saved(const std::string& key, const std::string& value, Millis at);
  void event_saved(const std::string& event_id, const std::string& state, Millis at);

 private:
  sql::Database& db_;
  sql::Statement create_account_;
  sql::Statement change_password_;
  sql::Statement set_role_;
  sql::Statement set_approved_;
  sql::Statement add_session_;
  sql::Statement delete_token_;
  sql::Statement end_first_token_;
  sql::Statement delete_tokens_except_;
  sql::Statement end_first_token_except_;
  sql::Statement upsert_sanction_;
  sql::Statement delete_sanction_;
  sql::Statement insert_invite_;
  sql::Statement revoke_invite_;
  sql::Statement use_invite_;
  sql::Statement count_invite_use_;
  sql::Statement insert_audit_;
  sql::Statement upsert_setting_;
  sql::Statement upsert_event_;
};

}  // namespace parlor::server::store
