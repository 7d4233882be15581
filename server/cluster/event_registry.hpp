// Which node drives each club night: the cluster_events table (cluster_schema.hpp). An
// event (server/events/) is driven by exactly one live node, its owner: the node that
// pairs its rounds, opens its tables and hears their matches end. Its tables are rooms
// of that same node, so the owner hears every table's end through its own journal; a
// takeover therefore moves an event and its tables together (RoomRegistry::take_orphans
// takes an orphaned event's rooms with it, never a fair share of them), and the new
// owner takes the event back from the store as a restarted server does
// (EventService::resume). Other nodes send a client asking about the event to its owner
// (`room_elsewhere` with an `event` member, protocol/README.md "Clusters").
//
// A row is written once, by the creator (or, at start-up, by the node whose id suffix an
// event carries when no row names it: events made before the node joined a cluster),
// with INSERT .. ON CONFLICT DO NOTHING: a node never takes an event by writing to it,
// only by a takeover under the ownership lock. Every write passes the node's fence.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/cluster/node_lease.hpp"

namespace parlor::server::cluster {

class EventRegistry {
 public:
  EventRegistry(store::pg::Connection& connection, std::chrono::milliseconds lease)
      : connection_(connection), lease_(lease) {}

  // Names `node` the owner of each event no row names yet (others' rows are left alone).
  // False if the node is fenced (nothing written).
  bool claim(const NodeIdentity& node, const std::vector<std::string>& event_ids);
  // The events `node` owns (start-up: its previous incarnation's, and those it claimed).
  std::vector<std::string> owned(const NodeIdentity& node);

  struct Found {
    std::string node;
    std::string url;
    bool node_alive = false;  // alive (not draining) with a fresh heartbeat
    std::int64_t heartbeat_age_ms = 0;
  };
  std::optional<Found> find(const std::string& event_id);

 private:
  store::pg::Connection& connection_;
  std::chrono::milliseconds lease_;
};

}  // namespace parlor::server::cluster
