// What the write queue (write_queue.hpp) needs from a database: run one batch of writes
// in one transaction, and tell an outage (the database cannot take any write now: hold
// and retry) from a failure of the writes themselves. SQLite's runner
// (sqlite/sqlite_batch_runner.hpp) wraps a local transaction; PostgreSQL's
// (postgres/pg_write_batch.hpp) gathers the writes' rows and sends them in one pipeline.
#pragma once

#include <exception>
#include <functional>

namespace parlor::server::store {

class BatchRunner {
 public:
  virtual ~BatchRunner() = default;
  // Runs `writes` (they call the backend's write methods) inside one transaction and
  // commits it. Throws if it did not commit; the transaction is then rolled back.
  virtual void run(const std::function<void()>& writes) = 0;
  // True if `error`, thrown by run(), means no write can succeed now.
  virtual bool is_outage(const std::exception& error) const = 0;
  // True if `error` means no write of this runner can ever succeed again (a cluster node
  // fenced by the others): held writes are not retried once the queue stops.
  virtual bool is_final(const std::exception& /*error*/) const { return false; }
};

}  // namespace parlor::server::store
