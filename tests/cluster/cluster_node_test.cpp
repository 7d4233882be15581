// Two ClusterNodes on one database (server/cluster/cluster_node.hpp): rooms seen across
// nodes, clients sent to the holder, a dead node's rooms taken, a stale node fenced.
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <mutex>
#include <thread>

#include "server/cluster/cluster_node.hpp"
#include "server/cluster/node_lease.hpp"
#include "server/cluster/room_registry.hpp"
#include "tests/cluster/cluster_test_support.hpp"

namespace parlor::testing {
namespace {

using namespace std::chrono_literals;
using server::cluster::ClusterNode;
using server::cluster::ClusterOptions;
using server::cluster::RoomLocation;
using Where = RoomLocation::Where;

// Long enough that a live node stalled by a loaded machine (a test suite on two cores)
// is not judged dead between two of its heartbeats; a 400 ms lease was.
constexpr auto kLease = 1000ms;

ClusterOptions options(const std::string& uri, const std::string& name) {
  ClusterOptions o;
  o.database = uri;
  o.node = name;
  o.url = "ws://" + name + ":8080/ws";
  o.lease = kLease;
  o.tick = 250ms;
  return o;
}

RoomLocation locate_room(ClusterNode& node, const std::string& id) {
  std::promise<RoomLocation> answer;
  node.locate_room(id, [&](RoomLocation location) { answer.set_value(std::move(location)); });
  auto future = answer.get_future();
  if (future.wait_for(5s) != std::future_status::ready) return RoomLocation{};
  return future.get();
}

template <class Condition>
bool eventually(Condition condition, std::chrono::milliseconds limit = 3s) {
  auto end = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < end) {
    if (condition()) return true;
    std::this_thread::sleep_for(20ms);
  }
  return condition();
}

RoomEntry public_room(const std::string& id, const std::string& game) {
  RoomEntry entry;
  entry.room_id = id;
  entry.code = "K" + id;
  entry.game = game;
  entry.is_public = true;
  entry.listing = R"({"id":")" + id + R"("})";
  entry.has_match = true;
  return entry;
}

// Both nodes join and start, and b sees a's room R1-a.
void start_with_a_room_on_a(ClusterNode& a, ClusterNode& b) {
  ASSERT_TRUE(a.join());
  ASSERT_TRUE(b.join());
  a.start();
  b.start();
  a.room_changed(public_room("R1-a", "perico"));
  ASSERT_TRUE(eventually([&] { return b.other_listings("").size() == 1; }));
}

// The rooms a survivor took over, as its rooms_taken hook was told of them.
class RoomsTaken {
 public:
  ClusterNode::Hooks hooks() {
    ClusterNode::Hooks hooks;
    hooks.rooms_taken = [this](const std::vector<TakenRoom>& rooms) {
      std::lock_guard lock(mutex_);
      for (const auto& room : rooms) ids_.push_back(room.room_id);
    };
    return hooks;
  }
  std::vector<std::string> ids() const {
    std::lock_guard lock(mutex_);
    return ids_;
  }

