// When the database as a whole cannot take writes — the disk is full, an I/O error, the
// file is locked by another process, read-only or damaged; PostgreSQL unreachable,
// restarting or fencing this node (BatchRunner::is_outage says which errors) — no write can be made
// durable, and dropping writes would break the room's promise that nothing a client saw accepted is
// ever missing from the database. So the writer keeps the failed batch, waits and retries it until
// it commits (an *outage*), and the rest of the server asks `failing()` to refuse new moves
// meanwhile. A write that fails on its own (a constraint, a bad row) is not an outage: it is logged
// and dropped so that one bad row cannot stop every table.
//
// One outage is logged twice (when it begins and when it ends), not once per retry.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <mutex>
#include <string>

namespace parlor::server::store {

class WriteOutage {
 public:
  struct State {
    bool failing = false;
    std::string reason;             // the last error, while failing
    std::int64_t since_millis = 0;  // Unix epoch ms when it began, while failing
    std::uint64_t outages = 0;      // episodes so far
    std::uint64_t retries = 0;      // failed attempts during outages so far
  };

  // A write or batch failed with an outage error (`reason`); `held` writes wait for it.
  // Returns how long to wait before the next try (50 ms, doubling up to 1 s).
  std::chrono::milliseconds failed(const std::string& reason, std::size_t held);
  // A commit succeeded: ends the outage, if any (`held`: the writes it carried).
  void succeeded(std::size_t held);

  bool failing() const { return failing_.load(std::memory_order_relaxed); }
  State state() const;

 private:
  std::atomic<bool> failing_{false};
  mutable std::mutex mutex_;
  std::string reason_;
  std::int64_t since_millis_ = 0;
  std::chrono::steady_clock::time_point began_;
  std::chrono::milliseconds backoff_{0};
  std::uint64_t outages_ = 0;
  std::uint64_t retries_ = 0;
  std::uint64_t episode_retries_ = 0;  // of the outage under way
};

}  // namespace parlor::server::store
