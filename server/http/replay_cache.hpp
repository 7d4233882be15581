// Finished matches' replays (GET /api/matches/ID/replay), kept as the JSON text served.
//
// A replay is the whole match run again through the engine with every seat's cards after
// each step: a 924-move Carioca match is 1.4 MB and 0.31 s of one core. A finished match
// never changes, so its replay can be kept as long as there is room: the cache holds at
// most `capacity_bytes` of text and drops the least recently served first. Only the
// history route puts replays here, and only successful ones, which exist only for
// finished matches (match_replay.hpp refuses live and aborted ones).
//
// Thread-safe: the history pool's threads share it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace parlor::server {

class ReplayCache {
 public:
  using Text = std::shared_ptr<const std::string>;

  // 0: keep nothing.
  explicit ReplayCache(std::size_t capacity_bytes) : capacity_bytes_(capacity_bytes) {}

  // The replay kept under `key`, now the most recently used; null if none.
  Text find(const std::string& key);
  // Keeps `text` under `key` (replacing what was there) and drops the least recently used
  // replays until everything fits. A replay larger than the whole capacity is not kept.
  void put(const std::string& key, Text text);

  std::size_t bytes() const;
  std::size_t entries() const;
  std::uint64_t hits() const;
  std::uint64_t misses() const;

 private:
  struct Entry {
    std::string key;
    Text text;
  };
  using Order = std::list<Entry>;  // most recently used first

  void drop_oldest_locked();

  const std::size_t capacity_bytes_;
  mutable std::mutex mutex_;
  Order order_;
  std::unordered_map<std::string, Order::iterator> by_key_;
  std::size_t bytes_ = 0;
  std::uint64_t hits_ = 0;
  std::uint64_t misses_ = 0;
};

// The cache key of a match's replay for one seat, or every seat without one.
std::string replay_cache_key(const std::string& match_id, std::optional<int> seat);

}  // namespace parlor::server
