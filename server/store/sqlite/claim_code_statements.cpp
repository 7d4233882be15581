#include "server/store/sqlite/claim_code_statements.hpp"

namespace parlor::server::store {

ClaimCodeStatements::ClaimCodeStatements(sql::Database& db)
    : forget_expired_(db, "DELETE FROM claim_codes WHERE expires_at <= :now"),
      forget_players_codes_(db, "DELETE FROM claim_codes WHERE player_id = :player_id"),
      insert_code_(db, R"sql(
        INSERT INTO claim_codes (code_hash, player_id, expires_at)
        VALUES (:code_hash, :player_id, :expires_at)
        ON CONFLICT (code_hash) DO UPDATE SET
          player_id = excluded.player_id, expires_at = excluded.expires_at)sql"),
      // Expired codes are gone already (forget_expired runs first), so any row found is good.
      token_for_code_(db, R"sql(
        INSERT INTO player_tokens (token_hash, player_id, created_at)
        SELECT :token_hash, player_id, :at FROM claim_codes WHERE code_hash = :code_hash
        ON CONFLICT (token_hash) DO NOTHING)sql"),
      delete_code_(db, "DELETE FROM claim_codes WHERE code_hash = :code_hash") {}

void ClaimCodeStatements::forget_expired(Millis now) {
  forget_expired_.reset();
  forget_expired_.bind(":now", now);
  forget_expired_.run();
}

void ClaimCodeStatements::issued(const std::string& code_hash, const std::string& player_id,
                                 Millis issued_at, Millis expires_at) {
  forget_expired(issued_at);
  forget_players_codes_.reset();
  forget_players_codes_.bind(":player_id", player_id);
  forget_players_codes_.run();
  insert_code_.reset();
  insert_code_.bind(":code_hash", code_hash);
  insert_code_.bind(":player_id", player_id);
  insert_code_.bind(":expires_at", expires_at);
  insert_code_.run();
}

void ClaimCodeStatements::redeemed(const std::string& code_hash, const std::string& token_hash,
                                   Millis at) {
  forget_expired(at);
  token_for_code_.reset();
  token_for_code_.bind(":token_hash", token_hash);
  token_for_code_.bind(":at", at);
  token_for_code_.bind(":code_hash", code_hash);
  token_for_code_.run();
  delete_code_.reset();
  delete_code_.bind(":code_hash", code_hash);
  delete_code_.run();
}

}  // namespace parlor::server::store
