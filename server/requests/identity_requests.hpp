// The requests about a player's identity itself, answered the same way on every
// connection (protocol/README.md, "One player on several devices"):
// - `claim_code` (after hello): a code for this player, shown once, for another device;
// - `claim` (before or after hello): the player a code belongs to and a new token for
//   this device. The connection's own identity does not change: the client says hello
//   with that token (on this connection if it has not yet, else on a new one).
// The codes live in the store (claim_codes.hpp says why), so both answers wait for it:
// a code is shown once it is committed (then every node can redeem it), and a claim is
// answered once its redemption is committed and looked up on the store's reads
// executor. Nothing here waits on the calling thread.
#pragma once

#include <functional>
#include <string>

#include "protocol/protocol.hpp"
#include "server/players/players.hpp"
#include "server/server_context.hpp"

namespace parlor::server {

// Whether `type` is one of these requests.
bool is_identity_request(protocol::RequestType type);

// Answers `request` by calling `reply` once with the message to send: `claim_code`
// {"code", "expires_in_seconds"}, `claimed` {"player": {"id", "name"}, "token"}, or an
// error: "hello_required" (claim_code before hello), "bad_claim_code",
// "claim_rate_limited", "store_unavailable" (the database cannot take writes now).
// `reply` may run on the calling thread, the store's writer thread or `store.reads`:
// the caller brings the text back to its connection's strand.
// `player_id`: the connection's player (empty before hello); `address`: its IP address.
void answer_identity_request(Players& players, const StoreAccess& store,
                             const protocol::Request& request, const std::string& player_id,
                             const std::string& address, std::function<void(std::string)> reply);

}  // namespace parlor::server
