// Players and their tokens. A token is 256 random bits shown to its player once; the
// server keeps only its SHA-256, so a leaked registry does not let anyone sit down as
// someone else. Thread-safe. Kept in memory; with a store attached, every player is
// loaded at start-up and new players and visits are written through (queued, never
// waited for). In a cluster a player created on another node after this one started is
// not in memory: the session finds it in the store (off the network thread) and adopts
// it here.
//
// A player may hold several tokens, one per device: a claim code (claim_codes.hpp) issued
// to the player lets another device take a token of its own for the same player.
#pragma once

#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "engine/core/expected.hpp"
#include "server/players/claim_codes.hpp"

namespace parlor::server {

namespace store {
class Store;
struct PlayerRow;
}  // namespace store

struct PlayerIdentity {
  std::string id;     // "p17": stable for the life of the token
  std::string name;   // display name
  std::string token;  // only when just issued; empty otherwise
};

class Players {
 public:
  // `id_suffix`: what ends every new id ("-node2" in a cluster, ids.hpp), "" alone.
  explicit Players(std::string id_suffix = "") : id_suffix_(std::move(id_suffix)) {}
  // A new player with a fresh token.
  PlayerIdentity create(const std::string& name);
  // The player holding `token` (renamed to `name` when not empty), or nothing.
  std::optional<PlayerIdentity> resume(const std::string& token, const std::string& name);
  std::optional<std::string> name_of(const std::string& player_id) const;
  // Claim codes (claim_codes.hpp; server/requests/identity_requests.cpp does a claim): whether a
  // claim from `address` may go to the store now (ClaimCodes::admit), and its answer.
  std::optional<Error> admit_claim(const std::string& address,
                                   ClaimCodes::Clock::time_point now = ClaimCodes::Clock::now());
  void claim_settled(bool right_code);
  // The device that redeemed a claim code holds `token` now, which the store already
  // gave `row`'s player (Store::claim_code_redeemed): this node answers to it from now.
  PlayerIdentity take_claimed_token(const store::PlayerRow& row, const std::string& token);
  // A new token: 256 random bits as 64 hex digits.
  static std::string new_token();
  // Takes in a player another node created (found in the shared store by its token's
  // hash), then resumes it as resume() would; nothing if `row` does not hold `token`.
  std::optional<PlayerIdentity> adopt(const store::PlayerRow& row, const std::string& token,
                                      const std::string& name);
  // ---- Accounts (server/accounts/, server/requests/account_requests.cpp) ----
  // The player holding `token`, without renaming or writing anything.
  std::optional<std::string> id_of_token(const std::string& token) const;
  // A new token answering for `player_id` (a login), known here at once; the caller keeps
  // it in the store (Store::session_added) and shows it only once that is committed.
  PlayerIdentity add_session(const std::string& player_id, const std::string& name);
  // The token no longer answers for anyone here (an ended session).
  void forget_token_hash(const std::string& token_hash);
  // Every token of the player but `keep_token_hash` (a changed password).
  void forget_tokens_except(const std::string& player_id, const std::string& keep_token_hash);
  // A player's display name, written through (an account's is its handle).
  void rename(const std::string& player_id, const std::string& name);

  // Loads the saved players (ids continue after the highest) and writes through from now.
  void attach_store(store::Store& store);

  static std::string hash_token(const std::string& token);

 private:
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::string> id_by_token_hash_;
  std::unordered_map<std::string, std::string> name_by_id_;
  long long next_id_ = 1;
  std::string id_suffix_;
  store::Store* store_ = nullptr;
  ClaimCodes claim_codes_;
};

// Trims a display name to at most 32 characters of printable text; "Player" if empty.
std::string clean_display_name(const std::string& raw);

}  // namespace parlor::server
