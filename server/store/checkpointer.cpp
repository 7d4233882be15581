#include "server/store/checkpointer.hpp"

#include <pthread.h>
#include <spdlog/spdlog.h>

#include <exception>

namespace parlor::server::store {

Checkpointer::Checkpointer(const std::string& path, std::chrono::milliseconds interval)
    : db_(std::make_unique<sql::Database>(path, sql::Database::Mode::kReadWrite)),
      interval_(interval),
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
  try {
    db_->exec("PRAGMA wal_checkpoint(PASSIVE)");
    checkpoints_.fetch_add(1);
  } catch (const std::exception& e) {
    spdlog::warn("store: checkpoint failed (the next one retries): {}", e.what());
  }
}

}  // namespace parlor::server::store
