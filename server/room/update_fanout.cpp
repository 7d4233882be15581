#include "server/room/update_fanout.hpp"

#include <memory>
#include <string>

namespace parlor::server {

int deliver_update(const Seating& seating, DurableOutbox& outbox, const GameState& match,
                   const protocol::SharedUpdate& shared, const std::vector<Event>& events,
                   const std::optional<AckInUpdate>& ack) {
  int sent = 0;
  for (int s = 0; s < seating.size(); ++s) {
    std::shared_ptr<Connection> connection = seating.seat(s).connection.lock();
    if (!connection) continue;
    const std::string accepted =
        ack && ack->seat == s ? protocol::accepted_field(ack->request_id) : std::string();
    outbox.deliver(connection, make_message(protocol::update_message(
                                   shared, s, match.seat_fields_text(s), events, accepted)));
    ++sent;
  }
  if (seating.spectators().empty()) return sent;
  const SharedMessage to_spectators = make_message(
      protocol::update_message(shared, kSpectator, match.seat_fields_text(kSpectator), events));
  for (const Spectator& spectator : seating.spectators()) {
    if (std::shared_ptr<Connection> connection = spectator.connection.lock()) {
      outbox.deliver(connection, to_spectators);
      ++sent;
    }
  }
  return sent;
}

}  // namespace parlor::server
