// The server's bot thinking, off the network threads: a small pool of worker threads
// that choose bots' moves, so that a bot searching for its budget (50 ms by default,
// --bot-budget-ms) never holds an io thread or a room's strand.
//
// A job is self-contained: the seat's view as text (parsed on the worker), the seat's
// policy (shared, so a room closed meanwhile cannot free it under the worker), a random
// stream of its own and the budget. Nothing of the room is touched on a worker; the
// choice goes back through the job's `done`, which only posts to the room's strand
// (StandInScheduler: the move is then checked and applied through the room's usual
// path, journal first).
//
// Bounds: `threads` workers (--bot-threads) and at most `max_queued` jobs waiting. A
// room has at most one job out at a time, so the queue holds one per busy room; when it
// is full, submit() refuses and the room tries again later (the bot waits, it is never
// weakened nor made to think on the strand). The workers run at a lower priority (nice
// +kWorkerNice) than the io threads: when both want the cores, people's moves go first.
// stop() ends thinking under way at once (out_of_time answers true), drops what waits
// (without calling `done`) and joins the workers.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"
#include "engine/core/rng.hpp"

namespace parlor::server {

class BotThinker {
 public:
  using Clock = std::chrono::steady_clock;
  // How much lower than the io threads the workers run (setpriority; 0..19).
  static constexpr int kWorkerNice = 5;

  struct Limits {
    int threads = 1;
    std::size_t max_queued = 1024;
  };

  struct Job {
    std::string view_text;  // the seat's view, the JSON text a client would get
    std::shared_ptr<const BotPolicy> policy;
    Rng rng;
    std::chrono::milliseconds budget;
    // On the worker, with the choice (nullopt: the policy failed). It must not block:
    // it posts to the room's strand.
    std::function<void(std::optional<Json> choice)> done;
  };

  explicit BotThinker(Limits limits);
  ~BotThinker();
  BotThinker(const BotThinker&) = delete;
  BotThinker& operator=(const BotThinker&) = delete;

  // Queues `job`: false (and `job` dropped) when the queue is full or the pool stopped.
  bool submit(Job job);
  // Idempotent; see above. After it, submit() refuses.
  void stop();

  const Limits& limits() const { return limits_; }
  std::size_t queued() const;
  // Moves chosen so far (done called with a choice or a failure).
  std::uint64_t moves_thought() const { return moves_thought_.load(std::memory_order_relaxed); }

 private:
  void work();
  void think(Job& job);

  const Limits limits_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> queue_;
  bool stopped_ = false;
  std::atomic<bool> stopping_{false};  // read by every out_of_time, without the lock
  std::atomic<std::uint64_t> moves_thought_{0};
  std::vector<std::thread> workers_;
};

}  // namespace parlor::server
