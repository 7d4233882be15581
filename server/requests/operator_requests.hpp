// The operators' requests (protocol/README.md, "Operators"): what the web client's operator
// page asks of the server. Every one checks the caller's role first (moderators act on
// rooms, chat and people's standing; admins also on roles, invites and approvals), and every
// one that changes something writes the audit log, which is also how the other nodes of a
// cluster hear of it (server/accounts/account_feed.hpp).
//
// Called on the connection's strand; `reply` is called once, from any thread.
#pragma once

#include <functional>
#include <string>

#include "protocol/protocol.hpp"
#include "server/accounts/club.hpp"

namespace parlor::server {

class Lobby;

bool is_operator_request(protocol::RequestType type);

void answer_operator_request(accounts::Club& club, Lobby& lobby, const protocol::Request& request,
                             const std::string& player_id, std::function<void(std::string)> reply);

}  // namespace parlor::server
