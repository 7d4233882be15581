// One throwaway PostgreSQL server for the cluster tests of this binary, and a fresh
// database per test.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "server/cluster/node_lease.hpp"
#include "server/cluster/room_registry.hpp"
#include "server/store/postgres/pg_connection.hpp"
#include "tests/support/throwaway_postgres.hpp"

namespace parlor::testing {

// The cluster's names its tests use.
using server::cluster::NodeIdentity;
using server::cluster::NodeLease;
using server::cluster::RoomEntry;
using server::cluster::RoomRegistry;
using server::cluster::TakenRoom;
using server::store::pg::Connection;

// The server (started on first use, stopped at exit), or nullptr with `why` set.
ThrowawayPostgres* cluster_postgres(std::string& why);
// A connection to `uri` with the cluster's tables created.
server::store::pg::Connection connect_with_schema(const std::string& uri);

// "cluster_1", "cluster_2", ...: a fresh database name for each test.
std::string next_database_name();

// A new database's URI; GTEST_SKIPs the calling test when PostgreSQL is not installed.
#define PARLOR_CLUSTER_DATABASE(uri_var)                                   \
  std::string uri_var;                                                     \
  {                                                                        \
    std::string why_;                                                      \
    ThrowawayPostgres* server_ = cluster_postgres(why_);                   \
    if (!server_) GTEST_SKIP() << "PostgreSQL is not available: " << why_; \
    uri_var = server_->create_database(next_database_name());              \
  }

}  // namespace parlor::testing
