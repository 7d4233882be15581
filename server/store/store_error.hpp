// The store's internal exception. It never leaves the store: Store's public methods
// catch it (writes: logged and counted; reads: logged, an empty answer) and open() turns
// it into an Error with the same code. Each backend derives its own (sqlite/errors.hpp,
// postgres/pg_connection.hpp).
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

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

}  // namespace parlor::server::store
