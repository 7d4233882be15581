// How a room is set up: its game and options, seats, timers and visibility. Kept with
// every match it starts (MatchRecord::room_settings), so that a restart reopens the room
// as it was; the JSON it is stored as is written and read here and nowhere else.
#pragma once

#include <chrono>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/core/expected.hpp"
#include "engine/core/game.hpp"
#include "server/room/table_chat.hpp"

namespace parlor::server {

using Json = nlohmann::json;

struct RoomSettings {
  std::string id;
  std::string code;  // join code (every room has one; only private rooms need it)
  bool is_public = true;
  // Rated (the default) or casual: a rated room's finished matches update each human's
  // rating in the game (server/store/match_rating.hpp).
  bool rated = true;
  const GameDefinition* game = nullptr;
  Json options;
  int seats = 0;
  std::string host_player_id;  // the host when the room opens (Seating keeps it after)
  std::chrono::milliseconds turn_time{60000};  // 0: no timer
  std::chrono::milliseconds bot_delay{700};
  // A bot's thinking per move (--bot-budget-ms, or the room's bot_budget_ms).
  std::chrono::milliseconds bot_budget{50};
  std::chrono::milliseconds round_pause{3000};
  std::chrono::milliseconds grace{120000};
  std::chrono::milliseconds empty_close{300000};
  bool spectators_allowed = true;  // the host's choice (set_spectators)
  // A table of a club night (server/events/): the event's id, else empty. Such a room's
  // seats are held for the players the event put there; its first match starts by itself
  // once they are all seated (or when the event says: Room::start_event_table), and no
  // member's `start` is taken.
  std::string event_id;
  // The seed of the room's first match (64 hex digits; empty: drawn from the system's
  // random source as for every other match). A duplicate round gives every table the same.
  std::string first_seed_hex;
  // The server's --chat-* flags: not stored (a restart applies the flags it starts with).
  ChatLimits chat;
};

// The stored form: {"id", "code", "public", "game", "options", "seats", "host", "turn_ms",
// "bot_delay_ms", "bot_budget_ms", "round_pause_ms", "grace_ms", "empty_close_ms",
// "spectators_allowed", "rated", "event", "first_seed"} ("spectators_allowed" may be
// absent in older rows: true; "bot_budget_ms": 50; "rated": false, as every match before
// ratings was casual; "event" and "first_seed": empty, and they are written only when set,
// so the rows of rooms that are not event tables are as before).
Json room_settings_json(const RoomSettings& settings);

// Settings read back from room_settings_json's form, with the game looked up in this build.
// Errors: "bad_room_settings" (a field missing or of the wrong type), "no_such_game".
using FindGame = std::function<const GameDefinition*(const std::string& name)>;
Expected<RoomSettings> room_settings_from_json(const Json& saved, const FindGame& find_game);

}  // namespace parlor::server
