// What a room shows of itself (the "room" object of protocol/README.md, and the lobby's
// listing): its settings, status and match number, and who is at the table.
#pragma once

#include "protocol/server_messages.hpp"
#include "server/room/room_settings.hpp"
#include "server/room/seating.hpp"
#include "server/room/table_chat.hpp"

namespace parlor::server {

protocol::RoomSummary summarize_room(const RoomSettings& settings, protocol::RoomStatus status,
                                     int match_number, const Seating& seating,
                                     const TableChat& chat);

}  // namespace parlor::server
