// An open SQLite connection (RAII over sqlite3*): closed in the destructor. Throws
// SqlError on failure; used only inside the store. Opened without SQLite's own mutex: use
// a connection (and its statements) from one thread at a time.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

struct sqlite3;

namespace parlor::server::store::sql {

class Statement;

class Database {
 public:
  enum class Mode { kReadWriteCreate, kReadWrite, kReadOnly };

  // `path`: a file name, ":memory:" or a "file:" URI.
  explicit Database(const std::string& path, Mode mode = Mode::kReadWriteCreate);
  ~Database();

  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Runs one or more statements that return no rows of interest.
  void exec(std::string_view sql);
  // Runs a statement that returns one text value (e.g. "PRAGMA journal_mode=WAL").
  std::string query_text(std::string_view sql);
  // Runs a statement that returns one integer value (e.g. "PRAGMA user_version").
  long long query_int(std::string_view sql);

  void set_busy_timeout(std::chrono::milliseconds timeout);
  int user_version();
  void set_user_version(int version);
  // Rows changed by the most recent INSERT/UPDATE/DELETE on this connection.
  int changes() const;
  // The rowid of the most recent successful INSERT on this connection.
  std::int64_t last_insert_rowid() const;
  bool in_transaction() const;

  // BEGIN IMMEDIATE, COMMIT and ROLLBACK from statements prepared once: the writer runs
  // them for every group commit, and parsing them each time is a measurable share of a
  // small commit.
  void begin_immediate();
  void commit();
  void rollback();

  sqlite3* handle() const { return db_; }
  // Throws SqlError describing `code` and this connection's last error message.
  [[noreturn]] void fail(int code, std::string_view context) const;

 private:
  void run_cached(std::unique_ptr<Statement>& statement, std::string_view sql);

  sqlite3* db_ = nullptr;
  std::unique_ptr<Statement> begin_;
  std::unique_ptr<Statement> commit_;
  std::unique_ptr<Statement> rollback_;
};

}  // namespace parlor::server::store::sql
