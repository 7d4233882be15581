// Helpers for the store's tests: temporary database files and sample rows.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "server/store/store.hpp"

namespace parlor::server::store::testing {

// A fresh directory under the system temp dir, removed with everything in it.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::filesystem::path path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

// Opens a store or fails the test (aborting it).
std::unique_ptr<Store> open_store(
    const std::string& path,
    std::chrono::milliseconds commit_interval = std::chrono::milliseconds(2));

// The backends every store test runs on: "Memory" and "File" (SQLite), "Postgres" (a
// fresh database on the binary's throwaway server).
inline const std::vector<std::string> kBackends = {"Memory", "File", "Postgres"};
// Where `backend` keeps a test's store: a path under `dir`, ":memory:" or a PostgreSQL
// URI. Empty, with `skip_reason` set, when PostgreSQL is not available.
std::string backend_path(const std::string& backend, const TempDir& dir, std::string& skip_reason);

PlayerRow player(const std::string& id, const std::string& name, Millis seen);

// A match of `names.size()` seats; a name starting with "bot" makes a bot seat, any
// other name a human whose player id is "p" + name (lower-case not applied).
MatchStart match(const std::string& id, const std::string& game, Millis started_at,
                 const std::vector<std::string>& names, bool lower_score_wins = false);

// The 64-hex-digit seed used by `match`.
inline constexpr const char* kSeedHex =
    "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

}  // namespace parlor::server::store::testing
