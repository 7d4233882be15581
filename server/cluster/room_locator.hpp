// Where a room lives when it is not in this node's lobby. In a cluster (several
// parlor-server processes on one PostgreSQL database, docs/operators.md) each room lives on
// exactly one node; a client that asks this node for a room it does not hold is told
// where the room is (the `room_elsewhere` error of protocol/README.md, with the node's
// public URL) and its client reconnects there. A single node has no cluster: the
// NullRoomLocator answers "unknown" at once and everything behaves as before.
//
// Lookups are asynchronous: the cluster may have to ask the database (a room created a
// moment ago on another node), and the network threads never wait on it. The callback
// runs on some other thread; post back to your own strand.
#pragma once

#include <functional>
#include <string>

namespace parlor::server::cluster {

struct RoomLocation {
  enum class Where {
    kUnknown,    // no node holds it (a typo, a closed room, or no cluster)
    kLocal,      // this node holds it now (e.g. it was just taken over): look again
    kElsewhere,  // another live node holds it: send the client to `url`
  };
  Where where = Where::kUnknown;
  std::string room_id;   // the room's id (also when asked by code or by seat)
  std::string node;      // the owning node's name
  std::string url;       // its --public-url (absolute "ws://..." or relative "/n/node2/ws")
  std::string event_id;  // locate_event: the club night asked for
};

class RoomLocator {
 public:
  using Reply = std::function<void(RoomLocation)>;
  virtual ~RoomLocator() = default;
  // By room id ("R3-node2").
  virtual void locate_room(const std::string& room_id, Reply reply) = 0;
  // By join code (private rooms; codes are unique across the cluster).
  virtual void locate_code(const std::string& code, Reply reply) = 0;
  // The room where this player holds a seat, if any (resume after a failover).
  virtual void locate_seat(const std::string& player_id, Reply reply) = 0;
  // The node that drives a club night (server/cluster/event_registry.hpp); kUnknown
  // where there is no cluster (the default).
  virtual void locate_event(const std::string& event_id, Reply reply) {
    (void)event_id;
    reply({});
  }
};

// No cluster: nothing is ever elsewhere.
class NullRoomLocator final : public RoomLocator {
 public:
  void locate_room(const std::string&, Reply reply) override { reply({}); }
  void locate_code(const std::string&, Reply reply) override { reply({}); }
  void locate_seat(const std::string&, Reply reply) override { reply({}); }
};

}  // namespace parlor::server::cluster
