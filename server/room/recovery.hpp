// Start-up recovery: every match that was in progress when the server stopped (a crash,
// a kill, a restart) is rebuilt from its options, seed and journal through the
// deterministic engine, and its room reopened with the same seats, code and settings.
// Every other room that was open reopens too, waiting, with the seats it had, whether it
// never started a match or was between two: a single server keeps each open room in its
// store as it changes (server/room/room_keeper.hpp).
// A journal that does not replay (a gap, a rejected action, a game this build lacks)
// marks that match aborted with the reason; it never stops the server from starting.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/core/expected.hpp"
#include "server/room/saved_room.hpp"
#include "server/store/store.hpp"

namespace parlor::server {

class Lobby;
class Room;

struct RecoveryReport {
  int resumed = 0;
  int finished = 0;  // the last action ended the match but its result was not yet written
  int aborted = 0;
  int reopened = 0;  // rooms reopened waiting: before their first match or between two
};

// Every unfinished match, then every other open room (a single server at start-up).
RecoveryReport recover_matches(store::Store& store, Lobby& lobby);
// Only the matches of these rooms, read by room from the store: in a cluster a node
// reopens only the rooms it holds or takes (server/cluster/); other unfinished matches
// belong to other nodes and are neither read, reopened nor aborted.
// Their journals unreadable (the database failing): "store_read_failed", and nothing
// reopened, so that the caller can try again rather than reopen them without their match.
Expected<RecoveryReport> recover_rooms(store::Store& store, Lobby& lobby,
                                       const std::vector<std::string>& room_ids);
// Reopens a room waiting, as it was saved (server/room/saved_room.hpp); null when its id
// or code is taken (a room already open).
std::shared_ptr<Room> reopen_waiting(Lobby& lobby, SavedRoom saved);

}  // namespace parlor::server
