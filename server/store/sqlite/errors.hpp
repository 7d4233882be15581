// The store's internal exceptions. They never leave the store: Store's public methods
// catch them (writes: logged and counted; reads: logged, an empty answer) and open()
// turns them into an Error with the same code.
#pragma once

#include <stdexcept>
#include <string>

namespace parlor::server::store {

// An error with a stable code ("db_too_new", "db_migration_failed", "sqlite_error", ...).
class StoreError : public std::runtime_error {
 public:
  StoreError(std::string code, const std::string& message)
      : std::runtime_error(message), code_(std::move(code)) {}
  const std::string& code() const { return code_; }

 private:
  std::string code_;
};

// A failed SQLite call; `sqlite_code()` is the extended result code.
class SqlError : public StoreError {
 public:
  SqlError(int sqlite_code, const std::string& message)
      : StoreError("sqlite_error", message), sqlite_code_(sqlite_code) {}
  int sqlite_code() const { return sqlite_code_; }

 private:
  int sqlite_code_;
};

}  // namespace parlor::server::store
