// The connections that have said hello, by player and by token: whom the operator's page
// lists as online, whom an announcement reaches, and which connections a ban, a suspension
// or an ended session closes (within a second, on every node: account_feed.hpp brings other
// nodes' changes here). Each entry carries what the connection's router gave it to act on
// the connection from any thread; the registry never touches a socket.
//
// Thread-safe: one mutex; the entries' actions run after it is released.
#pragma once

#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace parlor::server::accounts {

struct OnlineEntry {
  std::string player_id;
  std::string name;
  std::string token_hash;  // the session this connection said hello with
  bool guest = true;
  // From any thread: sends `text` to the connection (an announcement).
  std::function<void(std::string text)> push;
  // From any thread: sends the error `text`, then closes the connection (1008).
  std::function<void(std::string text)> eject;
};

struct OnlinePlayer {
  std::string player_id;
  std::string name;
  bool guest = true;
  int connections = 0;
};

class OnlinePlayers {
 public:
  using Id = std::uint64_t;
  Id add(OnlineEntry entry);
  void remove(Id id);
  // How many connections each action reached.
  int eject_player(const std::string& player_id, const std::string& text);
  int eject_token(const std::string& token_hash, const std::string& text);
  // Every connection of the player but those holding `keep_token_hash`.
  int eject_player_except(const std::string& player_id, const std::string& keep_token_hash,
                          const std::string& text);
  int push_all(const std::string& text);
  // One entry per player, by name.
  std::vector<OnlinePlayer> players() const;
  std::size_t connections() const;

 private:
  template <class Pick>
  std::vector<std::function<void(std::string)>> collect(Pick pick, bool eject) const;

  mutable std::mutex mutex_;
  Id next_id_ = 1;
  std::unordered_map<Id, OnlineEntry> entries_;
};

}  // namespace parlor::server::accounts
