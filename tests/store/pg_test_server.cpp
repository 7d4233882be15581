#include "tests/store/pg_test_server.hpp"

#include <atomic>
#include <memory>

namespace parlor::testing {

ThrowawayPostgres* shared_postgres(std::string& why) {
  // A function-static: started once, stopped (and its directory removed) at exit.
  static std::string start_error;
  static const std::unique_ptr<ThrowawayPostgres> server = ThrowawayPostgres::start(start_error);
  why = start_error;
  return server.get();
}

std::string fresh_database(ThrowawayPostgres& server) {
  static std::atomic<int> counter{0};
  return server.create_database("test_" + std::to_string(++counter));
}

}  // namespace parlor::testing
