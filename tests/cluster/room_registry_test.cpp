// Which node holds each room (server/cluster/room_registry.hpp) against a real PostgreSQL.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "server/cluster/cluster_schema.hpp"
#include "server/cluster/node_lease.hpp"
#include "server/cluster/room_registry.hpp"
#include "tests/cluster/cluster_test_support.hpp"

namespace parlor::testing {
namespace {

using namespace std::chrono_literals;

// Long enough that a survivor's heartbeat stays fresh on a loaded CI machine (with
// 250 ms, a survivor stalled between its beat and another's takeover was judged dead too).
constexpr auto kLease = 1s;

struct Node {
  Connection db;
  NodeIdentity id;
  RoomRegistry rooms() { return RoomRegistry(db, kLease); }
  void beat() { NodeLease(db, kLease).heartbeat(id); }
};

Node join(const std::string& uri, const std::string& name) {
  Connection db = connect_with_schema(uri);
  auto id = NodeLease(db, kLease).claim(name, "ws://" + name + "/ws");
  EXPECT_TRUE(id);
  return Node{std::move(db), id ? id.value() : NodeIdentity{}};
}

RoomEntry room(const std::string& id, const std::string& player = "") {
  RoomEntry entry;
  entry.room_id = id;
  entry.code = "C" + id;
  entry.game = "perico";
  entry.is_public = true;
  entry.listing = R"({"id":")" + id + R"("})";
  if (!player.empty()) entry.players = {player};
  entry.has_match = true;
  return entry;
}

TEST(RoomRegistry, EveryNodeSeesTheRoomsOfTheOthersAndOnlyTheHolderWritesThem) {
  PARLOR_CLUSTER_DATABASE(uri);
  Node a = join(uri, "a");
  Node b = join(uri, "b");
  ASSERT_TRUE(a.rooms().publish(a.id, {room("R1-a", "p1-a"), room("R2-a")}));
  // b cannot overwrite a's room.
  RoomEntry stolen = room("R1-a");
  stolen.game = "loc";
  ASSERT_TRUE(b.rooms().publish(b.id, {stolen}));

  auto places = b.rooms().snapshot();
  ASSERT_EQ(places.size(), 2u);
  EXPECT_EQ(places[0].entry.room_id, "R1-a");
  EXPECT_EQ(places[0].node, "a");
  EXPECT_EQ(places[0].url, "ws://a/ws");
  EXPECT_EQ(places[0].entry.game, "perico");
  EXPECT_EQ(places[0].entry.players, std::vector<std::string>{"p1-a"});

  auto by_code = b.rooms().find("", "CR2-a", "");
  ASSERT_TRUE(by_code);
  EXPECT_EQ(by_code->place.entry.room_id, "R2-a");
  EXPECT_TRUE(by_code->node_alive);
  auto by_player = b.rooms().find("", "", "p1-a");
  ASSERT_TRUE(by_player);
  EXPECT_EQ(by_player->place.entry.room_id, "R1-a");

  ASSERT_TRUE(a.rooms().close(a.id, {"R2-a"}));
  EXPECT_EQ(b.rooms().snapshot().size(), 1u);
  EXPECT_FALSE(b.rooms().find("R2-a", "", ""));
}

TEST(RoomRegistry, SurvivorsShareADeadNodesRoomsAndTheDeadNodeIsFenced) {
  PARLOR_CLUSTER_DATABASE(uri);
  Node dead = join(uri, "dead");
  Node b = join(uri, "b");
  Node c = join(uri, "c");
  std::vector<RoomEntry> rooms;
  for (int i = 1; i <= 6; ++i) rooms.push_back(room("R" + std::to_string(i) + "-dead"));
  ASSERT_TRUE(dead.rooms().publish(dead.id, rooms));
  std::this_thread::sleep_for(kLease + 300ms);  // dead's lease runs out; b and c keep beating
  b.beat();
  c.beat();

  std::vector<TakenRoom> reopened_by_b;
  auto taken_by_b = b.rooms().take_orphans(
      b.id, [&](const std::vector<TakenRoom>& taken) { reopened_by_b = taken; });
  EXPECT_EQ(taken_by_b.size(), 3u) << "a fair share: half of six for each of two survivors";
  EXPECT_EQ(reopened_by_b.size(), taken_by_b.size());
  EXPECT_EQ(taken_by_b.front().from_node, "dead");
  EXPECT_TRUE(taken_by_b.front().has_match);
  // The others go to c over its next takeovers (each takes its share of what is left).
  std::size_t taken_by_c = 0;
  for (int tick = 0; tick < 3; ++tick) {
    b.beat();
    c.beat();
    taken_by_c += c.rooms().take_orphans(c.id, [](const std::vector<TakenRoom>&) {}).size();
  }
  EXPECT_EQ(taken_by_c, 3u);

  auto places = b.rooms().snapshot();
  ASSERT_EQ(places.size(), 6u);
  for (const auto& place : places) EXPECT_NE(place.node, "dead");
  // The dead node comes back: it may neither publish nor close.
  EXPECT_FALSE(dead.rooms().publish(dead.id, {room("R1-dead")}));
  EXPECT_FALSE(dead.rooms().close(dead.id, {"R1-dead"}));
  EXPECT_FALSE(NodeLease(dead.db, kLease).heartbeat(dead.id));
}

TEST(RoomRegistry, ALeavingNodesRoomsAreTakenAtOnce) {
  PARLOR_CLUSTER_DATABASE(uri);
  Node leaving = join(uri, "leaving");
  Node b = join(uri, "b");
  ASSERT_TRUE(leaving.rooms().publish(leaving.id, {room("R1-leaving")}));
  ASSERT_TRUE(NodeLease(leaving.db, kLease).set_state(leaving.id, "left"));
  auto taken = b.rooms().take_orphans(b.id, [](const std::vector<TakenRoom>&) {});
  ASSERT_EQ(taken.size(), 1u);
  EXPECT_EQ(taken[0].room_id, "R1-leaving");
  EXPECT_EQ(b.rooms().own_rooms(b.id).size(), 1u);
}

TEST(RoomRegistry, TextArraysAreQuoted) {
  EXPECT_EQ(server::cluster::pg_text_array({}), "{}");
  EXPECT_EQ(server::cluster::pg_text_array({"a", "b\"c", "d\\e"}), R"({"a","b\"c","d\\e"})");
}

}  // namespace
}  // namespace parlor::testing
