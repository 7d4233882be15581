// Claim codes as SQL on SQLite (Store::claim_code_issued, claim_code_redeemed): cached
// prepared statements, run on the writer thread inside a batch's transaction. The
// single writer makes a redemption atomic: the token is added and the code deleted in
// one transaction, so a code is spent once. Both writes are idempotent (a replayed
// redemption finds no code and adds nothing). Throws on failure.
#pragma once

#include <string>

#include "server/store/sqlite/database.hpp"
#include "server/store/sqlite/statement.hpp"
#include "server/store/store.hpp"

namespace parlor::server::store {

class ClaimCodeStatements {
 public:
  explicit ClaimCodeStatements(sql::Database& db);

  void issued(const std::string& code_hash, const std::string& player_id, Millis issued_at,
              Millis expires_at);
  void redeemed(const std::string& code_hash, const std::string& token_hash, Millis at);

 private:
  void forget_expired(Millis now);

  sql::Statement forget_expired_;
  sql::Statement forget_players_codes_;
  sql::Statement insert_code_;
  sql::Statement token_for_code_;
  sql::Statement delete_code_;
};

}  // namespace parlor::server::store
