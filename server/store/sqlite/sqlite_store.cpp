// The store on SQLite: two connections to one file. The write connection belongs to the writer
// thread (WriteQueue) and is configured for WAL, the chosen synchronous level and foreign keys; the
// read connection (query_only) serves the history API and start-up loading, each read in one
// transaction so it sees whole batches only. An in-memory database cannot be shared between
// connections, so there reads use the write connection under the mutex the writer holds around each
// batch.
#include "server/store/sqlite/sqlite_store.hpp"

#include <spdlog/spdlog.h>
#include <sqlite3.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <thread>
#include <utility>

#include "server/store/sqlite/checkpointer.hpp"
#include "server/store/sqlite/database.hpp"
#include "server/store/sqlite/database_file_watch.hpp"
#include "server/store/sqlite/errors.hpp"
#include "server/store/sqlite/history_queries.hpp"
#include "server/store/sqlite/migrations.hpp"
#include "server/store/sqlite/open_checks.hpp"
#include "server/store/sqlite/sqlite_batch_runner.hpp"
#include "server/store/sqlite/transaction.hpp"
#include "server/store/sqlite/write_back.hpp"
#include "server/store/sqlite/write_statements.hpp"
#include "server/store/store_backend.hpp"
#include "server/store/write_queue.hpp"

