// The account requests (protocol/README.md, "Accounts and access"): signup, login,
// logout, change_password, sessions, end_session. Each is a chain of steps on other threads
// — the password hasher's pool, the store's writer (a step waits for its write to commit, so
// that every node sees it) and the store's reads executor — and ends by calling `reply` once,
// from whichever thread: the caller brings the text back to its connection's strand.
//
// Nothing here trusts the client: a handle is normalised and checked before anything is
// read, a failed login costs the same time whether or not the handle exists and says only
// "wrong handle or password", and a password never reaches a log or a reply.
#pragma once

#include <functional>
#include <string>

#include "protocol/protocol.hpp"
#include "server/accounts/club.hpp"

namespace parlor::server {

// Who is asking: the connection's player (empty before hello), the hash of the token it said
// hello with, and its address (the login back-off's key).
struct AccountCaller {
  std::string player_id;
  std::string token_hash;
  std::string address;
};

// `text` to send; `close`: close the connection after it (logout).
using AccountReply = std::function<void(std::string text, bool close)>;

bool is_account_request(protocol::RequestType type);
// Whether a connection that has not said hello (or was refused at it) may send `type`.
bool allowed_before_hello(protocol::RequestType type);

void answer_account_request(accounts::Club& club, const protocol::Request& request,
                            const AccountCaller& caller, AccountReply reply);

}  // namespace parlor::server
