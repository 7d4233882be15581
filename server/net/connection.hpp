// What a room sends its members' messages through: one client connection. The
// WebSocket session implements it; a room never touches sockets itself.
#pragma once

#include <memory>
#include <string>

namespace parlor::server {

// One immutable message, shared by every receiver of a broadcast.
using SharedMessage = std::shared_ptr<const std::string>;

inline SharedMessage make_message(std::string text) {
  return std::make_shared<const std::string>(std::move(text));
}

class Connection {
 public:
  virtual ~Connection() = default;
  // Queues a text frame; safe to call from any thread (it hops to the connection's
  // strand; with one io thread, on that thread, it queues at once: Lobby::single_thread_io).
  // A connection whose queue is full is closed instead of growing.
  virtual void send(SharedMessage message) = 0;
};

}  // namespace parlor::server
