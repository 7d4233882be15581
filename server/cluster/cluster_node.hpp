// This process as a member of a cluster (docs/operators.md): it claims its node name,
// heartbeats, publishes the rooms it holds, keeps a snapshot of every other node's rooms
// for the lobby's list and for sending clients on (RoomLocator), and takes the rooms of
// nodes that died or left. All database work runs on one thread of its own with its own
// connection, so neither the network threads nor the store's writer ever wait on it.
//
// Ownership is decided in PostgreSQL only (node_lease.hpp, room_registry.hpp). When this
// incarnation finds it has been fenced (its heartbeat refused: another node declared it
// dead after a pause or a partition), `on_fenced` runs once and the node must stand down:
// its store's batches already fail the fence, so nothing it does from then on is durable
// or sent.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "engine/core/expected.hpp"
#include "server/cluster/node_lease.hpp"
#include "server/cluster/room_locator.hpp"
#include "server/cluster/room_registry.hpp"

namespace parlor::server::store::pg {
class Connection;
}

namespace parlor::server::cluster {

struct ClusterOptions {
  std::string database;  // libpq URI
  std::string node;      // --node
  std::string url;       // --public-url
  std::chrono::milliseconds lease{3000};
  std::chrono::milliseconds tick{500};
  std::chrono::milliseconds locate_patience{0};  // 0: two leases
};

// Thrown by Hooks::rooms_taken before any room is reopened (their journals could not be
// read): the rooms stay their dead owner's until the next tick tries again.
struct TakeoverPostponed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class ClusterNode final : public RoomLocator {
 public:
  struct Hooks {
    // Rooms just taken from a dead or departed node: reopen them (from the journal, or
    // their settings when no match runs) before this returns. Runs on the cluster thread
    // while the rooms' rows are locked. Throws TakeoverPostponed, before it reopens any
    // room, when it cannot read them: the takeover is rolled back and tried again.
    std::function<void(const std::vector<TakenRoom>&)> rooms_taken;
    // Club nights taken from a dead or departed node (event_registry.hpp), with their
    // tables among the rooms: runs just before rooms_taken, in the same transaction; may
    // throw TakeoverPostponed (nothing is reopened yet). rooms_taken then runs even if no
    // room was taken, and must take the events back after reopening the rooms.
    std::function<void(const std::vector<std::string>&)> events_taken;
    // This incarnation lost its rooms to another node: stand down. Runs once.
    std::function<void()> fenced;
  };

  ClusterNode(ClusterOptions options, Hooks hooks);
  ~ClusterNode() override;  // stops the thread (without leaving: see leave())

  // Connects, creates the cluster's tables if needed and claims the node name. Returns
  // the rooms this node held before (its previous incarnation's) to reopen at start-up,
  // or "node_name_in_use" / "cluster_db_failed".
  Expected<std::vector<TakenRoom>> join();
  // Starts heartbeating, publishing and taking over.
  void start();
  const NodeIdentity& identity() const { return identity_; }

  // This node's rooms as they change (queued; published within a tick, or sooner).
  void room_changed(RoomEntry entry);
  void room_closed(const std::string& room_id);

  // Club nights (event_registry.hpp). Before start(): claims the events of `candidates`
  // no row names yet and returns every event this node owns (its previous
  // incarnation's and those), or "cluster_db_failed" / "node_fenced".
  Expected<std::vector<std::string>> own_events(const std::vector<std::string>& candidates);
  // An event this node created: published as its own (queued, within a tick).
  void event_created(const std::string& event_id);

  // Whether another live node holds a room with this id or join code (last snapshot):
  // a restarted node must not mint again an id or code a survivor took from it.
  bool held_elsewhere(const std::string& room_id, const std::string& code) const;

  // Public rooms' listings held by other live nodes (JSON texts), of `game` or all.
  std::vector<std::string> other_listings(const std::string& game) const;

  // Draining: the node stops taking rooms and is marked draining in the database at
  // once, so that the other nodes hold their clients' lookups of its rooms instead of
  // sending them to a node that no longer accepts them; then, once its rooms are closed
  // and its store flushed, leave() marks it left so that survivors take its rooms at
  // their next tick.
  void drain();
  void leave();

  // RoomLocator
  void locate_room(const std::string& room_id, Reply reply) override;
  void locate_code(const std::string& code, Reply reply) override;
  void locate_seat(const std::string& player_id, Reply reply) override;
  void locate_event(const std::string& event_id, Reply reply) override;

  struct Stats {
    std::uint64_t heartbeats_failed = 0;
    std::uint64_t rooms_taken = 0;
    std::size_t other_rooms = 0;
    bool fenced = false;
  };
  Stats stats() const;

 private:
  struct Lookup {
    std::string room_id, code, player_id;
    std::string event_id;  // a club night's owner instead of a room
    Reply reply;
    std::chrono::steady_clock::time_point deadline;
    // A room not in the registry may be one another node created a moment ago and has
    // not published yet: "unknown" only after this.
    std::chrono::steady_clock::time_point unknown_after;
  };

  void run();
  void tick();
  // Between ticks: publish changes and answer lookups only.
  void serve_between_ticks();
  void publish_changes();
  void take_over();
  void refresh_snapshot();
  void answer_lookups();
  std::optional<RoomLocation> answer(Lookup& lookup);
  std::optional<RoomLocation> answer_event(Lookup& lookup);
  // Writes "draining" once drain() was called (cluster thread).
  void publish_draining();
  void locate(Lookup lookup);
  void reconnect();
  void stand_down();
  bool draining() const;

  ClusterOptions options_;
  Hooks hooks_;
  NodeIdentity identity_;
  std::unique_ptr<store::pg::Connection> connection_;  // the cluster thread's only

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  bool draining_ = false;
  bool draining_published_ = false;  // cluster thread only
  bool fenced_ = false;
  std::map<std::string, RoomEntry> changed_;
  std::set<std::string> closed_;
  std::vector<std::string> created_events_;
  std::vector<RoomPlace> others_;  // other nodes' rooms, last snapshot
  std::map<std::string, std::size_t> other_by_id_;
  std::vector<Lookup> lookups_;
  Stats stats_;
  bool outage_logged_ = false;
  // After the database was unreachable every node's heartbeat is stale: nobody may be
  // declared dead until every live node has had a lease to heartbeat again.
  std::chrono::steady_clock::time_point may_take_over_at_{};
  std::thread thread_;
};

}  // namespace parlor::server::cluster
