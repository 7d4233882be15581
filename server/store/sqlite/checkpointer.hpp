// Copies the write-ahead log back into the database file on its own thread and its own
// connection, so that the writer's commits wait for as little of it as possible. Left to
// SQLite, the connection whose commit crosses the WAL size limit does the whole
// checkpoint inside that commit: a stall of milliseconds for every message held behind it
// (the room releases messages only once their rows are committed). PASSIVE checkpoints run
// beside the writer and readers without blocking them.
//
// The WAL's size is bounded: a PASSIVE checkpoint copies what it can, and the writer
// starts the WAL over from its beginning once everything is copied (its connection sets
// journal_size_limit, so a reset WAL is also cut back to kWalKeptBytes). Under steady
// commits this thread never copies everything (the writer appends while it copies), so
// once the WAL holds kWalRestartAbove bytes of pages the writer's own commit runs a PASSIVE
// checkpoint too, which copies the few frames this thread has not and lets the next commit
// start the WAL over (a WAL hook set by the store). Should the file still exceed
// kWalTruncateAbove — readers that kept the writer from starting over — a TRUNCATE
// checkpoint here waits briefly for them and empties it. Should this thread fall behind
// (starved of CPU), the same hook checkpoints (TRUNCATE) once the WAL holds
// kWalTruncateAbove bytes of pages, as a backstop; it waits for a checkpoint of this
// thread's that is under way.
// So the WAL stays under kWalBound under any load while checkpoints succeed (a test plays
// thousands of finished matches and checks it). A failing checkpoint is logged once until
// one succeeds again.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "server/store/sqlite/database.hpp"

namespace parlor::server::store {

class Checkpointer {
 public:
  static constexpr std::int64_t kWalKeptBytes = 4 << 20;
  // The writer starts the WAL over at the size a started-over WAL keeps: one number, not
  // two to keep in step (above it, each restart would cut the file and it would regrow).
  static constexpr std::int64_t kWalRestartAbove = kWalKeptBytes;
  static constexpr std::int64_t kWalTruncateAbove = 8 << 20;
  static constexpr std::int64_t kWalBound = 32 << 20;
  static constexpr std::chrono::milliseconds kTruncateWait{200};

  // `path`: the database file, already in WAL mode. `each_interval` (optional) runs on
  // this thread before every checkpoint: the store watches its file from there.
  Checkpointer(const std::string& path, std::chrono::milliseconds interval,
               std::function<void()> each_interval = {});
  ~Checkpointer();  // stops the thread (a checkpoint in progress finishes first)

  Checkpointer(const Checkpointer&) = delete;
  Checkpointer& operator=(const Checkpointer&) = delete;

  std::uint64_t checkpoints() const { return checkpoints_.load(); }
  std::uint64_t errors() const { return errors_.load(); }
  // The WAL's size after the last checkpoint (bytes; 0 when there is none).
  std::int64_t wal_bytes() const { return wal_bytes_.load(); }

 private:
  void run();
  void checkpoint();
  std::int64_t current_wal_bytes() const;

  std::unique_ptr<sql::Database> db_;
  std::string path_;
  std::string wal_path_;
  std::chrono::milliseconds interval_;
  std::function<void()> each_interval_;
  std::atomic<std::uint64_t> checkpoints_{0};
  std::atomic<std::uint64_t> errors_{0};
  std::atomic<std::int64_t> wal_bytes_{0};
  bool failing_ = false;  // a checkpoint failed and none has succeeded since
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace parlor::server::store
