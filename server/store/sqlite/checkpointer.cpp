#include "server/store/sqlite/checkpointer.hpp"

#include <pthread.h>
#include <spdlog/spdlog.h>

#include <exception>
#include <filesystem>

namespace parlor::server::store {

namespace {

// Configured before the thread starts: the connection is the thread's alone from then on.
std::unique_ptr<sql::Database> open_connection(const std::string& path) {
  auto db = std::make_unique<sql::Database>(path, sql::Database::Mode::kReadWrite);
  db->set_busy_timeout(Checkpointer::kTruncateWait);
  return db;
}

}  // namespace

Checkpointer::Checkpointer(const std::string& path, std::chrono::milliseconds interval,
                           std::function<void()> each_interval)
    : db_(open_connection(path)),
      path_(path),
      wal_path_(path + "-wal"),
      interval_(interval),
      each_interval_(std::move(each_interval)),
      thread_([this] { run(); }) {}

Checkpointer::~Checkpointer() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void Checkpointer::run() {
  // Named so that per-thread CPU (top -H, /proc/PID/task) shows the store apart.
  pthread_setname_np(pthread_self(), "parlor-checkpt");
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, interval_, [&] { return stopping_; })) {
    lock.unlock();
    checkpoint();
    lock.lock();
  }
}

void Checkpointer::checkpoint() {
  if (each_interval_) each_interval_();
  try {
    db_->exec("PRAGMA wal_checkpoint(PASSIVE)");
    if (current_wal_bytes() > kWalTruncateAbove) {
      // Waits (the busy timeout) for readers of old snapshots and holds the writer off
      // meanwhile: rare, and brief, since reads are short.
      db_->exec("PRAGMA wal_checkpoint(TRUNCATE)");
    }
    checkpoints_.fetch_add(1);
    wal_bytes_.store(current_wal_bytes());
    if (failing_) {
      failing_ = false;
      spdlog::info("store: checkpoints succeed again");
    }
  } catch (const std::exception& e) {
    errors_.fetch_add(1);
    wal_bytes_.store(current_wal_bytes());
    if (!failing_) {
      failing_ = true;
      spdlog::warn("store: checkpoint failed ({}); retrying every {} ms", e.what(),
                   interval_.count());
    }
  }
}

std::int64_t Checkpointer::current_wal_bytes() const {
  std::error_code error;
  auto size = std::filesystem::file_size(wal_path_, error);
  return error ? 0 : static_cast<std::int64_t>(size);
}

}  // namespace parlor::server::store
