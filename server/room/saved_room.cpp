#include "server/room/saved_room.hpp"

namespace parlor::server {

// Written, not built as a tree: a room is saved again at each join, start and end of a
// match. Members in the sorted order the tree's dump had (tests compare the two).
std::string saved_room_text(const protocol::RoomSummary& summary, const RoomSettings& settings) {
  std::string text;
  text.reserve(512);
  JsonWriter out(text);
  out.begin_object();
  // "matches": so that a room reopened between two matches numbers its next one on (its
  // history would otherwise show a second "match 1").
  out.member("matches", summary.match);
  out.key("room");
  out.begin_object();
  out.member("bot_budget_ms", settings.bot_budget.count());
  out.member("bot_delay_ms", settings.bot_delay.count());
  out.member_as_dumped("code", settings.code);
  out.member("empty_close_ms", settings.empty_close.count());
  // An event's table only (room_settings.hpp): other rooms' rows stay as they were.
  if (!settings.event_id.empty()) out.member_as_dumped("event", settings.event_id);
  if (!settings.first_seed_hex.empty()) out.member_as_dumped("first_seed", settings.first_seed_hex);
  out.member_as_dumped("game", settings.game ? settings.game->name() : std::string());
  out.member("grace_ms", settings.grace.count());
  // The host may have changed since the room opened (Seating passes it on when the host
  // leaves): the room reopens with today's.
  out.member_as_dumped("host", summary.host_player_id);
  out.member_as_dumped("id", settings.id);
  out.key("options");
  out.value(settings.options);
  out.member("public", settings.is_public);
  out.member("rated", settings.rated);
  out.member("round_pause_ms", settings.round_pause.count());
  out.member("seats", settings.seats);
  out.member("spectators_allowed", settings.spectators_allowed);
  out.member("turn_ms", settings.turn_time.count());
  out.end_object();
  out.key("seats");
  out.begin_array();
  for (const protocol::SeatSummary& seat : summary.seats) {
    out.begin_object();
    out.member_as_dumped("kind", protocol::seat_kind_name(seat.kind));
    out.member_as_dumped("level", seat.bot_level);
    out.member_as_dumped("name", seat.name);
    out.member_as_dumped("player", seat.player_id);
    out.end_object();
  }
  out.end_array();
  out.end_object();
  return text;
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
