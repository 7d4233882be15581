// The requests about a player's identity itself, answered the same way on every
// connection (protocol/README.md, "One player on several devices"):
// - `claim_code` (after hello): a code for this player, shown once, for another device;
// - `claim` (before or after hello): the player a code belongs to and a new token for
//   this device. The connection's own identity does not change: the client says hello
//   with that token (on this connection if it has not yet, else on a new one).
#pragma once

#include <string>

#include "protocol/protocol.hpp"
#include "server/players.hpp"

namespace parlor::server {

// Whether `type` is one of these requests.
bool is_identity_request(protocol::RequestType type);

// The reply to send: `claim_code` {"code", "expires_in_seconds"}, `claimed` {"player":
// {"id", "name"}, "token"}, or an error: "hello_required" (claim_code before hello),
// "bad_claim_code", "claim_rate_limited".
// `player_id`: the connection's player (empty before hello); `address`: its IP address.
std::string answer_identity_request(Players& players, const protocol::Request& request,
                                    const std::string& player_id, const std::string& address);

}  // namespace parlor::server
