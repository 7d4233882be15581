// Counters for /metrics (Prometheus text format). Lock-free: every counter is an
// atomic, bumped from any strand.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace parlor::server {

class ReplayCache;

namespace store {
class Store;
}

class Metrics {
 public:
  // Upper bounds of the message-handling latency buckets, in microseconds.
  static constexpr std::array<std::int64_t, 12> kLatencyBucketsUs = {
      50, 100, 250, 500, 1000, 2500, 5000, 10000, 25000, 50000, 100000, 250000};

  std::atomic<std::int64_t> connections_open{0};
  std::atomic<std::int64_t> connections_total{0};
  std::atomic<std::int64_t> connections_refused{0};
  std::atomic<std::int64_t> messages_received{0};
  std::atomic<std::int64_t> messages_sent{0};
  std::atomic<std::int64_t> messages_rejected{0};  // protocol errors and rate limits
  std::atomic<std::int64_t> actions_accepted{0};
  std::atomic<std::int64_t> actions_rejected{0};
  std::atomic<std::int64_t> actions_timed_out{0};
  std::atomic<std::int64_t> matches_started{0};
  std::atomic<std::int64_t> matches_finished{0};
  std::atomic<std::int64_t> slow_consumers_dropped{0};
  // Closed by a WebSocket timeout: a handshake not finished in time, or pings unanswered
  // for the idle timeout (a peer gone, or one too far behind in reading to see them).
  std::atomic<std::int64_t> connections_timed_out{0};
  // Cluster: clients told their room is on another node (room_elsewhere), and players
  // another node created, found in the shared store when they came here.
  std::atomic<std::int64_t> redirects_sent{0};
  std::atomic<std::int64_t> players_adopted{0};

  void observe_latency(std::chrono::nanoseconds elapsed);

  // The whole exposition; `rooms` is the lobby's list of room summaries (each with
  // "game" and "status").
  std::string render(const nlohmann::json& rooms) const;

 private:
  std::array<std::atomic<std::int64_t>, kLatencyBucketsUs.size() + 1> latency_buckets_{};
  std::atomic<std::int64_t> latency_sum_us_{0};
  std::atomic<std::int64_t> latency_count_{0};
};

// The database's counters (writes queued and committed, commits, errors, queue depth).
std::string render_store_metrics(const store::Store& store);
// The replay cache's size and how often it answered.
std::string render_replay_cache_metrics(const ReplayCache& cache);

}  // namespace parlor::server
