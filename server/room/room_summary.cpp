#include "server/room/room_summary.hpp"

namespace parlor::server {

protocol::RoomSummary summarize_room(const RoomSettings& settings, protocol::RoomStatus status,
                                     int match_number, const Seating& seating,
                                     const TableChat& chat) {
  protocol::RoomSummary room;
  room.id = settings.id;
  room.code = settings.code;
  room.game = settings.game->name();
  room.title = settings.game->title();
  room.options = settings.options;
  room.is_public = settings.is_public;
  room.status = status;
  room.turn_seconds = settings.turn_time.count() / 1000;
  room.bot_delay_ms = settings.bot_delay.count();
  room.bot_budget_ms = settings.bot_budget.count();
  room.match = match_number;
  room.spectators_allowed = settings.spectators_allowed;
  room.rated = settings.rated;
  room.event_id = settings.event_id;
  room.muted = chat.muted();
  seating.summarize(room);
  return room;
}

}  // namespace parlor::server
