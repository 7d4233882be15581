// Who may come in: the server's access mode (--access), whether it takes guests (--guests),
// and a visitor's standing decide, before any room, list or history is shown. A pure
// function, so that every rule is one test (tests/accounts/access_policy_test.cpp); the
// hello, the account requests and the HTTP history API all ask it.
//
// The rules (docs/operators.md, "Who may come in"; the codes are protocol/README.md's):
// 1. A banned account is refused ("account_banned"), a suspended one until its suspension
//    ends ("account_suspended"): whatever the mode, whatever the role.
// 2. Moderators and admins always come in: an operator can never lock themselves out.
// 3. `open`: everyone; guests only with --guests on ("login_required" otherwise: their way in
//    is to log in or sign up).
// 4. `invite`: whoever has redeemed an invite (an account made with one is invited, and an
//    approved member counts as invited too); others are refused ("invite_required"). Guests
//    need --guests on as well.
// 5. `members`: accounts an operator approved; an account waiting for approval is refused
//    ("approval_pending": the waiting page), a guest is refused ("login_required"), whatever
//    --guests says.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/expected.hpp"

namespace parlor::server::accounts {

// The roles' names are a contract: "member", "moderator", "admin".
enum class Role { kMember, kModerator, kAdmin };
std::string_view role_name(Role role);
std::optional<Role> parse_role(std::string_view name);
// Moderators act on rooms, chat and people's standing; admins also on roles, invites and
// approvals (docs/operators.md, "Roles").
bool is_operator(Role role);  // moderator or admin

enum class AccessMode { kOpen, kInvite, kMembers };
std::string_view access_mode_name(AccessMode mode);
std::optional<AccessMode> parse_access_mode(std::string_view name);

struct AccessSettings {
  AccessMode mode = AccessMode::kOpen;
  bool guests = true;
};

using Millis = std::int64_t;
constexpr Millis kForever = INT64_MAX;  // a ban: a sanction that never ends

struct Visitor {
  bool account = false;  // false: a guest
  Role role = Role::kMember;
  bool approved = false;        // by an operator (members mode)
  bool invited = false;         // has redeemed an invite (invite mode)
  Millis sanctioned_until = 0;  // 0: none; kForever: banned; else suspended until then
};

// Nothing if `visitor` may come in at `now`, else the refusal (code and a message a person
// can read; "account_suspended"'s says until when).
std::optional<Error> refuse(const AccessSettings& settings, const Visitor& visitor, Millis now);

}  // namespace parlor::server::accounts
