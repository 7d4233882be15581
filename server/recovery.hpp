// Start-up recovery: every match that was in progress when the server stopped (a crash,
// a kill, a restart) is rebuilt from its options, seed and journal through the
// deterministic engine, and its room reopened with the same seats, code and settings.
// A journal that does not replay (a gap, a rejected action, a game this build lacks)
// marks that match aborted with the reason; it never stops the server from starting.
#pragma once

#include <string>
#include <vector>

#include "server/lobby.hpp"
#include "server/store/store.hpp"

namespace parlor::server {

struct RecoveryReport {
  int resumed = 0;
  int finished = 0;  // the last action ended the match but its result was not yet written
  int aborted = 0;
};

// Every unfinished match (a single server at start-up).
RecoveryReport recover_matches(store::Store& store, Lobby& lobby);
// Only the matches of these rooms, read by room from the store: in a cluster a node
// reopens only the rooms it holds or takes (server/cluster/); other unfinished matches
// belong to other nodes and are neither read, reopened nor aborted.
RecoveryReport recover_rooms(store::Store& store, Lobby& lobby,
                             const std::vector<std::string>& room_ids);

}  // namespace parlor::server
