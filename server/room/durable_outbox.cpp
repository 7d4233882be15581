#include "server/room/durable_outbox.hpp"

#include <algorithm>

namespace parlor::server {

void DurableOutbox::deliver(const std::shared_ptr<Connection>& connection, SharedMessage message) {
  if (!connection) return;
  if (held_.empty() && released_ >= last_hold_) {
    connection->send(std::move(message));
    return;
  }
  held_.push_back({connection, std::move(message), last_hold_});
}

void DurableOutbox::release(Hold hold) {
  released_ = std::max(released_, hold);
  while (!held_.empty() && held_.front().hold <= released_) {
    HeldMessage held = std::move(held_.front());
    held_.pop_front();
    if (auto connection = held.connection.lock()) connection->send(std::move(held.message));
  }
}

}  // namespace parlor::server
