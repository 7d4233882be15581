#include "server/room/saved_room.hpp"

namespace parlor::server {

std::string saved_room_text(const protocol::RoomSummary& summary, const RoomSettings& settings) {
  Json seats = Json::array();
  for (const protocol::SeatSummary& seat : summary.seats) {
    seats.push_back({{"kind", protocol::seat_kind_name(seat.kind)},
                     {"player", seat.player_id},
                     {"name", seat.name},
                     {"level", seat.bot_level}});
  }
  // The host may have changed since the room opened (Seating passes it on when the host
  // leaves): the room reopens with today's.
  RoomSettings now = settings;
  now.host_player_id = summary.host_player_id;
  // "matches": so that a room reopened between two matches numbers its next one on (its
  // history would otherwise show a second "match 1").
  return Json{{"room", room_settings_json(now)}, {"seats", seats}, {"matches", summary.match}}
      .dump();
}

Expected<SavedRoom> saved_room_from_text(const std::string& text, const FindGame& find_game) {
  Json saved = Json::parse(text, nullptr, false);
  if (!saved.is_object() || !saved.contains("room") || !saved["room"].is_object()) {
    return Error{"bad_room_settings", "a saved room is not an object with \"room\""};
  }
  Expected<RoomSettings> settings = room_settings_from_json(saved["room"], find_game);
  if (!settings) return settings.error();
  SavedRoom room{std::move(settings.value()), {}, 0};
  const Json seats = saved.value("seats", Json::array());
  const Json matches = saved.value("matches", Json(0));
  if (!seats.is_array() || !matches.is_number_integer()) {
    return Error{"bad_room_settings", "a saved room's \"seats\" or \"matches\" is malformed"};
  }
  try {
    for (const Json& seat : seats) {
      room.seats.push_back(
          {protocol::parse_seat_kind(seat.value("kind", "")).value_or(protocol::SeatKind::kEmpty),
           seat.value("player", ""), seat.value("name", ""), seat.value("level", "")});
    }
  } catch (const Json::exception&) {  // a seat that is not an object of strings
    return Error{"bad_room_settings", "a saved seat is malformed"};
  }
  room.matches_started = matches.get<int>();
  return room;
}

}  // namespace parlor::server
