// A single server's open rooms, kept in its store as they change (Store::room_saved, in
// saved_room.hpp's form) and removed when they close, so that a restart reopens every
// room waiting with its seats (server/room/recovery.hpp), even one that never started a match:
// friends gathered at a table find it again after an upgrade. A cluster node publishes
// its rooms to the other nodes instead (server/cluster/). Installed as the lobby's hooks.
#pragma once

#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/store/store.hpp"

namespace parlor::protocol {
struct RoomSummary;  // protocol/server_messages.hpp
}

namespace parlor::server {

struct LobbyHooks;    // server/lobby.hpp
struct RoomSettings;  // server/room/room_settings.hpp

class RoomKeeper {
 public:
  explicit RoomKeeper(store::Store& store) : store_(store) {}
  RoomKeeper(const RoomKeeper&) = delete;
  RoomKeeper& operator=(const RoomKeeper&) = delete;

  // The lobby's hooks: they call the two below. The keeper must outlive the lobby's rooms.
  LobbyHooks hooks();
  // Called on the room's strand at each change of its summary; written only when the
  // saved form changed (a spectator coming or a seat's connection does not change it).
  void changed(const protocol::RoomSummary& summary, const RoomSettings& settings);
  void closed(const std::string& room_id);

 private:
  store::Store& store_;
  std::mutex mutex_;  // rooms' strands call in parallel; each room's writes stay in order
  // Room id -> a hash of the text last written, not the text: about 1 KB less per open
  // room (a quarter of a KB per player at 20,000). Two different saved forms of one room
  // hashing alike (one chance in 2^64 per change) would skip that one write, and the
  // room's next change writes it.
  std::unordered_map<std::string, std::size_t> saved_;
};

}  // namespace parlor::server
