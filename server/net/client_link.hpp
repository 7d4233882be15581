// What a RequestRouter needs of the connection it serves (the WebSocket session): to
// answer, to close, and to come back onto the connection's strand from another thread.
// The router knows requests; the connection knows frames, queues and sockets.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "server/net/connection.hpp"

namespace parlor::server {

class ClientLink {
 public:
  virtual ~ClientLink() = default;
  // On the strand: queues `text` for the client.
  virtual void send_text(std::string text) = 0;
  // On the strand: closes with a policy error (`reason`) once what is queued is written.
  virtual void close_for_policy(std::string reason) = 0;
  // The connection is closing or gone: a continuation has nobody to answer.
  virtual bool closed() const = 0;
  // From any thread: runs `step` on the connection's strand, the connection kept alive
  // until it has.
  virtual void post(std::function<void()> step) = 0;
  // The connection itself: what rooms answer through, and what keeps it (and its router)
  // alive while an answer from another thread is on its way.
  virtual std::shared_ptr<Connection> connection() = 0;
};

}  // namespace parlor::server
