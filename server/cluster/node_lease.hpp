// A node's membership of the cluster: its row in cluster_nodes, claimed at start-up and
// kept fresh by heartbeats. The row's `incarnation` grows on every claim, so a node that
// was paused or cut off and comes back is a stale incarnation: its heartbeats and its
// store's write batches (the parlor_fence guard, cluster_schema.hpp) fail from then on,
// and it stands down instead of writing for rooms another node has taken.
//
// A node is alive while its heartbeat is younger than the lease; after that any survivor
// may declare it dead (room_registry.hpp) and take its rooms. Time is PostgreSQL's
// now(), so the nodes' clocks never matter.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/expected.hpp"

namespace parlor::server::store::pg {
class Connection;
}

namespace parlor::server::cluster {

struct NodeIdentity {
  std::string name;
  std::int64_t incarnation = 0;
};

struct NodeRow {
  std::string name;
  std::int64_t incarnation = 0;
  std::string url;
  std::string state;  // alive, draining, left, dead
  std::int64_t heartbeat_age_ms = 0;
};

class NodeLease {
 public:
  NodeLease(store::pg::Connection& connection, std::chrono::milliseconds lease)
      : connection_(connection), lease_(lease) {}

  // Claims `name` with a new incarnation. If a live incarnation holds the name (its
  // heartbeat younger than the lease), waits up to one lease for it to go stale — a
  // node restarted right after a crash finds its own old row still fresh — and then
  // refuses with "node_name_in_use". Throws pg::PgError when the database fails.
  Expected<NodeIdentity> claim(const std::string& name, const std::string& url);

  // Refreshes the heartbeat. False when this incarnation is no longer alive or draining
  // (declared dead, or claimed again by a newer process): the node must stand down.
  bool heartbeat(const NodeIdentity& node);
  // Moves this incarnation to `state` ("draining" or "left"); false if fenced.
  bool set_state(const NodeIdentity& node, const std::string& state);
  std::vector<NodeRow> nodes();

  std::chrono::milliseconds lease() const { return lease_; }

 private:
  store::pg::Connection& connection_;
  std::chrono::milliseconds lease_;
};

}  // namespace parlor::server::cluster
