// What this node knows of the club's accounts, in memory: each account's handle, role,
// approval and invitation, each player's sanction, who has redeemed an invite, and the
// announcement. Loaded from the store at start; kept current by the changes this node makes
// and, in a cluster, by those other nodes make (account_feed.hpp). Never a password hash:
// a login reads it from the store.
//
// Thread-safe: one mutex, never held while calling out.
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "server/accounts/access_policy.hpp"
#include "server/store/account_rows.hpp"

namespace parlor::server::accounts {

struct AccountInfo {
  std::string player_id;
  std::string handle;
  std::string handle_key;
  std::string skeleton;
  Role role = Role::kMember;
  bool approved = false;
  store::Millis created_at = 0;
};

class AccountDirectory {
 public:
  void load(const std::vector<store::AccountRow>& accounts,
            const std::vector<store::SanctionRow>& sanctions,
            const std::vector<std::string>& invited_players);
  // Adds or replaces the account (its hash is not kept).
  void put(const store::AccountRow& row);
  std::optional<AccountInfo> of(const std::string& player_id) const;
  std::optional<AccountInfo> by_key(const std::string& handle_key) const;
  // The account whose handle has this skeleton (look-alikes share one), if any.
  std::optional<AccountInfo> by_skeleton(const std::string& skeleton) const;
  bool set_role(const std::string& player_id, Role role);  // false: no such account
  bool set_approved(const std::string& player_id, bool approved);
  void set_invited(const std::string& player_id);
  void set_sanction(const store::SanctionRow& sanction);
  void lift(const std::string& player_id);
  std::optional<store::SanctionRow> sanction_of(const std::string& player_id) const;

  // The player as the access policy sees them (a guest when there is no account).
  Visitor visitor(const std::string& player_id) const;
  int admin_count() const;
  // Accounts whose handle key contains `filter` (empty: all), only those awaiting approval
  // if `pending_only`, by handle, at most `limit`.
  std::vector<AccountInfo> list(const std::string& filter, bool pending_only,
                                std::size_t limit) const;

  std::string announcement() const;
  void set_announcement(std::string text);

 private:
  void put_locked(AccountInfo info);

  mutable std::mutex mutex_;
  std::unordered_map<std::string, AccountInfo> by_player_;
  std::unordered_map<std::string, std::string> player_by_key_;
  std::unordered_map<std::string, std::string> player_by_skeleton_;
  std::unordered_map<std::string, store::SanctionRow> sanctions_;
  std::unordered_set<std::string> invited_;
  std::string announcement_;
};

}  // namespace parlor::server::accounts
