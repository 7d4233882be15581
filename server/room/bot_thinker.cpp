#include "server/room/bot_thinker.hpp"

#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>

namespace parlor::server {

namespace {

// Linux gives each thread its own nice value (setpriority on its thread id), inherited
// from the thread that made it: lowered relative to that, so that a server started at
// nice 10 does not get workers at 5, above its own network threads.
void lower_this_threads_priority() {
  const auto thread = static_cast<id_t>(gettid());
  const int own = getpriority(PRIO_PROCESS, thread);
  if (setpriority(PRIO_PROCESS, thread, std::min(19, own + BotThinker::kWorkerNice)) != 0) {
    spdlog::debug("bot thinker: could not lower a worker's priority");
  }
}

}  // namespace

BotThinker::BotThinker(Limits limits) : limits_(limits) {
  const int threads = std::max(1, limits_.threads);
  workers_.reserve(static_cast<std::size_t>(threads));
  for (int i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
}

BotThinker::~BotThinker() { stop(); }

bool BotThinker::submit(Job job) {
  {
    std::lock_guard lock(mutex_);
    if (stopped_ || queue_.size() >= limits_.max_queued) return false;
    queue_.push_back(std::move(job));
  }
  wake_.notify_one();
  return true;
}

void BotThinker::stop() {
  std::deque<Job> dropped;
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return;
    stopped_ = true;
    stopping_.store(true, std::memory_order_relaxed);
    dropped.swap(queue_);
  }
  wake_.notify_all();
  for (std::thread& worker : workers_) worker.join();
  // `dropped` goes here, outside the lock: its `done`s are never called.
}

std::size_t BotThinker::queued() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

void BotThinker::work() {
  lower_this_threads_priority();
  for (;;) {
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [this] { return stopped_ || !queue_.empty(); });
    if (stopped_) return;
    Job job = std::move(queue_.front());
    queue_.pop_front();
    lock.unlock();
    think(job);
  }
}

// The budget runs from when the worker takes the job (time spent queued is not the
// bot's), and ends early when the pool stops.
void BotThinker::think(Job& job) {
  const Clock::time_point deadline = Clock::now() + job.budget;
  ThinkingBudget budget;
  budget.out_of_time = [this, deadline] {
    return stopping_.load(std::memory_order_relaxed) || Clock::now() >= deadline;
  };
  std::optional<Json> choice;
  try {
    const Json view = Json::parse(job.view_text);
    choice = job.policy->choose_within(view, job.rng, budget);
  } catch (const std::exception& e) {
    spdlog::error("bot thinker: a bot's policy failed: {}", e.what());
  }
  moves_thought_.fetch_add(1, std::memory_order_relaxed);
  job.done(std::move(choice));
}

}  // namespace parlor::server
