// Players and their tokens. A token is 256 random bits shown to its player once; the
// server keeps only its SHA-256, so a leaked registry does not let anyone sit down as
// someone else. Thread-safe. Kept in memory; with a store attached, every player is
// loaded at start-up and new players and visits are written through (queued, never
// waited for).
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace parlor::server {

namespace store {
class Store;
}

struct PlayerIdentity {
  std::string id;     // "p17": stable for the life of the token
  std::string name;   // display name
  std::string token;  // only when just issued; empty otherwise
};

class Players {
 public:
  // A new player with a fresh token.
  PlayerIdentity create(const std::string& name);
  // The player holding `token` (renamed to `name` when not empty), or nothing.
  std::optional<PlayerIdentity> resume(const std::string& token, const std::string& name);
  std::optional<std::string> name_of(const std::string& player_id) const;
  // Loads the saved players (ids continue after the highest) and writes through from now.
  void attach_store(store::Store& store);

  static std::string hash_token(const std::string& token);

 private:
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::string> id_by_token_hash_;
  std::unordered_map<std::string, std::string> name_by_id_;
  long long next_id_ = 1;
  store::Store* store_ = nullptr;
};

// Trims a display name to at most 32 characters of printable text; "Player" if empty.
std::string clean_display_name(const std::string& raw);

}  // namespace parlor::server
