#include "server/metrics.hpp"

#include <map>
#include <sstream>

#include "server/http/replay_cache.hpp"
#include "server/store/store.hpp"

namespace parlor::server {
namespace {

void counter(std::ostringstream& out, const char* name, const char* help, std::int64_t value,
             const char* type = "counter") {
  out << "# HELP " << name << ' ' << help << "\n# TYPE " << name << ' ' << type << '\n'
      << name << ' ' << value << '\n';
}

}  // namespace

void Metrics::observe_latency(std::chrono::nanoseconds elapsed) {
  auto us = std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count();
  std::size_t bucket = 0;
  while (bucket < kLatencyBucketsUs.size() && us > kLatencyBucketsUs[bucket]) ++bucket;
  latency_buckets_[bucket].fetch_add(1, std::memory_order_relaxed);
  latency_sum_us_.fetch_add(us, std::memory_order_relaxed);
  latency_count_.fetch_add(1, std::memory_order_relaxed);
}

std::string Metrics::render(const nlohmann::json& rooms) const {
  std::ostringstream out;
  counter(out, "parlor_connections", "open WebSocket connections", connections_open.load(),
          "gauge");
  counter(out, "parlor_connections_total", "WebSocket connections accepted",
          connections_total.load());
  counter(out, "parlor_connections_refused_total", "connections refused by limits",
          connections_refused.load());
  counter(out, "parlor_messages_received_total", "client messages received",
          messages_received.load());
  counter(out, "parlor_messages_sent_total", "messages sent to clients", messages_sent.load());
  counter(out, "parlor_messages_rejected_total", "client messages refused (protocol, rate)",
          messages_rejected.load());
  counter(out, "parlor_actions_accepted_total", "game actions accepted", actions_accepted.load());
  counter(out, "parlor_actions_rejected_total", "game actions rejected by the rules",
          actions_rejected.load());
  counter(out, "parlor_actions_timed_out_total", "default actions applied on timeouts",
          actions_timed_out.load());
  counter(out, "parlor_matches_started_total", "matches started", matches_started.load());
  counter(out, "parlor_matches_finished_total", "matches finished", matches_finished.load());
  counter(out, "parlor_slow_consumers_dropped_total",
          "connections closed for not reading their messages", slow_consumers_dropped.load());
  counter(out, "parlor_connections_timed_out_total",
          "connections closed by a timeout: a handshake too slow, or pings unanswered",
          connections_timed_out.load());
  counter(out, "parlor_redirects_total",
          "requests answered room_elsewhere: the room is on another node of the cluster",
          redirects_sent.load());
  counter(out, "parlor_players_adopted_total",
          "returning players created on another node, found in the shared store",
          players_adopted.load());

  std::map<std::pair<std::string, std::string>, int> by_game_state;
  for (const auto& room : rooms) {
    ++by_game_state[{room.value("game", "?"), room.value("status", "?")}];
  }
  out << "# HELP parlor_rooms rooms open, by game and status\n# TYPE parlor_rooms gauge\n";
  for (const auto& [key, count] : by_game_state) {
    out << "parlor_rooms{game=\"" << key.first << "\",status=\"" << key.second << "\"} " << count
        << '\n';
  }

  out << "# HELP parlor_message_handling_seconds time to handle one client message\n"
         "# TYPE parlor_message_handling_seconds histogram\n";
  std::int64_t cumulative = 0;
  for (std::size_t i = 0; i < latency_buckets_.size(); ++i) {
    cumulative += latency_buckets_[i].load(std::memory_order_relaxed);
    out << "parlor_message_handling_seconds_bucket{le=\"";
    if (i < kLatencyBucketsUs.size()) {
      out << static_cast<double>(kLatencyBucketsUs[i]) / 1e6;
    } else {
      out << "+Inf";
    }
    out << "\"} " << cumulative << '\n';
  }
  out << "parlor_message_handling_seconds_sum " << static_cast<double>(latency_sum_us_.load()) / 1e6
      << '\n'
      << "parlor_message_handling_seconds_count " << latency_count_.load() << '\n';
  return out.str();
}

std::string render_store_metrics(const store::Store& store) {
  store::Store::Stats stats = store.stats();
  std::ostringstream out;
  auto value = [](std::uint64_t n) { return static_cast<std::int64_t>(n); };
  counter(out, "parlor_db_writes_total", "writes queued for the database",
          value(stats.writes_queued));
  counter(out, "parlor_db_writes_committed_total", "writes committed",
          value(stats.writes_committed));
  counter(out, "parlor_db_commits_total", "transactions (groups of writes) committed",
          value(stats.batches));
  counter(out, "parlor_db_write_errors_total", "writes refused by the database itself (a bad row)",
          value(stats.write_errors));
  counter(out, "parlor_db_queue_depth", "writes waiting for the writer", value(stats.queue_depth),
          "gauge");
  counter(out, "parlor_db_checkpoints_total", "WAL checkpoints run beside the writer",
          value(stats.checkpoints));
  counter(out, "parlor_db_checkpoint_errors_total", "WAL checkpoints that failed",
          value(stats.checkpoint_errors));
  if (stats.wal_bytes >= 0) {
    counter(out, "parlor_db_wal_bytes", "the WAL file's size after the last checkpoint",
            stats.wal_bytes, "gauge");
  }
  counter(out, "parlor_db_write_failing",
          "1 while the database cannot take writes (moves are refused, writes held)",
          stats.write_failing ? 1 : 0, "gauge");
  counter(out, "parlor_db_write_outages_total", "episodes of failing writes",
          value(stats.write_outages));
  counter(out, "parlor_db_write_retries_total", "failed write attempts retried during outages",
          value(stats.write_retries));
  return out.str();
}

std::string render_replay_cache_metrics(const ReplayCache& cache) {
  std::ostringstream out;
  auto value = [](std::uint64_t n) { return static_cast<std::int64_t>(n); };
  counter(out, "parlor_replay_cache_bytes", "finished matches' replays kept in memory, in bytes",
          value(cache.bytes()), "gauge");
  counter(out, "parlor_replay_cache_entries", "replays kept in memory", value(cache.entries()),
          "gauge");
  counter(out, "parlor_replay_cache_hits_total", "replays served from memory", value(cache.hits()));
  counter(out, "parlor_replay_cache_misses_total", "replays computed (not in memory)",
          value(cache.misses()));
  return out.str();
}

}  // namespace parlor::server
