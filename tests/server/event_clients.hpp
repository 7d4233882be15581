// The club-night tests' network clients (event_server_test.cpp, event_duplicate_test.cpp):
// the server's flags for a fast night, members who say hello, an event polled until it
// reaches a state, and a player coming to the table the event gave them. Shared so that
// every night on the real server is played the same way (protocol/README.md, "Club
// nights": a client finds its table by asking `event`, then joins it by its code).
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "tests/server/match_driver.hpp"
#include "tests/server/ws_client.hpp"

namespace parlor::testing {

// No bot delay, no pauses, no turn timer, no rate limit; `grace_ms`: the event's start
// grace (after it, bots take the absent seats).
std::vector<std::string> event_server_flags(const std::string& grace_ms);

// The reply to `message`, expected not to be an error.
Json ok(ClientPool& pool, WsClient& client, Json message);

struct Entrant {
  WsClient* client = nullptr;
  std::string id;
  std::string token;
};

// `count` guests "Member1".."MemberN" connected to `port`.
std::vector<Entrant> greet(ClientPool& pool, int port, int count);

// Polls `event` until `done(event)`; the last event seen.
Json wait_event(ClientPool& pool, WsClient& client, const std::string& id,
                const std::function<bool(const Json&)>& done,
                std::chrono::milliseconds timeout = std::chrono::seconds(30));

// A player of `table` (an event round's table) comes to their seat, to be played by the
// game's sensible bot. The seat is held for them: the room answers as to a player coming
// back (a `room` push, then the state once the match has started), not with a reply to
// this id.
TablePlayer come_to_table(WsClient* client, const std::string& game, const Json& table,
                          const Json& seat);

// Place points by hand: at n seats place p earns n - p; equal placings share their places.
std::vector<double> place_points_by_hand(const std::vector<int>& placings);

// A folder of its own under /tmp (a database two servers share in turn, the records a
// test writes), removed with everything in it at the end; `path` is "" if none was made.
struct TempFolder {
  TempFolder();
  ~TempFolder();
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  std::string path;
};

}  // namespace parlor::testing
