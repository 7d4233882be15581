#include "server/store/sqlite/statement.hpp"

#include <sqlite3.h>

#include "server/store/sqlite/database.hpp"
#include "server/store/sqlite/errors.hpp"

namespace parlor::server::store::sql {

Statement::Statement(Database& db, std::string_view sql) : db_(db) {
  int rc =
      sqlite3_prepare_v2(db.handle(), sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr);
  if (rc != SQLITE_OK) db_.fail(rc, "prepare \"" + std::string(sql.substr(0, 120)) + "\"");
  if (stmt_ == nullptr) throw SqlError(SQLITE_MISUSE, "empty statement");
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

void Statement::check_bind(int rc, int index) {
  if (rc != SQLITE_OK) db_.fail(rc, "bind parameter " + std::to_string(index));
}

void Statement::bind(int index, int value) {
  check_bind(sqlite3_bind_int(stmt_, index, value), index);
}

void Statement::bind(int index, std::int64_t value) {
  check_bind(sqlite3_bind_int64(stmt_, index, value), index);
}

void Statement::bind(int index, double value) {
  check_bind(sqlite3_bind_double(stmt_, index, value), index);
}

void Statement::bind(int index, bool value) {
  check_bind(sqlite3_bind_int(stmt_, index, value ? 1 : 0), index);
}

void Statement::bind(int index, std::string_view value) {
  check_bind(
      sqlite3_bind_text64(stmt_, index, value.data(), value.size(), SQLITE_TRANSIENT, SQLITE_UTF8),
      index);
}

void Statement::bind_static(int index, std::string_view value) {
  check_bind(
      sqlite3_bind_text64(stmt_, index, value.data(), value.size(), SQLITE_STATIC, SQLITE_UTF8),
      index);
}

void Statement::bind(int index, std::nullptr_t) {
  check_bind(sqlite3_bind_null(stmt_, index), index);
}

int Statement::index_of(const char* name) const {
  int index = sqlite3_bind_parameter_index(stmt_, name);
  if (index == 0) throw SqlError(SQLITE_RANGE, std::string("no parameter named ") + name);
  return index;
}

bool Statement::step() {
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  db_.fail(rc, std::string("step \"") + std::string(sqlite3_sql(stmt_)).substr(0, 120) + "\"");
}

void Statement::run() {
  while (step()) {
  }
}

void Statement::reset() {
  // reset's return value repeats the last step's error, already reported by step().
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

int Statement::column_count() const { return sqlite3_column_count(stmt_); }

bool Statement::is_null(int column) const {
  return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

std::int64_t Statement::get_int64(int column) const { return sqlite3_column_int64(stmt_, column); }

double Statement::get_double(int column) const { return sqlite3_column_double(stmt_, column); }

std::string Statement::get_text(int column) const { return std::string(text_view(column)); }

std::string_view Statement::text_view(int column) const {
  const unsigned char* text = sqlite3_column_text(stmt_, column);
  if (text == nullptr) return {};
  int size = sqlite3_column_bytes(stmt_, column);
  return std::string_view(reinterpret_cast<const char*>(text), static_cast<std::size_t>(size));
}

std::optional<std::string> Statement::get_optional_text(int column) const {
  if (is_null(column)) return std::nullopt;
  return get_text(column);
}

}  // namespace parlor::server::store::sql
