// Copies the write-ahead log back into the database file on its own thread and its own
// connection, so that the writer's commits never wait for it. Left to SQLite, the
// connection whose commit crosses the WAL size limit does the checkpoint inside that
// commit: a stall of many milliseconds for every message held behind it (the room
// releases messages only once their rows are committed). PASSIVE checkpoints run beside
// the writer and readers without blocking them.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "server/store/database.hpp"

namespace parlor::server::store {

class Checkpointer {
 public:
  // `path`: the database file, already in WAL mode.
  Checkpointer(const std::string& path, std::chrono::milliseconds interval);
  ~Checkpointer();  // stops the thread (a checkpoint in progress finishes first)

  Checkpointer(const Checkpointer&) = delete;
  Checkpointer& operator=(const Checkpointer&) = delete;

  std::uint64_t checkpoints() const { return checkpoints_.load(); }

 private:
  void run();
  void checkpoint();

  std::unique_ptr<sql::Database> db_;
  std::chrono::milliseconds interval_;
  std::atomic<std::uint64_t> checkpoints_{0};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace parlor::server::store
