// Who is asking a room for something: a player and the connection its replies go to.
// Apart from seating.hpp so that what only passes a Member on (the request router)
// need not compile the Room's seats.
#pragma once

#include <memory>
#include <string>

#include "server/net/connection.hpp"

namespace parlor::server {

struct Member {
  std::string player_id;
  std::string name;
  std::shared_ptr<Connection> connection;
  bool guest = true;  // no account: marked so wherever the name is shown
};

}  // namespace parlor::server
