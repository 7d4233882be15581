#include "tests/cluster/cluster_test_support.hpp"

#include "server/cluster/cluster_schema.hpp"

namespace parlor::testing {

ThrowawayPostgres* cluster_postgres(std::string& why) {
  static std::string start_failure;
  static std::unique_ptr<ThrowawayPostgres> server = ThrowawayPostgres::start(start_failure);
  why = start_failure;
  return server.get();
}

server::store::pg::Connection connect_with_schema(const std::string& uri) {
  server::store::pg::Connection connection = server::store::pg::Connection::connect(uri);
  server::cluster::create_cluster_schema(connection);
  return connection;
}

std::string next_database_name() {
  static int next = 0;
  return "cluster_" + std::to_string(++next);
}

}  // namespace parlor::testing
