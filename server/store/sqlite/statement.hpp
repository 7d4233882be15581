// A prepared statement (RAII over sqlite3_stmt*): finalized in the destructor. Bind by
// 1-based index or by ":name", step, read columns (0-based), reset to run it again.
// Throws SqlError on failure; used only inside the store.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3_stmt;

namespace parlor::server::store::sql {

class Database;

class Statement {
 public:
  Statement(Database& db, std::string_view sql);
  ~Statement();

  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  void bind(int index, int value);
  void bind(int index, std::int64_t value);
  void bind(int index, double value);
  void bind(int index, bool value);
  void bind(int index, std::string_view value);
  void bind(int index, const char* value) { bind(index, std::string_view(value)); }
  void bind(int index, const std::string& value) { bind(index, std::string_view(value)); }
  void bind(int index, std::nullptr_t);
  // Binds `value` without copying it: it must stay alive and unchanged until the
  // statement is reset (for the writer's hottest statement, whose text is the queued
  // write's own).
  void bind_static(int index, std::string_view value);
  template <class T>
  void bind(int index, const std::optional<T>& value) {
    if (value) {
      bind(index, *value);
    } else {
      bind(index, nullptr);
    }
  }
  // Binds by parameter name, including its prefix (":seat").
  template <class T>
  void bind(const char* name, const T& value) {
    bind(index_of(name), value);
  }
  int index_of(const char* name) const;
  // A write in one call: resets, binds each (":name", value) pair and steps. Most of the
  // store's writes are exactly that; written out, each was five to ten lines of the same
  // shape.
  template <class... NamesAndValues>
  void run_with(const NamesAndValues&... names_and_values) {
    reset();
    bind_each(names_and_values...);
    run();
  }

  // Advances to the next row: true if there is one, false when done.
  bool step();
  // Steps a statement that returns no rows.
  void run();
  // Makes the statement ready to run again and clears its bindings.
  void reset();

  int column_count() const;
  bool is_null(int column) const;
  std::int64_t get_int64(int column) const;
  int get_int(int column) const { return static_cast<int>(get_int64(column)); }
  double get_double(int column) const;
  bool get_bool(int column) const { return get_int64(column) != 0; }
  std::string get_text(int column) const;
  // The same without a copy: valid until the statement steps, resets or is destroyed.
  std::string_view text_view(int column) const;
  std::optional<std::string> get_optional_text(int column) const;

 private:
  void bind_each() {}
  template <class T, class... Rest>
  void bind_each(const char* name, const T& value, const Rest&... rest) {
    bind(name, value);
    bind_each(rest...);
  }
  void check_bind(int rc, int index);

  Database& db_;
  sqlite3_stmt* stmt_ = nullptr;
};

// Resets a cached statement when the scope that stepped it ends, even through an
// exception. A statement left on a row keeps its connection's read snapshot open after
// COMMIT, and no checkpoint can copy the WAL past that snapshot: the WAL then grows
// without bound (it did, by 0.8 MB/s, once matches began to finish).
class ResetWhenDone {
 public:
  explicit ResetWhenDone(Statement& statement) : statement_(statement) {}
  ~ResetWhenDone() { statement_.reset(); }
  ResetWhenDone(const ResetWhenDone&) = delete;
  ResetWhenDone& operator=(const ResetWhenDone&) = delete;

 private:
  Statement& statement_;
};

// The current row's columns under the names of the readers both backends share
// (server/store/row_readers.hpp).
struct Columns {
  const Statement& statement;
  std::string text(int column) const { return statement.get_text(column); }
  std::int64_t int64(int column) const { return statement.get_int64(column); }
  bool boolean(int column) const { return statement.get_bool(column); }
  double number(int column) const { return statement.get_double(column); }
  bool is_null(int column) const { return statement.is_null(column); }
};

// Every row `statement` returns, each made by `read(Columns)`.
template <class Read>
auto all_rows(Statement& statement, Read read) {
  std::vector<decltype(read(Columns{statement}))> rows;
  while (statement.step()) rows.push_back(read(Columns{statement}));
  return rows;
}

}  // namespace parlor::server::store::sql
