// Which node holds each room: the cluster_rooms table (cluster_schema.hpp). A node
// publishes its rooms (new ones, and each change of listing or seats) and removes the
// ones it closes; every node reads the whole table for the lobby's list and to send a
// client to the node holding its room; survivors take the rooms of dead or departed
// nodes. A node only ever writes rows it holds, inside a transaction that passes its
// fence, so a stale incarnation cannot overwrite what a survivor took.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "server/cluster/node_lease.hpp"

namespace parlor::server::cluster {

// One room as its node publishes it.
struct RoomEntry {
  std::string room_id;
  std::string code;
  std::string game;
  bool is_public = false;
  std::string listing = "{}";        // the room's summary as list_rooms shows it (JSON text)
  std::vector<std::string> players;  // seated humans' player ids
  std::string settings = "{}";       // RoomSettings JSON: enough to reopen a waiting room
  bool has_match = false;            // a match runs: it reopens from the journal instead
};

// A room of a live node, as every node sees it.
struct RoomPlace {
  RoomEntry entry;
  std::string node;
  std::string url;  // the node's public URL
};

// A room this node has just taken from a dead or departed one.
struct TakenRoom {
  std::string room_id;
  std::string from_node;
  std::string settings;
  bool has_match = false;
};

class RoomRegistry {
 public:
  RoomRegistry(store::pg::Connection& connection, std::chrono::milliseconds lease)
      : connection_(connection), lease_(lease) {}

  // Inserts or updates `rooms` as held by `node`. A room another node holds is left
  // alone. False if the node is fenced (nothing written).
  bool publish(const NodeIdentity& node, const std::vector<RoomEntry>& rooms);
  // Removes rooms `node` holds (closed rooms).
  bool close(const NodeIdentity& node, const std::vector<std::string>& room_ids);

  // Rooms held by alive nodes with a fresh heartbeat (a draining node's rooms are about to move:
  // clients wait for their next owner rather than being sent to a node that is closing).
  std::vector<RoomPlace> snapshot();
  // One room by id, by code, or by a seated player (whichever is not empty), whatever
  // its node's state; `node_alive` says whether that node is alive (not draining) with a
  // fresh heartbeat, `node_draining` whether it is draining with a fresh heartbeat (it
  // no longer takes clients and hands its rooms over once they are stopped).
  // `heartbeat_age_ms` is how long ago that node last heartbeated.
  struct Found {
    RoomPlace place;
    bool node_alive = false;
    bool node_draining = false;
    std::int64_t heartbeat_age_ms = 0;
  };
  std::optional<Found> find(const std::string& room_id, const std::string& code,
                            const std::string& player_id);

  // The rooms `node` held when its previous incarnation stopped (start-up).
  std::vector<TakenRoom> own_rooms(const NodeIdentity& node);

  // Declares nodes whose heartbeat is older than the lease dead, then takes up to a fair
  // share of the rooms of dead and departed nodes (rooms other survivors are taking are
  // skipped). `reopen` runs before the transaction commits, holding the rooms' rows, so
  // no other node can take them meanwhile; if the commit then fails the node must treat
  // itself as fenced (it may be holding rooms it does not own). Returns the rooms taken.
  //
  // Club nights (event_registry.hpp) move in the same transaction: up to a fair share of
  // the dead nodes' events, each with every room of it (its tables: rooms whose settings
  // name the event), on top of the fair share of the other rooms; the rooms of an event
  // another survivor takes are left to it. `events_taken` runs first with the events
  // taken (it may throw, before anything is reopened, to postpone the takeover); then
  // `reopen` runs, with the rooms taken, whenever rooms or events were taken (the rooms
  // may then be none).
  std::vector<TakenRoom> take_orphans(
      const NodeIdentity& node, const std::function<void(const std::vector<TakenRoom>&)>& reopen,
      const std::function<void(const std::vector<std::string>&)>& events_taken = {});

 private:
  store::pg::Connection& connection_;
  std::chrono::milliseconds lease_;
};

// A PostgreSQL text[] literal: {"a","b"} with quotes and backslashes escaped.
std::string pg_text_array(const std::vector<std::string>& values);

}  // namespace parlor::server::cluster
