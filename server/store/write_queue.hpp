// Group commit: writes are queued by any thread and applied by one writer thread, which
// waits for the first write, gathers more for up to `commit_interval` (or until
// `max_batch`), and commits them in one transaction.
//
// Under concurrent load (one of the last two commits held two writes or more) the next
// commit also waits until `commit_spacing` has passed since the last one began, so that
// more writes share it: every commit costs the writer a wake-up, and the thread that
// queued the write another when its callbacks come back, which on a virtual machine cost
// more than the commit itself (docs/performance.md). A lone write (a move on a quiet
// server, one room's moves in a row, each waiting for its commit) still commits at once.
//
// A batch that fails because the database cannot take writes (full disk, I/O error,
// locked, read-only: an outage, see write_outage.hpp) is kept and retried until it
// commits, and nothing after it commits first, so `committed_through` never passes a
// write that is not on disk. A batch that fails for any other reason is retried write by
// write, each in its own transaction, so one bad row loses only itself. After every
// rolled-back transaction `rolled_back` runs (the writes keep state in memory that must
// then be rebuilt from the file). `before_commit` runs inside every transaction after its
// writes (the writes may defer some of their work to it); if it throws, the transaction
// fails like a write.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/store/batch_runner.hpp"
#include "server/store/store.hpp"
#include "server/store/write_outage.hpp"

namespace parlor::server::store {

class WriteQueue {
 public:
  // Runs on the writer thread inside the batch's transaction; throws to fail.
  using Apply = std::function<void()>;

  // `runner` runs each batch in one transaction of its database (batch_runner.hpp).
  WriteQueue(BatchRunner& runner, std::chrono::milliseconds commit_interval, std::size_t max_batch,
             std::chrono::milliseconds commit_spacing, std::function<void()> before_commit = {},
             std::function<void()> rolled_back = {});
  // Commits everything queued, runs the remaining callbacks, then stops the thread. During
  // an outage it keeps retrying for `kRetryAfterStop`, then drops what is left (messages
  // held for those writes were never sent, so no client saw them accepted); at once if
  // the runner says no write can ever succeed (BatchRunner::is_final: a fenced node).
  // Returns how many writes it dropped so. Writes pushed after it are never committed.
  // Call it from one thread; the destructor calls it if nobody did.
  std::uint64_t stop();
  ~WriteQueue();

  WriteQueue(const WriteQueue&) = delete;
  WriteQueue& operator=(const WriteQueue&) = delete;

  // `kind` (a literal) and `subject` (a match or player id) name the write in the log if
  // it fails. Nothing is formatted unless it does: this runs for every action.
  Ticket push(const char* kind, std::string subject, Apply apply);
  void after_commit(Ticket ticket, std::function<void()> callback);
  Ticket committed_through() const { return committed_through_.load(); }
  // Blocks until every write pushed before the call is committed and the callbacks
  // waiting for it have run (or stop() has dropped it). It waits out an outage however
  // long it lasts: at shutdown, use stop(). Never call it from an after_commit callback
  // (they run on the writer thread).
  void flush();
  Store::Stats stats() const;
  // True during an outage: writes are held, not lost, but nothing new should be accepted.
  bool failing() const { return outage_.failing(); }
  WriteOutage::State outage() const { return outage_.state(); }

  static constexpr std::chrono::seconds kRetryAfterStop{10};

 private:
  struct Write {
    Ticket ticket;
    const char* kind;
    std::string subject;
    Apply apply;
  };

  struct Failure {
    bool outage;  // the database's, not the write's (is_outage)
    std::string message;
    bool final = false;  // no retry can succeed (is_final)
  };

  void run();
  std::vector<Write> next_batch();
  // True if every write of `batch` was committed (or, not by an outage, lost).
  bool commit(const std::vector<Write>& batch);
  bool commit_one_by_one(const std::vector<Write>& batch);
  // Runs `writes` in one transaction: nothing if it committed, else why (rolled back).
  std::optional<Failure> try_commit(const Write* writes, std::size_t count);
  // Waits before the next try of an outage; false once the queue is stopping and
  // kRetryAfterStop has passed.
  bool wait_to_retry(const Failure& failure, std::size_t held);
  // `committed`: false when the writes through `through` were dropped at shutdown; their
  // callbacks are then dropped too, never run.
  void finish(Ticket through, bool committed);
  void report_rollback();

  BatchRunner& runner_;
  const std::chrono::milliseconds commit_interval_;
  const std::size_t max_batch_;
  const std::chrono::milliseconds commit_spacing_;
  const std::function<void()> before_commit_;
  const std::function<void()> rolled_back_;

  mutable std::mutex mutex_;
  std::condition_variable wake_writer_;  // a write arrived, the queue filled, or stop
  std::condition_variable batch_committed_;
  std::deque<Write> queue_;
  // Callbacks waiting for their write's commit, in the order they came (tickets mostly
  // rising). A map of vectors cost two allocations a move; this costs none once grown.
  struct Waiting {
    Ticket ticket;
    std::function<void()> callback;
  };
  std::vector<Waiting> callbacks_;
  static constexpr std::size_t kCallbacksKept = 4096;  // slots kept once a backlog is gone
  // Moves the callbacks of tickets up to `through` out of callbacks_ into `due` (or drops
  // them, with null), in ticket order and, within a ticket, in the order they came.
  void take_callbacks_through(Ticket through, std::vector<Waiting>* due);
  Ticket last_ticket_ = 0;
  Ticket finished_through_ = 0;  // committed and its callbacks run
  bool stopping_ = false;
  // The writer sleeps until a write comes: only then does a push wake it (while it gathers
  // a batch it wakes by itself, or when the batch is full).
  bool writer_waits_for_first_ = false;
  std::chrono::steady_clock::time_point last_commit_began_{};
  // Batches of one write since the last of two or more. The load counts as concurrent
  // (commits spaced) until two come in a row: one lone write between busy batches (the
  // first to come after a commit's callbacks went out) does not end it. It starts there.
  static constexpr int kLoneBatchesEndingLoad = 2;
  int lone_batches_in_a_row_ = kLoneBatchesEndingLoad;
  bool writer_done_ = false;  // run() returned: nothing pushed now is ever committed
  std::optional<std::chrono::steady_clock::time_point> give_up_at_;  // set once stopping
  WriteOutage outage_;

  std::atomic<Ticket> committed_through_{0};
  std::atomic<std::uint64_t> writes_queued_{0};
  std::atomic<std::uint64_t> writes_committed_{0};
  std::atomic<std::uint64_t> batches_{0};
  std::atomic<std::uint64_t> write_errors_{0};
  std::atomic<std::uint64_t> writes_dropped_{0};  // by stop(), during an outage

  std::thread thread_;  // last: starts after everything above is ready
};

}  // namespace parlor::server::store
