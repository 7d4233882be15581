// Node membership and the fence (server/cluster/node_lease.hpp, cluster_schema.hpp)
// against a real PostgreSQL.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

#include "server/cluster/cluster_schema.hpp"
#include "server/cluster/node_lease.hpp"
#include "server/cluster/room_registry.hpp"
#include "tests/cluster/cluster_test_support.hpp"

namespace parlor::testing {
namespace {

using namespace std::chrono_literals;
using server::store::pg::Params;
using server::store::pg::PgError;

void fence(Connection& connection, const NodeIdentity& node) {
  connection.exec(server::cluster::kFenceStatement, Params().add(node.name).add(node.incarnation));
}

TEST(NodeLease, ClaimsANewNameAndRefusesALiveOne) {
  PARLOR_CLUSTER_DATABASE(uri);
  Connection first_db = connect_with_schema(uri);
  Connection second_db = connect_with_schema(uri);
  NodeLease first(first_db, 1s);  // 50 ms beats stay fresh however loaded the machine
  auto claimed = first.claim("alpha", "ws://a/ws");
  ASSERT_TRUE(claimed) << claimed.error().message;
  EXPECT_EQ(claimed->incarnation, 1);

  // The first keeps heartbeating while a second process asks for the same name.
  std::atomic<bool> beating{true};
  std::thread heart([&] {
    while (beating) {
      first.heartbeat(*claimed);
      std::this_thread::sleep_for(50ms);
    }
  });
  auto second = NodeLease(second_db, 1s).claim("alpha", "ws://b/ws");
  beating = false;
  heart.join();
  ASSERT_FALSE(second);
  EXPECT_EQ(second.error().code, "node_name_in_use");
}

// A heartbeat committed after the claim's transaction began is newer than that
// transaction's now(): its age is below zero, and the name is taken, not free. (On a
// loaded machine a heartbeat landed in that gap now and then, and a second node got a
// live node's name.)
TEST(NodeLease, AHeartbeatNewerThanTheClaimsTransactionStillHoldsTheName) {
  PARLOR_CLUSTER_DATABASE(uri);
  Connection first_db = connect_with_schema(uri);
  Connection second_db = connect_with_schema(uri);
  auto claimed = NodeLease(first_db, 1s).claim("alpha", "ws://a/ws");
  ASSERT_TRUE(claimed) << claimed.error().message;
  // The holder's heartbeat as the claim will see it throughout: committed "after" it began.
  first_db.exec("UPDATE cluster_nodes SET heartbeat_at = now() + interval '1 hour'");
  auto second = NodeLease(second_db, 300ms).claim("alpha", "ws://b/ws");
  ASSERT_FALSE(second) << "claimed a live node's name, incarnation " << second->incarnation;
  EXPECT_EQ(second.error().code, "node_name_in_use");
}

TEST(NodeLease, ARestartTakesTheNameOnceStaleAndFencesTheOldIncarnation) {
  PARLOR_CLUSTER_DATABASE(uri);
  Connection old_db = connect_with_schema(uri);
  Connection new_db = connect_with_schema(uri);
  auto old_node = NodeLease(old_db, 300ms).claim("alpha", "ws://a/ws");
  ASSERT_TRUE(old_node);
  // No more heartbeats (a crash): the restarted process waits out the lease and claims.
  auto new_node = NodeLease(new_db, 300ms).claim("alpha", "ws://a/ws");
  ASSERT_TRUE(new_node) << new_node.error().message;
  EXPECT_EQ(new_node->incarnation, old_node->incarnation + 1);
  EXPECT_FALSE(NodeLease(old_db, 300ms).heartbeat(*old_node));
  EXPECT_TRUE(NodeLease(new_db, 300ms).heartbeat(*new_node));
  try {
    fence(old_db, *old_node);
    FAIL() << "the old incarnation passed the fence";
  } catch (const PgError& error) {
    EXPECT_TRUE(error.fenced()) << error.sqlstate();
  }
  EXPECT_NO_THROW(fence(new_db, *new_node));
}

// The heart of "no two live owners": a write batch that passed its node's fence holds a
// share lock on the node's row, so a survivor declaring the node dead waits for that
// batch to commit (and then reads the journal with it), and every later batch fails.
TEST(NodeLease, DeclaringANodeDeadWaitsForTheBatchThatPassedItsFence) {
  PARLOR_CLUSTER_DATABASE(uri);
  Connection paused_db = connect_with_schema(uri);
  Connection survivor_db = connect_with_schema(uri);
  auto paused = NodeLease(paused_db, 200ms).claim("paused", "ws://p/ws");
  auto survivor = NodeLease(survivor_db, 200ms).claim("survivor", "ws://s/ws");
  ASSERT_TRUE(paused && survivor);
  paused_db.exec("CREATE TABLE journal (seq int PRIMARY KEY)");
  RoomEntry room;
  room.room_id = "R1-paused";
  RoomRegistry(paused_db, 200ms).publish(*paused, {room});

  // The paused node's batch: fence passed, row written, not yet committed.
  paused_db.exec("BEGIN");
  fence(paused_db, *paused);
  paused_db.exec("INSERT INTO journal VALUES (1)");
  std::this_thread::sleep_for(300ms);  // its lease runs out meanwhile
  NodeLease(survivor_db, 200ms).heartbeat(*survivor);

  std::promise<int> rows_seen;
  std::thread takeover([&] {
    RoomRegistry(survivor_db, 200ms).take_orphans(*survivor, [&](const std::vector<TakenRoom>&) {
      rows_seen.set_value(
          static_cast<int>(Connection::connect(uri).exec("SELECT * FROM journal").rows()));
    });
  });
  auto seen = rows_seen.get_future();
  EXPECT_EQ(seen.wait_for(300ms), std::future_status::timeout) << "took over past an open batch";
  paused_db.exec("COMMIT");
  ASSERT_EQ(seen.wait_for(5s), std::future_status::ready);
  EXPECT_EQ(seen.get(), 1) << "the survivor must read the batch that passed the fence";
  takeover.join();

  // From now on the paused node's batches fail: it can never add to the journal again.
  paused_db.exec("BEGIN");
  EXPECT_THROW(fence(paused_db, *paused), PgError);
  paused_db.exec("ROLLBACK");
  EXPECT_FALSE(NodeLease(paused_db, 200ms).heartbeat(*paused));
}

}  // namespace
}  // namespace parlor::testing
