// Players and their tokens. A token is 256 random bits shown to its player once; the
// server keeps only its SHA-256, so a leaked registry does not let anyone sit down as
// someone else. Thread-safe. In memory until persistence backs it with SQLite.
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace parlor::server {

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

  static std::string hash_token(const std::string& token);

 private:
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::string> id_by_token_hash_;
  std::unordered_map<std::string, std::string> name_by_id_;
  long long next_id_ = 1;
};

// Trims a display name to at most 32 characters of printable text; "Player" if empty.
std::string clean_display_name(const std::string& raw);

}  // namespace parlor::server