 private:
  mutable std::mutex mutex_;
  std::vector<std::string> ids_;
};

TEST(ClusterNode, ListsAndLocatesTheOtherNodesRooms) {
  PARLOR_CLUSTER_DATABASE(uri);
  ClusterNode a(options(uri, "a"), {});
  ClusterNode b(options(uri, "b"), {});
  ASSERT_TRUE(a.join());
  ASSERT_TRUE(b.join());
  a.start();
  b.start();
  a.room_changed(public_room("R1-a", "perico"));
  a.room_changed(public_room("R2-a", "loc"));
  ASSERT_TRUE(eventually([&] { return b.other_listings("").size() == 2; }));
  EXPECT_EQ(b.other_listings("loc"), std::vector<std::string>{R"({"id":"R2-a"})"});
  EXPECT_TRUE(a.other_listings("").empty()) << "a node's own rooms are the lobby's";

  RoomLocation there = locate_room(b, "R1-a");
  EXPECT_EQ(there.where, Where::kElsewhere);
  EXPECT_EQ(there.node, "a");
  EXPECT_EQ(there.url, "ws://a:8080/ws");
  EXPECT_EQ(locate_room(a, "R1-a").where, Where::kLocal);
  EXPECT_EQ(locate_room(b, "R404-a").where, Where::kUnknown);

  a.room_closed("R1-a");
  EXPECT_TRUE(eventually([&] { return b.other_listings("").size() == 1; }));
}

TEST(ClusterNode, ADeadNodesRoomsAreReopenedByASurvivorAndItsClientsWaitForThat) {
  PARLOR_CLUSTER_DATABASE(uri);
  auto a = std::make_unique<ClusterNode>(options(uri, "a"), ClusterNode::Hooks{});
  RoomsTaken taken;
  ClusterNode b(options(uri, "b"), taken.hooks());
  ASSERT_NO_FATAL_FAILURE(start_with_a_room_on_a(*a, b));

  auto identity = a->identity();
  a.reset();  // a dies: no more heartbeats, nothing handed over
  // Until its lease runs out nobody can tell a dead node from a slow one. But a node that
  // has missed two heartbeats is more likely dead: a client asking b then (it used to be
  // sent to a, fail to connect and back off) waits, and is answered when b has reopened
  // the room, not told it does not exist.
  std::this_thread::sleep_for(3 * options(uri, "b").tick);  // past two ticks, within the lease
  auto asked = std::chrono::steady_clock::now();
  std::promise<RoomLocation> answer;
  b.locate_code("KR1-a", [&](RoomLocation found) { answer.set_value(std::move(found)); });
  auto future = answer.get_future();
  ASSERT_EQ(future.wait_for(5s), std::future_status::ready);
  RoomLocation location = future.get();
  auto waited = std::chrono::steady_clock::now() - asked;
  EXPECT_EQ(location.where, Where::kLocal) << "sent to the dead node";
  EXPECT_EQ(location.room_id, "R1-a");
  EXPECT_LT(waited, 2s);
  EXPECT_EQ(taken.ids(), std::vector<std::string>{"R1-a"});
  EXPECT_EQ(b.stats().rooms_taken, 1u);
  EXPECT_EQ(locate_room(b, "R1-a").where, Where::kLocal);

  // a's old incarnation, back from a pause, is fenced.
  auto db = server::store::pg::Connection::connect(uri);
  EXPECT_FALSE(NodeLease(db, kLease).heartbeat(identity));
}

// A holder whose heartbeat is late but within its lease (a slow node, or one that died a
// moment ago) is waited for, and named before the lookup's patience runs out: a client
// is never told there is no such room while its room's node may be alive.
TEST(ClusterNode, ALateHolderIsWaitedForThenNamedBeforeTheLookupGivesUp) {
  PARLOR_CLUSTER_DATABASE(uri);
  ClusterOptions a_options = options(uri, "a");
  a_options.lease = 3s;
  ClusterNode a(a_options, {});
  ASSERT_TRUE(a.join());  // never started: its heartbeat only ages
  auto db = server::store::pg::Connection::connect(uri);
  ASSERT_TRUE(
      RoomRegistry(db, a_options.lease).publish(a.identity(), {public_room("R1-a", "loc")}));
  ClusterOptions b_options = options(uri, "b");
  b_options.lease = 3s;  // a stays alive to b throughout
  b_options.locate_patience = 1200ms;
  ClusterNode b(b_options, {});
  ASSERT_TRUE(b.join());
  b.start();
  std::this_thread::sleep_for(3 * b_options.tick);  // a has missed two heartbeats

  auto asked = std::chrono::steady_clock::now();
  std::promise<RoomLocation> answer;
  b.locate_code("KR1-a", [&](RoomLocation found) { answer.set_value(std::move(found)); });
  auto future = answer.get_future();
  ASSERT_EQ(future.wait_for(3s), std::future_status::ready);
  auto waited = std::chrono::steady_clock::now() - asked;
  RoomLocation location = future.get();
  EXPECT_EQ(location.where, Where::kElsewhere);
  EXPECT_EQ(location.node, "a");
  // Held until a tick before the patience (1.2 s) runs out, then named.
  EXPECT_GE(waited, 700ms);
  EXPECT_LT(waited, b_options.locate_patience);
}

// SIGTERM on a clustered node: it stops its rooms, flushes its store and leaves, which can
// take seconds (a connection slow to close holds it up to 5 s). Meanwhile it takes no
// clients. Sent there, a returning player failed to connect, came back through the proxy,
// was sent there again, and after five redirects in a row the shipped clients gave up:
// two tables of the cluster's container test stalled so. A draining node is marked so at
// once, and the others hold lookups of its rooms, past their patience, until a survivor
// has taken the room.
TEST(ClusterNode, ADrainingNodesClientsWaitForItsRoomsNextHolderNotForIt) {
  PARLOR_CLUSTER_DATABASE(uri);
  auto a = std::make_unique<ClusterNode>(options(uri, "a"), ClusterNode::Hooks{});
  RoomsTaken taken;
  ClusterOptions b_options = options(uri, "b");
  b_options.locate_patience = 300ms;  // shorter than the drain below
  ClusterNode b(b_options, taken.hooks());
  ASSERT_NO_FATAL_FAILURE(start_with_a_room_on_a(*a, b));

  a->drain();
  auto db = server::store::pg::Connection::connect(uri);
  auto state_of_a = [&] {
    for (const auto& node : NodeLease(db, kLease).nodes()) {
      if (node.name == "a") return node.state;
    }
    return std::string("none");
  };
  EXPECT_TRUE(eventually([&] { return state_of_a() == "draining"; }, 1s)) << state_of_a();
  EXPECT_TRUE(eventually([&] { return b.other_listings("").empty(); }))
      << "a draining node's rooms are not listed";

  std::promise<RoomLocation> by_code, by_id;
  b.locate_code("KR1-a", [&](RoomLocation found) { by_code.set_value(std::move(found)); });
  b.locate_room("R1-a", [&](RoomLocation found) { by_id.set_value(std::move(found)); });
  auto code_answer = by_code.get_future();
  auto id_answer = by_id.get_future();
  // Longer than b's patience and than a lease: a is still draining (heartbeating).
  EXPECT_EQ(code_answer.wait_for(1500ms), std::future_status::timeout)
      << "answered while its node was still draining";
  EXPECT_EQ(id_answer.wait_for(0ms), std::future_status::timeout);

  a->leave();
  a.reset();
  ASSERT_EQ(code_answer.wait_for(3s), std::future_status::ready);
  ASSERT_EQ(id_answer.wait_for(1s), std::future_status::ready);
  for (RoomLocation location : {code_answer.get(), id_answer.get()}) {
    EXPECT_EQ(location.where, Where::kLocal);
    EXPECT_EQ(location.room_id, "R1-a");
  }
  EXPECT_EQ(taken.ids(), std::vector<std::string>{"R1-a"});
}

TEST(ClusterNode, AStaleIncarnationStandsDownOnItsNextHeartbeat) {
  PARLOR_CLUSTER_DATABASE(uri);
  std::promise<void> fenced;
  ClusterNode::Hooks hooks;
  hooks.fenced = [&] { fenced.set_value(); };
  ClusterNode old_node(options(uri, "same"), hooks);
  ASSERT_TRUE(old_node.join());
  // A second process claims the name once the first looks dead (here: it never
  // heartbeated), then the first starts ticking: it must find itself fenced.
  std::this_thread::sleep_for(kLease + 50ms);
  ClusterNode new_node(options(uri, "same"), {});
  ASSERT_TRUE(new_node.join());
  old_node.start();
  EXPECT_EQ(fenced.get_future().wait_for(3s), std::future_status::ready);
  EXPECT_TRUE(old_node.stats().fenced);
}

}  // namespace
}  // namespace parlor::testing
