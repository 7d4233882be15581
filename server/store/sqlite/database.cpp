#include "server/store/sqlite/database.hpp"

#include <sqlite3.h>

#include <string>

#include "server/store/sqlite/errors.hpp"
#include "server/store/sqlite/statement.hpp"

namespace parlor::server::store::sql {

namespace {

int open_flags(Database::Mode mode) {
  // No per-call mutex inside SQLite: every connection is used by one thread at a time
  // (the store's own mutexes see to it), and the writer makes several calls per row.
  int flags = SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX;
  switch (mode) {
    case Database::Mode::kReadWriteCreate:
      return flags | SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    case Database::Mode::kReadWrite:
      return flags | SQLITE_OPEN_READWRITE;
    case Database::Mode::kReadOnly:
      return flags | SQLITE_OPEN_READONLY;
  }
  return flags | SQLITE_OPEN_READWRITE;
}

}  // namespace

Database::Database(const std::string& path, Mode mode) {
  int rc = sqlite3_open_v2(path.c_str(), &db_, open_flags(mode), nullptr);
  if (rc != SQLITE_OK) {
    std::string message =
        "cannot open " + path + ": " + (db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc));
    sqlite3_close_v2(db_);
    db_ = nullptr;
    throw SqlError(rc, message);
  }
  sqlite3_extended_result_codes(db_, 1);
}

Database::~Database() {
  begin_.reset();
  commit_.reset();
  rollback_.reset();
  // Statements are finalized by their own destructors first; close_v2 tolerates strays.
  if (db_ != nullptr) sqlite3_close_v2(db_);
}

void Database::exec(std::string_view sql) {
  std::string text(sql);
  char* message = nullptr;
  int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &message);
  if (rc != SQLITE_OK) {
    std::string detail = message != nullptr ? message : sqlite3_errstr(rc);
    sqlite3_free(message);
    throw SqlError(rc, detail + " (in: " + text.substr(0, 120) + ")");
  }
}

std::string Database::query_text(std::string_view sql) {
  Statement statement(*this, sql);
  if (!statement.step()) return {};
  return statement.get_text(0);
}

long long Database::query_int(std::string_view sql) {
  Statement statement(*this, sql);
  if (!statement.step()) return 0;
  return statement.get_int64(0);
}

void Database::set_busy_timeout(std::chrono::milliseconds timeout) {
  int rc = sqlite3_busy_timeout(db_, static_cast<int>(timeout.count()));
  if (rc != SQLITE_OK) fail(rc, "busy_timeout");
}

int Database::user_version() { return static_cast<int>(query_int("PRAGMA user_version")); }

void Database::set_user_version(int version) {
  exec("PRAGMA user_version = " + std::to_string(version));
}

int Database::changes() const { return sqlite3_changes(db_); }

std::int64_t Database::last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }

void Database::run_cached(std::unique_ptr<Statement>& statement, std::string_view sql) {
  if (!statement) statement = std::make_unique<Statement>(*this, sql);
  statement->reset();
  statement->run();
  // Leaves nothing pending, so that a read statement never holds the transaction open.
  statement->reset();
}

void Database::begin_immediate() { run_cached(begin_, "BEGIN IMMEDIATE"); }

void Database::commit() { run_cached(commit_, "COMMIT"); }

void Database::rollback() { run_cached(rollback_, "ROLLBACK"); }

bool Database::in_transaction() const { return sqlite3_get_autocommit(db_) == 0; }

void Database::fail(int code, std::string_view context) const {
  std::string message(context);
  message += ": ";
  message += sqlite3_errmsg(db_);
  throw SqlError(code, message);
}

}  // namespace parlor::server::store::sql
