#include "server/accounts/account_directory.hpp"

#include <algorithm>

namespace parlor::server::accounts {
namespace {

AccountInfo info_of(const store::AccountRow& row) {
  return {row.player_id,
          row.handle,
          row.handle_key,
          row.skeleton,
          parse_role(row.role).value_or(Role::kMember),
          row.approved,
          row.created_at};
}

}  // namespace

void AccountDirectory::load(const std::vector<store::AccountRow>& accounts,
                            const std::vector<store::SanctionRow>& sanctions,
                            const std::vector<std::string>& invited_players) {
  std::lock_guard lock(mutex_);
  for (const auto& row : accounts) {
    put_locked(info_of(row));
    if (row.invited) invited_.insert(row.player_id);
  }
  for (const auto& sanction : sanctions) sanctions_[sanction.player_id] = sanction;
  invited_.insert(invited_players.begin(), invited_players.end());
}

void AccountDirectory::put(const store::AccountRow& row) {
  std::lock_guard lock(mutex_);
  put_locked(info_of(row));
  if (row.invited) invited_.insert(row.player_id);
}

void AccountDirectory::put_locked(AccountInfo info) {
  if (auto old = by_player_.find(info.player_id); old != by_player_.end()) {
    player_by_key_.erase(old->second.handle_key);
    player_by_skeleton_.erase(old->second.skeleton);
  }
  player_by_key_[info.handle_key] = info.player_id;
  player_by_skeleton_[info.skeleton] = info.player_id;
  by_player_[info.player_id] = std::move(info);
}

std::optional<AccountInfo> AccountDirectory::of(const std::string& player_id) const {
  std::lock_guard lock(mutex_);
  auto it = by_player_.find(player_id);
  if (it == by_player_.end()) return std::nullopt;
  return it->second;
}

std::optional<AccountInfo> AccountDirectory::by_key(const std::string& handle_key) const {
  std::lock_guard lock(mutex_);
  auto it = player_by_key_.find(handle_key);
  if (it == player_by_key_.end()) return std::nullopt;
  return by_player_.at(it->second);
}

std::optional<AccountInfo> AccountDirectory::by_skeleton(const std::string& skeleton) const {
  std::lock_guard lock(mutex_);
  auto it = player_by_skeleton_.find(skeleton);
  if (it == player_by_skeleton_.end()) return std::nullopt;
  return by_player_.at(it->second);
}

bool AccountDirectory::set_role(const std::string& player_id, Role role) {
  std::lock_guard lock(mutex_);
  auto it = by_player_.find(player_id);
  if (it == by_player_.end()) return false;
  it->second.role = role;
  return true;
}

bool AccountDirectory::set_approved(const std::string& player_id, bool approved) {
  std::lock_guard lock(mutex_);
  auto it = by_player_.find(player_id);
  if (it == by_player_.end()) return false;
  it->second.approved = approved;
  return true;
}

void AccountDirectory::set_invited(const std::string& player_id) {
  std::lock_guard lock(mutex_);
  invited_.insert(player_id);
}

void AccountDirectory::set_sanction(const store::SanctionRow& sanction) {
  std::lock_guard lock(mutex_);
  sanctions_[sanction.player_id] = sanction;
}

void AccountDirectory::lift(const std::string& player_id) {
  std::lock_guard lock(mutex_);
  sanctions_.erase(player_id);
}

std::optional<store::SanctionRow> AccountDirectory::sanction_of(
    const std::string& player_id) const {
  std::lock_guard lock(mutex_);
  auto it = sanctions_.find(player_id);
  if (it == sanctions_.end()) return std::nullopt;
  return it->second;
}

Visitor AccountDirectory::visitor(const std::string& player_id) const {
  std::lock_guard lock(mutex_);
  Visitor visitor;
  if (auto it = by_player_.find(player_id); it != by_player_.end()) {
    visitor.account = true;
    visitor.role = it->second.role;
    visitor.approved = it->second.approved;
  }
  visitor.invited = invited_.count(player_id) > 0;
  if (auto it = sanctions_.find(player_id); it != sanctions_.end()) {
    visitor.sanctioned_until = it->second.until;
  }
  return visitor;
}

int AccountDirectory::admin_count() const {
  std::lock_guard lock(mutex_);
  return static_cast<int>(
      std::count_if(by_player_.begin(), by_player_.end(),
                    [](const auto& entry) { return entry.second.role == Role::kAdmin; }));
}

std::vector<AccountInfo> AccountDirectory::list(const std::string& filter, bool pending_only,
                                                std::size_t limit) const {
  std::vector<AccountInfo> found;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, info] : by_player_) {
      if (pending_only && (info.approved || is_operator(info.role))) continue;
      if (!filter.empty() && info.handle_key.find(filter) == std::string::npos) continue;
      found.push_back(info);
    }
  }
  std::sort(found.begin(), found.end(),
            [](const AccountInfo& a, const AccountInfo& b) { return a.handle_key < b.handle_key; });
  if (found.size() > limit) found.resize(limit);
  return found;
}

std::string AccountDirectory::announcement() const {
  std::lock_guard lock(mutex_);
  return announcement_;
}

void AccountDirectory::set_announcement(std::string text) {
  std::lock_guard lock(mutex_);
  announcement_ = std::move(text);
}

}  // namespace parlor::server::accounts
