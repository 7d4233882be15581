#include "server/accounts/online_players.hpp"

#include <algorithm>
#include <map>

namespace parlor::server::accounts {

OnlinePlayers::Id OnlinePlayers::add(OnlineEntry entry) {
  std::lock_guard lock(mutex_);
  Id id = next_id_++;
  entries_.emplace(id, std::move(entry));
  return id;
}

void OnlinePlayers::remove(Id id) {
  std::lock_guard lock(mutex_);
  entries_.erase(id);
}

template <class Pick>
std::vector<std::function<void(std::string)>> OnlinePlayers::collect(Pick pick, bool eject) const {
  std::vector<std::function<void(std::string)>> actions;
  std::lock_guard lock(mutex_);
  for (const auto& [id, entry] : entries_) {
    if (pick(entry)) actions.push_back(eject ? entry.eject : entry.push);
  }
  return actions;
}

namespace {

int run_all(const std::vector<std::function<void(std::string)>>& actions, const std::string& text) {
  for (const auto& action : actions) {
    if (action) action(text);
  }
  return static_cast<int>(actions.size());
}

}  // namespace

int OnlinePlayers::eject_player(const std::string& player_id, const std::string& text) {
  return run_all(collect([&](const OnlineEntry& e) { return e.player_id == player_id; }, true),
                 text);
}

int OnlinePlayers::eject_token(const std::string& token_hash, const std::string& text) {
  return run_all(collect([&](const OnlineEntry& e) { return e.token_hash == token_hash; }, true),
                 text);
}

int OnlinePlayers::eject_player_except(const std::string& player_id,
                                       const std::string& keep_token_hash,
                                       const std::string& text) {
  return run_all(collect(
                     [&](const OnlineEntry& e) {
                       return e.player_id == player_id && e.token_hash != keep_token_hash;
                     },
                     true),
                 text);
}

int OnlinePlayers::push_all(const std::string& text) {
  return run_all(collect([](const OnlineEntry&) { return true; }, false), text);
}

std::vector<OnlinePlayer> OnlinePlayers::players() const {
  std::map<std::string, OnlinePlayer> by_id;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, entry] : entries_) {
      OnlinePlayer& player = by_id[entry.player_id];
      player.player_id = entry.player_id;
      player.name = entry.name;
      player.guest = entry.guest;
      ++player.connections;
    }
  }
  std::vector<OnlinePlayer> list;
  for (auto& [id, player] : by_id) list.push_back(std::move(player));
  std::sort(list.begin(), list.end(),
            [](const OnlinePlayer& a, const OnlinePlayer& b) { return a.name < b.name; });
  return list;
}

std::size_t OnlinePlayers::connections() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace parlor::server::accounts
