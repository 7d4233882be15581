#include "tests/cluster/cluster_test_support.hpp"

namespace parlor::testing {

ThrowawayPostgres* cluster_postgres(std::string& why) {
  static std::string start_failure;
  static std::unique_ptr<ThrowawayPostgres> server = ThrowawayPostgres::start(start_failure);
  why = start_failure;
  return server.get();
}

std::string next_database_name() {
  static int next = 0;
  return "cluster_" + std::to_string(++next);
}

}  // namespace parlor::testing
