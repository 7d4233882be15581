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

  // Club nights (server/cluster/event_registry.hpp). Before start(): of the events in the
  // store, the ones this node drives (`candidates`: those it may claim, its own id
  // suffix's); the others are other nodes' to drive.
  Expected<std::vector<std::string>> own_events(const std::vector<std::string>& candidates) {
    return node_->own_events(candidates);
  }
  void event_created(const std::string& event_id) { node_->event_created(event_id); }
  // How events taken from a dead node come back (their stored states, after their rooms
  // reopened): the server's EventService::resume. Set before start().
  void set_event_resumer(std::function<void(const std::vector<std::string>&)> resume) {
    resume_events_ = std::move(resume);
  }

 private:
  ClusterService() = default;
  void reopen(const std::vector<TakenRoom>& rooms);
  void read_events(const std::vector<std::string>& event_ids);
  void reopen_rooms(const std::vector<TakenRoom>& rooms);
  int reopen_waiting(const std::vector<TakenRoom>& rooms);

  std::unique_ptr<ClusterNode> node_;
  std::vector<TakenRoom> own_rooms_;
  Lobby* lobby_ = nullptr;
  store::Store* store_ = nullptr;
  std::function<void()> fenced_;
  std::function<void(const std::vector<std::string>&)> resume_events_;
  std::vector<std::string> taken_events_;  // states read, resumed once their rooms reopen
};

// What the registry keeps of a room.
RoomEntry room_entry(const protocol::RoomSummary& summary, const RoomSettings& settings);

}  // namespace parlor::server::cluster
