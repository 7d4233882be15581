// How one update reaches every member of a table: each connected seat gets its own text
// (the shared part around that seat's own fields, with "accepted" when the move it sent
// is acknowledged there), and every spectator the one text they all share. Texts are
// built only for connections that are there.
//
// The room decides when an update goes and what it holds; this is only the addressing,
// through the room's outbox (write-ahead like every message). No room.hpp here.
#pragma once

#include <optional>

#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"
#include "protocol/server_messages.hpp"
#include "server/room/durable_outbox.hpp"
#include "server/room/seating.hpp"

namespace parlor::server {

// A move acknowledged in its seat's next update ("ack": "update") rather than by a reply.
struct AckInUpdate {
  int seat;
  nlohmann::json request_id;
};

// Delivers the update to every connected member: how many messages went out.
int deliver_update(const Seating& seating, DurableOutbox& outbox, const GameState& match,
                   const protocol::SharedUpdate& shared, const std::vector<Event>& events,
                   const std::optional<AckInUpdate>& ack);

}  // namespace parlor::server
