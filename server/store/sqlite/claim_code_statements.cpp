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

void ClaimCodeStatements::forget_expired(Millis now) { forget_expired_.run_with(":now", now); }

void ClaimCodeStatements::issued(const std::string& code_hash, const std::string& player_id,
                                 Millis issued_at, Millis expires_at) {
  forget_expired(issued_at);
  forget_players_codes_.run_with(":player_id", player_id);
  insert_code_.run_with(":code_hash", code_hash, ":player_id", player_id, ":expires_at",
                        expires_at);
}

void ClaimCodeStatements::redeemed(const std::string& code_hash, const std::string& token_hash,
                                   Millis at) {
  forget_expired(at);
  token_for_code_.run_with(":token_hash", token_hash, ":at", at, ":code_hash", code_hash);
  delete_code_.run_with(":code_hash", code_hash);
}

}  // namespace parlor::server::store
