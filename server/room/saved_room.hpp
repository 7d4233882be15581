// A room as it stands, in the text form that reopens it waiting somewhere else or later:
// a cluster node publishes it to the others (server/cluster/, cluster_rooms.settings) so
// a survivor can take the room over; a single server keeps it in its store
// (server/room/room_keeper.hpp, open_rooms) so a restart brings it back even if it never
// started a match. Written and read here and nowhere else.
#pragma once

#include <string>
#include <vector>

#include "engine/core/expected.hpp"
#include "protocol/server_messages.hpp"
#include "server/room/match_journal.hpp"
#include "server/room/room_settings.hpp"

namespace parlor::server {

struct SavedRoom {
  RoomSettings settings;
  std::vector<SeatRecord> seats;  // every seat; an empty one is kind kEmpty
  int matches_started = 0;        // the next match is numbered after it
};

// {"room": room_settings_json (with today's host), "seats": [{"kind", "player", "name",
// "level"}], "matches": N}.
std::string saved_room_text(const protocol::RoomSummary& summary, const RoomSettings& settings);

// Errors: "bad_room_settings" (not that form), "no_such_game" (a game this build lacks).
Expected<SavedRoom> saved_room_from_text(const std::string& text, const FindGame& find_game);

}  // namespace parlor::server