namespace parlor::server::store {

namespace {

// An in-memory database exists once per connection, so reads share the writer's.
bool is_in_memory(const std::string& path) {
  return path.empty() || path == ":memory:" || path.find("mode=memory") != std::string::npos;
}

void create_parent_directory(const std::string& path) {
  if (path.rfind("file:", 0) == 0) return;
  std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (parent.empty()) return;
  std::error_code error;
  std::filesystem::create_directories(parent, error);
  if (error) {
    throw StoreError("db_open_failed",
                     "cannot create the directory " + parent.string() + ": " + error.message());
  }
}

// How long the backstop below waits for the Checkpointer's own checkpoint to finish.
constexpr auto kBackstopWait = std::chrono::milliseconds(500);

// sqlite3_wal_hook: runs on the writer's thread after each commit (its write lock
// released), `frames` the WAL's; `page_size` is the database's, as a pointer.
//
// Past kWalRestartAbove, the writer's own PASSIVE checkpoint completes the Checkpointer's:
// the Checkpointer copies the WAL beside the commits, but under a steady load the writer
// appends frames while it copies, so it never copies them all and SQLite never starts the
// WAL over. The WAL then grew to kWalTruncateAbove every few hundred milliseconds and was
// emptied by a TRUNCATE checkpoint that held the writer off (the writer's busy handler
// sleeps 1, 2, 5 ms...): the closed loop's p99 was 37-44 ms for a p50 of 11-13
// (2026-11-28, docs/load.md's history). Here nobody appends while it runs, so it copies the
// few frames the Checkpointer has not, and the next commit starts the WAL over from its
// beginning (the file kept, kWalKeptBytes at most: no truncation and no regrowth). Should
// the Checkpointer be copying at that moment, the checkpoint returns SQLITE_BUSY at once,
// and the next commit tries again.
int checkpoint_after_commit(void* page_size, sqlite3* db, const char* name, int frames) {
  const auto page_bytes = reinterpret_cast<std::intptr_t>(page_size);
  if (frames < Checkpointer::kWalRestartAbove / page_bytes) return SQLITE_OK;
  if (frames < Checkpointer::kWalTruncateAbove / page_bytes) {
    // Its result is not needed: SQLITE_BUSY is the Checkpointer copying, and any other
    // failure is the Checkpointer's to report (it checkpoints the same file every
    // interval, and logs a failure and the recovery).
    sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
    return SQLITE_OK;
  }
  // The backstop, should the WAL still outgrow kWalTruncateAbove (readers that kept it
  // from starting over, or the Checkpointer starved of CPU). While another connection
  // checkpoints (the Checkpointer, preempted halfway through a copy on a loaded machine),
  // a checkpoint returns SQLITE_BUSY at once: SQLite never calls the busy handler for the
  // checkpoint lock. Giving up then let every commit fail the same way while the WAL grew
  // past kWalBound (38 MB seen, with three busy loops beside the store's test). So the
  // writer waits for that checkpoint, sleeping so that it can finish: its commits'
  // messages wait too, but only when the backstop is needed. A BUSY after the busy
  // timeout (a reader on an old snapshot) ends the wait as well; the next commit tries
  // again.
  const auto deadline = std::chrono::steady_clock::now() + kBackstopWait;
  while (sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr) ==
             SQLITE_BUSY &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return SQLITE_OK;
}

void configure_writer(sql::Database& db, const StoreOptions& options, bool in_memory) {
  if (!in_memory) {
    std::string mode = db.query_text("PRAGMA journal_mode = WAL");
    if (mode != "wal") spdlog::warn("store: journal_mode is {}, not wal", mode);
  }
  db.exec(options.synchronous_full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA foreign_keys = ON");
  // The Checkpointer does it, away from the commits (a WAL hook replaces SQLite's own
  // autocheckpoint, which would run inside whichever commit filled the WAL).
  if (!in_memory && options.checkpoint_interval.count() > 0) {
    // Only a backstop: should the checkpointer fall behind (starved of CPU, or a long
    // checkpoint that writes keep outrunning, so the WAL never starts over), the commit
    // that takes the WAL past kWalTruncateAbove empties it inline (TRUNCATE waits for
    // readers, and the writer is this very connection), so it stays bounded whatever
    // happens. Measured with the checkpointer every 5 ms and three busy loops beside it:
    // largest WAL 8.4-38 MB while the backstop gave up on SQLITE_BUSY, 8.43 MB in 15 of
    // 15 runs since it waits (tests/store/write_outage_test.cpp, WalBound).
    long long page_size = std::max(db.query_int("PRAGMA page_size"), 512LL);
    static_assert(Checkpointer::kWalTruncateAbove / 512 < (1 << 30));
    sqlite3_wal_hook(db.handle(), checkpoint_after_commit,
                     reinterpret_cast<void*>(static_cast<std::intptr_t>(page_size)));
  }
  // A WAL that the writer starts over is cut back to this size (checkpointer.hpp).
  db.exec("PRAGMA journal_size_limit = " + std::to_string(Checkpointer::kWalKeptBytes));
}

// SQLite's part of the store (store_backend.hpp): its connections, statements,
// checkpointer and the watch on its file.
struct SqliteBackend final : StoreBackend {
  StoreOptions options;
  std::string path;
  bool in_memory = false;
  std::unique_ptr<sql::Database> write_db;
  std::mutex write_db_mutex;
  std::unique_ptr<sql::Database> read_db;  // none for an in-memory database
  std::mutex read_db_mutex;
  std::unique_ptr<WriteStatements> write_statements;
  std::unique_ptr<SqliteBatchRunner> batch_runner;
  WriteQueue* queue = nullptr;                 // attached by the Store, which outlives its use here
  std::unique_ptr<Checkpointer> checkpointer;  // none for an in-memory database
  mutable std::mutex checkpointer_mutex;  // the writer replaces it when it writes the file back
  std::unique_ptr<DatabaseFileWatch> watch;
  // The checkpointer's thread asks the writer to write a deleted file back (one request
  // at a time), until the queue closes.
  std::mutex request_mutex;
  bool closing = false;
  std::atomic<bool> write_back_requested{false};

  // The Store drained the queue first (detach(), then the queue's end).
  ~SqliteBackend() override {
    {
      std::lock_guard lock(checkpointer_mutex);
      checkpointer.reset();
    }
    write_statements.reset();
    read_db.reset();
    write_db.reset();
  }

  BatchRunner& runner() override { return *batch_runner; }
  // Looked up at each write: a deleted file's write-back replaces them.
  StoreWrites& writes() override { return *write_statements; }
  void before_commit() override { write_statements->flush_actions(); }
  void rolled_back() override {
    if (write_statements) write_statements->rolled_back();
  }
  void attach(WriteQueue& attached) override { queue = &attached; }
  void detach() override {
    std::lock_guard lock(request_mutex);
    closing = true;
  }

  void add_stats(Store::Stats& stats) const override {
    std::lock_guard lock(checkpointer_mutex);
    if (!checkpointer) return;
    stats.checkpoints = checkpointer->checkpoints();
    stats.checkpoint_errors = checkpointer->errors();
    stats.wal_bytes = checkpointer->wal_bytes();
  }

  Store::Health health(const WriteOutage::State& outage) const override {
    if (watch->current() != DatabaseFileWatch::State::kInPlace) {
      return {false, watch->reason(), outage.since_millis};
    }
    return StoreBackend::health(outage);
  }

  bool writable() const override { return watch->current() == DatabaseFileWatch::State::kInPlace; }

  // Runs `read_function` in one read transaction on the read connection (the writer's,
  // for an in-memory database).
  bool read(const char* what, const std::function<void(StoreReads&)>& read_function) override {
    std::mutex& mutex = in_memory ? write_db_mutex : read_db_mutex;
    try {
      std::lock_guard lock(mutex);
      sql::Database* db = in_memory ? write_db.get() : read_db.get();
      if (!db) return false;  // between a deleted file's write-back and its reopening
      sql::ReadTransaction transaction(*db);
      read_function(*sqlite_reads(*db));
      return true;
    } catch (const std::exception& e) {
      spdlog::error("store: {} failed: {}", what, e.what());
      return false;
    }
  }

  void start_checkpointer() {
    if (options.checkpoint_interval.count() <= 0) return;
    auto started =
        std::make_unique<Checkpointer>(path, options.checkpoint_interval, [this] { watch_file(); });
    std::lock_guard lock(checkpointer_mutex);
    checkpointer = std::move(started);
  }

  // On the checkpointer's thread: keeps the file's state fresh for /healthz, and wakes
  // the writer to write a deleted file back even when no write is coming.
  void watch_file() {
    if (watch->current() != DatabaseFileWatch::State::kMissing) return;
    std::lock_guard lock(request_mutex);
    if (closing || write_back_requested.exchange(true)) return;
    queue->push("write_back", path, [] {});
  }

  // On the writer's thread, before each batch (holding write_db_mutex): a file that cannot
  // be used is an outage (the batch is held and retried); a deleted one is written back.
  void prepare_batch() {
    if (in_memory) return;
    if (!write_db) return reopen();  // a write-back whose reopening failed
    switch (watch->current()) {
      case DatabaseFileWatch::State::kInPlace:
        return;
      case DatabaseFileWatch::State::kMissing:
        return write_back();
      case DatabaseFileWatch::State::kReadOnly:
        throw SqlError(SQLITE_READONLY, watch->reason());
      case DatabaseFileWatch::State::kReplaced:
        throw SqlError(SQLITE_CANTOPEN, watch->reason());
    }
  }

  // The file is gone but every connection still reaches it: copy it back to its path,
  // then move every connection to the copy. Readers wait meanwhile.
  void write_back() {
    std::lock_guard read_lock(read_db_mutex);
    {
      std::lock_guard lock(checkpointer_mutex);
      checkpointer.reset();  // its connection must not checkpoint into the old file now
    }
    long long pages = 0;
    try {
      pages = write_back_copy(*write_db, path);
    } catch (...) {
      start_checkpointer();
      throw;
    }
    // The last connection to the deleted file folds its (empty) WAL and removes the
    // -wal and -shm files at the path, which are the deleted file's.
    write_statements.reset();
    read_db.reset();
    write_db.reset();
    spdlog::warn(
        "store: the database file {} was written back from the server's open copy ({} pages: "
        "everything committed); writes go on there",
        path, pages);
    open_connections();
  }

  void reopen() {
    std::lock_guard read_lock(read_db_mutex);
    open_connections();
  }

  // Opens the writer's and the readers' connections and the checkpointer on the file now
  // at the path (the caller holds both connection mutexes).
  void open_connections() {
    try {
      auto writer = std::make_unique<sql::Database>(path, sql::Database::Mode::kReadWrite);
      writer->set_busy_timeout(options.busy_timeout);
      configure_writer(*writer, options, false);
      auto statements = std::make_unique<WriteStatements>(*writer);
      auto reader = std::make_unique<sql::Database>(path, sql::Database::Mode::kReadWrite);
      reader->set_busy_timeout(options.busy_timeout);
      reader->exec("PRAGMA query_only = ON");
      write_db = std::move(writer);
      write_statements = std::move(statements);
      read_db = std::move(reader);
    } catch (const SqlError& e) {
      throw SqlError(SQLITE_CANTOPEN,
                     std::string("reopening the written-back database: ") + e.what());
    }
    watch->adopt_current_file();
    write_back_requested.store(false);
    start_checkpointer();
  }
};

}  // namespace

Expected<std::unique_ptr<Store>> open_sqlite_store(const StoreOptions& options) {
  auto impl = std::make_unique<SqliteBackend>();
  impl->options = options;
  bool in_memory = is_in_memory(options.path);
  std::string path = options.path.empty() ? ":memory:" : options.path;
  impl->path = path;
  impl->in_memory = in_memory;
  try {
    try {
      if (!in_memory) create_parent_directory(path);
      impl->write_db = std::make_unique<sql::Database>(path);
      impl->write_db->set_busy_timeout(options.busy_timeout);
      check_database_file(*impl->write_db, path);
      configure_writer(*impl->write_db, options, in_memory);
      check_write_lock(*impl->write_db, path);
    } catch (const SqlError& e) {
      throw StoreError(open_error_code(e.sqlite_code()), e.what());
    }
    migrate(*impl->write_db);
    try {
      mark_as_parlor(*impl->write_db);
      sweep_finished_journal_rows(*impl->write_db);
      if (!in_memory) {
        impl->read_db = std::make_unique<sql::Database>(path, sql::Database::Mode::kReadWrite);
        impl->read_db->set_busy_timeout(options.busy_timeout);
        impl->read_db->exec("PRAGMA query_only = ON");
      }
      impl->watch = std::make_unique<DatabaseFileWatch>(in_memory ? "" : path);
      impl->write_statements = std::make_unique<WriteStatements>(*impl->write_db);
    } catch (const SqlError& e) {
      throw StoreError(open_error_code(e.sqlite_code()), e.what());
    }
  } catch (const StoreError& e) {
    return Error{e.code(), "cannot open the database " + path + ": " + e.what()};
  } catch (const std::exception& e) {
    return Error{"db_open_failed", "cannot open the database " + path + ": " + e.what()};
  }
  SqliteBackend* backend = impl.get();
  backend->batch_runner = std::make_unique<SqliteBatchRunner>(
      backend->write_db, backend->write_db_mutex, [backend] { backend->prepare_batch(); });
  auto store = std::make_unique<Store>(std::move(impl), options);
  // After the queue: the checkpointer's thread may ask it for a write-back.
  if (!in_memory) {
    try {
      backend->start_checkpointer();
    } catch (const std::exception& e) {
      return Error{"db_open_failed", "cannot open the database " + path + ": " + e.what()};
    }
  }
  spdlog::info("store: opened {} (schema version {})", path, current_schema_version());
  return store;
}

}  // namespace parlor::server::store
