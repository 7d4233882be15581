// Where rooms are listed and found (the lobby): what a room tells it. An interface, so
// that a room is tested without a lobby (tests/server/room_fixture.hpp).
#pragma once

#include <string>

#include "protocol/server_messages.hpp"

namespace parlor::server {

class RoomDirectory {
 public:
  virtual ~RoomDirectory() = default;
  virtual void seat_changed(const std::string& player_id, const std::string& room_id,
                            bool seated) = 0;
  virtual void publish_summary(protocol::RoomSummary summary) = 0;
  virtual void room_closed(const std::string& room_id) = 0;
};

}  // namespace parlor::server
