// The rows of a club's server (issue 48; docs/operators.md): accounts, their sessions,
// invites, sanctions (suspensions and bans), the audit log and the server's settings (the
// announcement). Plain values, as both backends read and write them; the rules over them
// live in server/accounts/.
#pragma once

#include <cstdint>
#include <string>

namespace parlor::server::store {

using Millis = std::int64_t;  // as store.hpp

// An account is a player (players.id) with a handle and a password: a guest who signs up
// keeps its id, so its matches stay its own.
struct AccountRow {
  std::string player_id;
  std::string handle;           // NFKC, as shown
  std::string handle_key;       // NFKC case fold: unique
  std::string skeleton;         // UTS #39: look-alikes share it
  std::string password_hash;    // libsodium's Argon2id text; never leaves the server
  std::string role = "member";  // "member", "moderator", "admin"
  bool approved = false;        // by an operator, for --access members
  bool invited = false;         // has redeemed an invite: read from invite_uses, never written here
  Millis created_at = 0;
  Millis password_changed_at = 0;
};

// A device's token for a player: players.token_hash (the first) or a player_tokens row.
struct SessionRow {
  std::string token_hash;
  std::string player_id;
  std::string label;  // what the device said of itself when it logged in ("" for older rows)
  Millis created_at = 0;
};

struct InviteRow {
  std::string id;          // short, public: what the operator's page names it by
  std::string code_hash;   // SHA-256 of the code; the code itself is shown once
  std::string created_by;  // player id
  std::string note;
  Millis created_at = 0;
  Millis expires_at = 0;
  int max_uses = 1;
  int uses = 0;
  Millis revoked_at = 0;  // 0: not revoked
};

// A suspension (until a time) or a ban (until = INT64_MAX): one per player at most.
struct SanctionRow {
  std::string player_id;
  Millis until = 0;
  std::string reason;
  std::string by;  // the operator's player id
  Millis at = 0;
};

// One line of the audit log: every operator action, and every change of a player's
// standing or sessions that other nodes must act on (they follow the log by `seq`:
// server/accounts/account_feed.hpp). `seq` is given by the database.
struct AuditRow {
  std::int64_t seq = 0;
  std::string key;  // unique, made by the server (16 random hex digits): a replayed write
                    // of the same entry adds nothing
  Millis at = 0;
  std::string actor_id;    // player id ("" for the server itself: --admin on start)
  std::string actor_name;  // as shown then
  std::string action;      // "ban", "suspend", "lift", "set_role", "approve", "close_room",
                           // "make_invite", "revoke_invite", "announce", "session_ended", ...
  std::string target_id;   // a player id, a room id or an invite id; "" if none
  std::string target_name;
  std::string detail;  // JSON text: the action's parameters (reason, until, role, ...)
};

}  // namespace parlor::server::store
