// Who may come in (server/accounts/access_policy.hpp): each rule, and their order.
#include "server/accounts/access_policy.hpp"

#include <gtest/gtest.h>

#include <string>

namespace parlor::server::accounts {
namespace {

constexpr Millis kNow = 1796284800000;  // 2026-12-03T08:00:00Z

const AccessSettings kOpen{AccessMode::kOpen, true};
const AccessSettings kOpenNoGuests{AccessMode::kOpen, false};
const AccessSettings kInvite{AccessMode::kInvite, true};
const AccessSettings kInviteNoGuests{AccessMode::kInvite, false};
const AccessSettings kMembers{AccessMode::kMembers, true};
const AccessSettings kMembersNoGuests{AccessMode::kMembers, false};
const AccessSettings kAllSettings[] = {kOpen,           kOpenNoGuests, kInvite,
                                       kInviteNoGuests, kMembers,      kMembersNoGuests};

Visitor guest() { return Visitor{}; }
Visitor member(bool approved = false, bool invited = false) {
  Visitor visitor;
  visitor.account = true;
  visitor.approved = approved;
  visitor.invited = invited;
  return visitor;
}
Visitor with_role(Visitor visitor, Role role) {
  visitor.role = role;
  return visitor;
}
Visitor sanctioned(Visitor visitor, Millis until) {
  visitor.sanctioned_until = until;
  return visitor;
}

std::string code_of(const AccessSettings& settings, const Visitor& visitor, Millis now = kNow) {
  const std::optional<Error> refusal = refuse(settings, visitor, now);
  if (refusal) {
    EXPECT_FALSE(refusal->message.empty()) << refusal->code;
  }
  return refusal ? refusal->code : "";
}

TEST(AccessPolicy, NamesRoundTrip) {
  for (Role role : {Role::kMember, Role::kModerator, Role::kAdmin}) {
    EXPECT_EQ(parse_role(role_name(role)), role);
  }
  EXPECT_EQ(role_name(Role::kMember), "member");
  EXPECT_EQ(role_name(Role::kModerator), "moderator");
  EXPECT_EQ(role_name(Role::kAdmin), "admin");
  EXPECT_FALSE(parse_role("root"));
  EXPECT_FALSE(parse_role("Admin"));
  for (AccessMode mode : {AccessMode::kOpen, AccessMode::kInvite, AccessMode::kMembers}) {
    EXPECT_EQ(parse_access_mode(access_mode_name(mode)), mode);
  }
  EXPECT_EQ(access_mode_name(AccessMode::kOpen), "open");
  EXPECT_EQ(access_mode_name(AccessMode::kInvite), "invite");
  EXPECT_EQ(access_mode_name(AccessMode::kMembers), "members");
  EXPECT_FALSE(parse_access_mode("closed"));
  EXPECT_FALSE(is_operator(Role::kMember));
  EXPECT_TRUE(is_operator(Role::kModerator));
  EXPECT_TRUE(is_operator(Role::kAdmin));
}

// Rule 1: whatever the mode, whatever the role.
TEST(AccessPolicy, BannedAndSuspendedAreRefusedEverywhere) {
  for (const AccessSettings& settings : kAllSettings) {
    for (Role role : {Role::kMember, Role::kModerator, Role::kAdmin}) {
      const Visitor approved = with_role(member(true, true), role);
      EXPECT_EQ(code_of(settings, sanctioned(approved, kForever)), "account_banned");
      EXPECT_EQ(code_of(settings, sanctioned(approved, kNow + 1)), "account_suspended");
    }
  }
}

TEST(AccessPolicy, ASuspensionEndsAndSaysWhen) {
  const Visitor suspended = sanctioned(member(), kNow + 7 * 24 * 3600 * 1000LL + 1500);
  const std::optional<Error> refusal = refuse(kOpen, suspended, kNow);
  ASSERT_TRUE(refusal);
  EXPECT_EQ(refusal->code, "account_suspended");
  EXPECT_NE(refusal->message.find("2026-12-10T08:00:01Z"), std::string::npos) << refusal->message;
  // At the moment it ends, and after, the account comes in.
  EXPECT_EQ(code_of(kOpen, suspended, suspended.sanctioned_until), "");
  EXPECT_EQ(code_of(kOpen, suspended, suspended.sanctioned_until + 1), "");
  // A suspension in the past is none.
  EXPECT_EQ(code_of(kOpen, sanctioned(member(), kNow - 1)), "");
}

// Rule 2, and its place: after rule 1, before the modes.
TEST(AccessPolicy, OperatorsAlwaysComeIn) {
  for (const AccessSettings& settings : kAllSettings) {
    for (Role role : {Role::kModerator, Role::kAdmin}) {
      // Neither approved nor invited: the role is enough.
      EXPECT_EQ(code_of(settings, with_role(member(), role)), "") << role_name(role);
    }
  }
  EXPECT_EQ(code_of(kOpen, sanctioned(with_role(member(), Role::kAdmin), kForever)),
            "account_banned");
}

// Rule 3.
TEST(AccessPolicy, OpenTakesEveryoneAndGuestsWithGuestsOn) {
  EXPECT_EQ(code_of(kOpen, guest()), "");
  EXPECT_EQ(code_of(kOpen, member()), "");
  EXPECT_EQ(code_of(kOpenNoGuests, member()), "");
  EXPECT_EQ(code_of(kOpenNoGuests, guest()), "login_required");
}

// Rule 4.
TEST(AccessPolicy, InviteTakesTheInvitedAndTheApproved) {
  EXPECT_EQ(code_of(kInvite, member()), "invite_required");
  EXPECT_EQ(code_of(kInvite, member(false, true)), "");
  EXPECT_EQ(code_of(kInvite, member(true, false)), "");  // approved counts as invited
  EXPECT_EQ(code_of(kInviteNoGuests, member(false, true)), "");
  EXPECT_EQ(code_of(kInviteNoGuests, member()), "invite_required");
  // Guests: invited, and with --guests on.
  EXPECT_EQ(code_of(kInvite, guest()), "invite_required");
  Visitor invited_guest = guest();
  invited_guest.invited = true;
  EXPECT_EQ(code_of(kInvite, invited_guest), "");
  EXPECT_EQ(code_of(kInviteNoGuests, invited_guest), "login_required");
  EXPECT_EQ(code_of(kInviteNoGuests, guest()), "login_required");
}

// Rule 5.
TEST(AccessPolicy, MembersTakesApprovedAccountsOnly) {
  for (const AccessSettings& settings : {kMembers, kMembersNoGuests}) {
    EXPECT_EQ(code_of(settings, member(true)), "");
    EXPECT_EQ(code_of(settings, member()), "approval_pending");
    EXPECT_EQ(code_of(settings, member(false, true)), "approval_pending");  // invited: no
    EXPECT_EQ(code_of(settings, guest()), "login_required");                // whatever --guests
    Visitor invited_guest = guest();
    invited_guest.invited = true;
    EXPECT_EQ(code_of(settings, invited_guest), "login_required");
  }
}

TEST(AccessPolicy, TheRulesOrder) {
  // Banned beats operator, and suspended beats operator.
  EXPECT_EQ(code_of(kOpen, sanctioned(with_role(member(true), Role::kAdmin), kForever)),
            "account_banned");
  EXPECT_EQ(code_of(kMembers, sanctioned(with_role(member(true), Role::kModerator), kNow + 1)),
            "account_suspended");
  // Banned beats suspended's reading of the same field, and beats every mode's refusal.
  EXPECT_EQ(code_of(kMembers, sanctioned(member(), kForever)), "account_banned");
  EXPECT_EQ(code_of(kInvite, sanctioned(member(), kNow + 1)), "account_suspended");
  // Operator beats members mode and invite mode.
  EXPECT_EQ(code_of(kMembers, with_role(member(false), Role::kModerator)), "");
  EXPECT_EQ(code_of(kInvite, with_role(member(false, false), Role::kAdmin)), "");
  // A role on a guest is no operator (only accounts have roles).
  EXPECT_EQ(code_of(kMembers, with_role(guest(), Role::kAdmin)), "login_required");
  EXPECT_EQ(code_of(kOpenNoGuests, with_role(guest(), Role::kAdmin)), "login_required");
}

}  // namespace
}  // namespace parlor::server::accounts
