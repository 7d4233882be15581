// The server's side of the cluster: joins it before the store opens (the store's write
// batches carry this incarnation's fence), tells the ClusterNode of every change to the
// lobby's rooms, lists other nodes' rooms, sends clients on through the RoomLocator, and
// reopens rooms this node takes over from the journal — at start-up its own previous
// incarnation's, later those of nodes that died or left. A single node (no --node)
// never builds one.
#pragma once

#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "engine/core/expected.hpp"
#include "server/cluster/cluster_node.hpp"
#include "server/room/recovery.hpp"
#include "server/store/store.hpp"

namespace parlor::server {
class Lobby;
}

namespace parlor::server::cluster {

class ClusterService {
 public:
  // Claims the node name ("node_name_in_use", "cluster_db_failed" otherwise).
  static Expected<std::unique_ptr<ClusterService>> join(ClusterOptions options);

  // The fence on every write batch of this incarnation.
  void guard(store::StoreOptions& options) const;
  // Wires the lobby (hooks, locator) and reopens the rooms this node held before its
  // restart. `fenced` runs once, on the cluster thread, if another node takes this one's
  // rooms (it was paused or cut off): the server must stop serving them. Their journals
  // unreadable: "store_read_failed" (the node must not start without its matches).
  Expected<RecoveryReport> attach(Lobby& lobby, store::Store& store, std::function<void()> fenced);
  void start() { node_->start(); }
  // SIGTERM: stop taking rooms; after the lobby's rooms are stopped and the store is
  // flushed, leave() hands the rooms to the survivors.
  void drain() { node_->drain(); }
  void leave() { node_->leave(); }

  ClusterNode& node() { return *node_; }

 private:
  ClusterService() = default;
  void reopen(const std::vector<TakenRoom>& rooms);
  int reopen_waiting(const std::vector<TakenRoom>& rooms);

  std::unique_ptr<ClusterNode> node_;
  std::vector<TakenRoom> own_rooms_;
  Lobby* lobby_ = nullptr;
  store::Store* store_ = nullptr;
  std::function<void()> fenced_;
};

// What the registry keeps of a room.
RoomEntry room_entry(const protocol::RoomSummary& summary, const RoomSettings& settings);

}  // namespace parlor::server::cluster
