// SQLite's exception: a failed call, with its result code (a StoreError,
// store_error.hpp, whose code is "sqlite_error").
#pragma once

#include <string>

#include "server/store/store_error.hpp"

namespace parlor::server::store {

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
