// What a database gives the shared store (store.hpp): the part of a Store that
// differs between SQLite (sqlite/sqlite_store.cpp) and PostgreSQL
// (postgres/postgres_store.cpp). Store owns the orchestration both share — the
// write queue, each write's capture and kind, the reads' fallbacks and errors, stats and
// health — and asks the backend only for its connections: how a batch commits (runner),
// where a write's statements are (writes), and how a read gets a snapshot (read).
#pragma once

#include <functional>

#include "server/store/batch_runner.hpp"
#include "server/store/store.hpp"
#include "server/store/store_reads.hpp"
#include "server/store/store_writes.hpp"
#include "server/store/write_outage.hpp"

namespace parlor::server::store {

class WriteQueue;

class StoreBackend {
 public:
  virtual ~StoreBackend() = default;

  // Commits each batch of writes in one transaction (batch_runner.hpp).
  virtual BatchRunner& runner() = 0;
  // The statements the queued writes run, asked for at each write on the writer thread
  // (SQLite replaces its statements when it writes a deleted file back).
  virtual StoreWrites& writes() = 0;
  // The write queue's hooks (write_queue.hpp): inside every transaction after its writes,
  // and after every rolled-back transaction.
  virtual void before_commit() {}
  virtual void rolled_back() {}
  // Called once the queue exists, before any write: a backend that must wake the writer
  // by itself (SQLite's deleted file) keeps it.
  virtual void attach(WriteQueue& /*queue*/) {}
  // The queue is stopping (Store::stop, or the store's destruction): ask it for nothing
  // more.
  virtual void detach() {}

  // Runs `read` on a read connection inside one read transaction. On any failure it logs
  // it, naming `what`, and returns false; `read` may have run (and is then run again on a
  // reopened connection, or its result is dropped).
  virtual bool read(const char* what, const std::function<void(StoreReads&)>& read) = 0;

  // Adds the backend's own counters (SQLite's checkpoints) to the queue's.
  virtual void add_stats(Store::Stats& /*stats*/) const {}
  // Health from the queue's outage; the default says what the outage says.
  virtual Store::Health health(const WriteOutage::State& outage) const {
    return {!outage.failing, outage.reason, outage.since_millis};
  }
  // False when the database cannot take writes though the queue is not failing yet.
  virtual bool writable() const { return true; }
};

}  // namespace parlor::server::store
