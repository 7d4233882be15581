#include "server/store/write_queue.hpp"

#include <pthread.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <exception>
#include <iterator>
#include <utility>

namespace parlor::server::store {

WriteQueue::WriteQueue(BatchRunner& runner, std::chrono::milliseconds commit_interval,
                       std::size_t max_batch, std::chrono::milliseconds commit_spacing,
                       std::function<void()> before_commit, std::function<void()> rolled_back)
    : runner_(runner),
      commit_interval_(commit_interval),
      max_batch_(std::max<std::size_t>(max_batch, 1)),
      commit_spacing_(commit_spacing),
      before_commit_(std::move(before_commit)),
      rolled_back_(std::move(rolled_back)),
      thread_([this] { run(); }) {}

std::uint64_t WriteQueue::stop() {
  if (!thread_.joinable()) return writes_dropped_.load();
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  if (outage_.failing()) {
    spdlog::warn(
        "store: stopping while the database takes no writes; retrying what is held for up to "
        "{} s",
        kRetryAfterStop.count());
  }
  wake_writer_.notify_one();
  thread_.join();
  return writes_dropped_.load();
}

WriteQueue::~WriteQueue() { stop(); }

Ticket WriteQueue::push(const char* kind, std::string subject, Apply apply) {
  Ticket ticket;
  bool wake;
  {
    std::lock_guard lock(mutex_);
    ticket = ++last_ticket_;
    queue_.push_back(Write{ticket, kind, std::move(subject), std::move(apply)});
    // The writer sleeps until the first write, then until its interval or spacing ends or
    // the batch is full: only the first write and a full batch need to wake it.
    wake = (queue_.size() == 1 && writer_waits_for_first_) || queue_.size() >= max_batch_;
  }
  writes_queued_.fetch_add(1);
  if (wake) wake_writer_.notify_one();
  return ticket;
}

void WriteQueue::after_commit(Ticket ticket, std::function<void()> callback) {
  {
    std::lock_guard lock(mutex_);
    if (ticket > committed_through_.load()) {
      callbacks_.push_back({ticket, std::move(callback)});
      return;
    }
  }
  callback();
}

void WriteQueue::flush() {
  std::unique_lock lock(mutex_);
  Ticket target = last_ticket_;
  batch_committed_.wait(lock, [&] { return finished_through_ >= target || writer_done_; });
}

Store::Stats WriteQueue::stats() const {
  Store::Stats stats;
  stats.writes_queued = writes_queued_.load();
  stats.writes_committed = writes_committed_.load();
  stats.batches = batches_.load();
  stats.write_errors = write_errors_.load();
  WriteOutage::State outage = outage_.state();
  stats.write_failing = outage.failing;
  stats.write_outages = outage.outages;
  stats.write_retries = outage.retries;
  std::lock_guard lock(mutex_);
  stats.queue_depth = queue_.size();
  return stats;
}

void WriteQueue::run() {
  // Named so that per-thread CPU (top -H, /proc/PID/task) shows the store apart.
  pthread_setname_np(pthread_self(), "parlor-writer");
  for (;;) {
    std::vector<Write> batch = next_batch();
    if (batch.empty()) break;  // stopping, and the queue is drained
    bool committed = commit(batch);
    finish(batch.back().ticket, committed);
  }
  std::lock_guard lock(mutex_);
  writer_done_ = true;
  batch_committed_.notify_all();
}

std::vector<WriteQueue::Write> WriteQueue::next_batch() {
  std::unique_lock lock(mutex_);
  writer_waits_for_first_ = true;
  wake_writer_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
  writer_waits_for_first_ = false;
  if (queue_.empty()) return {};
  auto now = std::chrono::steady_clock::now();
  auto gather_until = now + commit_interval_;
  if (lone_batches_in_a_row_ < kLoneBatchesEndingLoad)
    gather_until = std::max(gather_until, last_commit_began_ + commit_spacing_);
  // Only a wait with time left: one on a deadline already past still sleeps in the kernel
  // and is switched back in.
  if (gather_until > now) {
    wake_writer_.wait_until(lock, gather_until,
                            [&] { return stopping_ || queue_.size() >= max_batch_; });
    now = std::chrono::steady_clock::now();
  }
  last_commit_began_ = now;
  std::size_t count = std::min(queue_.size(), max_batch_);
  lone_batches_in_a_row_ =
      count >= 2 ? 0 : std::min(lone_batches_in_a_row_ + 1, kLoneBatchesEndingLoad);
  auto end = queue_.begin() + static_cast<std::ptrdiff_t>(count);
  std::vector<Write> batch(std::make_move_iterator(queue_.begin()), std::make_move_iterator(end));
  queue_.erase(queue_.begin(), end);
  return batch;
}

bool WriteQueue::commit(const std::vector<Write>& batch) {
  for (;;) {
    std::optional<Failure> failure = try_commit(batch.data(), batch.size());
    if (!failure) {
      outage_.succeeded(batch.size());
      return true;
    }
    if (!failure->outage) {
      spdlog::error("store: a batch of {} writes failed ({}); retrying them one by one",
                    batch.size(), failure->message);
      return commit_one_by_one(batch);
    }
    if (!wait_to_retry(*failure, batch.size())) {
      writes_dropped_.fetch_add(batch.size());
      return false;
    }
  }
}

bool WriteQueue::commit_one_by_one(const std::vector<Write>& batch) {
  for (std::size_t i = 0; i < batch.size(); ++i) {
    const Write& write = batch[i];
    for (;;) {
      std::optional<Failure> failure = try_commit(&write, 1);
      if (!failure) {
        outage_.succeeded(1);
        break;
      }
      if (!failure->outage) {
        write_errors_.fetch_add(1);
        spdlog::error("store: write {} {} (ticket {}) failed and is lost: {}", write.kind,
                      write.subject, write.ticket, failure->message);
        break;
      }
      if (!wait_to_retry(*failure, 1)) {
        writes_dropped_.fetch_add(batch.size() - i);
        return false;
      }
    }
  }
  return true;
}

std::optional<WriteQueue::Failure> WriteQueue::try_commit(const Write* writes, std::size_t count) {
  try {
    runner_.run([&] {
      for (std::size_t i = 0; i < count; ++i) writes[i].apply();
      if (before_commit_) before_commit_();
    });
    batches_.fetch_add(1);
    writes_committed_.fetch_add(count);
    return std::nullopt;
  } catch (const std::exception& e) {
    Failure failure{runner_.is_outage(e), e.what(), runner_.is_final(e)};
    // The transaction was rolled back by now; the writes' memory follows.
    report_rollback();
    return failure;
  }
}

bool WriteQueue::wait_to_retry(const Failure& failure, std::size_t held) {
  std::chrono::milliseconds delay = outage_.failed(failure.message, held + stats().queue_depth);
  std::unique_lock lock(mutex_);
  auto now = std::chrono::steady_clock::now();
  if (stopping_) {
    // Retrying what can never commit would only delay the exit (a fenced node's).
    if (!give_up_at_) give_up_at_ = failure.final ? now : now + kRetryAfterStop;
    if (now >= *give_up_at_) {
      spdlog::error(
          "store: stopping while writes still fail ({}); {} writes and those queued behind "
          "them are dropped (no client saw them accepted: their messages were held)",
          failure.message, held);
      return false;
    }
  }
  bool was_stopping = stopping_;
  wake_writer_.wait_for(lock, delay, [&] { return stopping_ && !was_stopping; });
  return true;
}

void WriteQueue::report_rollback() {
  if (!rolled_back_) return;
  try {
    rolled_back_();
  } catch (const std::exception& e) {
    spdlog::error("store: after a rollback: {}", e.what());
  }
}

void WriteQueue::take_callbacks_through(Ticket through, std::vector<Waiting>* due) {
  if (due != nullptr) due->reserve(callbacks_.size());  // one allocation a batch
  std::size_t kept = 0;
  for (std::size_t i = 0; i < callbacks_.size(); ++i) {
    if (callbacks_[i].ticket > through) {
      if (i != kept) callbacks_[kept] = std::move(callbacks_[i]);
      ++kept;
    } else if (due != nullptr) {
      due->push_back(std::move(callbacks_[i]));
    }
  }
  callbacks_.resize(kept);
  // A stall's backlog is given back once it is over.
  if (callbacks_.empty() && callbacks_.capacity() > kCallbacksKept) callbacks_.shrink_to_fit();
  // Rooms on different threads may ask in another order than their tickets': run them as
  // the tickets go, as a map of tickets did.
  const auto by_ticket = [](const Waiting& a, const Waiting& b) { return a.ticket < b.ticket; };
  if (due != nullptr && !std::is_sorted(due->begin(), due->end(), by_ticket)) {
    std::stable_sort(due->begin(), due->end(), by_ticket);
  }
}

void WriteQueue::finish(Ticket through, bool committed) {
  std::vector<Waiting> due;
  {
    std::lock_guard lock(mutex_);
    if (!committed) {
      take_callbacks_through(through, nullptr);
      finished_through_ = through;
      batch_committed_.notify_all();
      return;
    }
    committed_through_.store(through);
    take_callbacks_through(through, &due);
  }
  for (Waiting& waiting : due) {
    try {
      waiting.callback();
    } catch (const std::exception& e) {
      spdlog::error("store: an after_commit callback threw: {}", e.what());
    }
  }
  {
    std::lock_guard lock(mutex_);
    finished_through_ = through;
  }
  batch_committed_.notify_all();
}

}  // namespace parlor::server::store
