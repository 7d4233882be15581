// The club nights' requests (protocol/README.md, "Club nights"): create_event, events,
// event, join_event, leave_event, start_event, answered by the server's EventService
// (server/events/event_service.hpp). This layer decides who the caller is to the service:
// an operator (a moderator or an admin of the club) or not, and whether they may create
// an event: on a server of members (access `invite` or `members`, or guests refused) only
// operators may; on an open server that takes guests, anyone.
//
// Error codes: the service's (event_service.hpp), and "no_events" when this server runs
// no event service (tests of the lobby alone).
// Called on the connection's strand; `reply` is called once, before it returns.
#pragma once

#include <functional>
#include <string>

#include "protocol/protocol.hpp"

namespace parlor::server {

namespace accounts {
class Club;
}
namespace events {
class EventService;
}

bool is_event_request(protocol::RequestType type);

void answer_event_request(events::EventService* service, accounts::Club* club,
                          const protocol::Request& request, const std::string& player_id,
                          const std::string& name, const std::function<void(std::string)>& reply);

}  // namespace parlor::server
