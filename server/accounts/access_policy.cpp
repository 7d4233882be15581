#include "server/accounts/access_policy.hpp"

#include <cstdio>
#include <ctime>

namespace parlor::server::accounts {

namespace {

// "2026-12-10T08:00:00Z" (to the second: a person reads it).
std::string iso8601_utc(Millis at) {
  Millis seconds = at / 1000;
  if (at % 1000 < 0) seconds -= 1;  // floor
  const auto time = static_cast<std::time_t>(seconds);
  std::tm utc{};
  gmtime_r(&time, &utc);
  char text[64];
  std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02dZ", utc.tm_year + 1900,
                utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec);
  return text;
}

Error guests_turned_away() {
  return Error{"login_required", "this server does not take guests: log in or sign up to come in"};
}

}  // namespace

std::string_view role_name(Role role) {
  switch (role) {
    case Role::kMember:
      return "member";
    case Role::kModerator:
      return "moderator";
    case Role::kAdmin:
      return "admin";
  }
  return "member";
}

std::optional<Role> parse_role(std::string_view name) {
  if (name == "member") return Role::kMember;
  if (name == "moderator") return Role::kModerator;
  if (name == "admin") return Role::kAdmin;
  return std::nullopt;
}

bool is_operator(Role role) { return role == Role::kModerator || role == Role::kAdmin; }

std::string_view access_mode_name(AccessMode mode) {
  switch (mode) {
    case AccessMode::kOpen:
      return "open";
    case AccessMode::kInvite:
      return "invite";
    case AccessMode::kMembers:
      return "members";
  }
  return "open";
}

std::optional<AccessMode> parse_access_mode(std::string_view name) {
  if (name == "open") return AccessMode::kOpen;
  if (name == "invite") return AccessMode::kInvite;
  if (name == "members") return AccessMode::kMembers;
  return std::nullopt;
}

std::optional<Error> refuse(const AccessSettings& settings, const Visitor& visitor, Millis now) {
  // 1. Bans and suspensions, whatever the mode and the role.
  if (visitor.sanctioned_until == kForever) {
    return Error{"account_banned", "this account is banned from this server"};
  }
  if (visitor.sanctioned_until > now) {
    return Error{"account_suspended",
                 "this account is suspended until " + iso8601_utc(visitor.sanctioned_until)};
  }
  // 2. Operators always come in.
  if (visitor.account && is_operator(visitor.role)) return std::nullopt;
  switch (settings.mode) {
    case AccessMode::kOpen:  // 3.
      if (!visitor.account && !settings.guests) return guests_turned_away();
      return std::nullopt;
    case AccessMode::kInvite:  // 4.
      if (!visitor.account && !settings.guests) return guests_turned_away();
      if (visitor.invited || (visitor.account && visitor.approved)) return std::nullopt;
      return Error{"invite_required",
                   "this server takes players by invitation: ask a member for an invite and "
                   "enter its code"};
    case AccessMode::kMembers:  // 5.
      if (!visitor.account) {
        return Error{"login_required", "this server is for its members: log in or sign up"};
      }
      if (visitor.approved) return std::nullopt;
      return Error{"approval_pending",
                   "your account is waiting for an operator's approval: you can come in once "
                   "they let you in"};
  }
  return std::nullopt;
}

}  // namespace parlor::server::accounts
