// Who may connect, and who is connected: the connections per IP address (a limit, so one
// address cannot take every descriptor) and the open WebSocket sessions, which a shutdown
// closes with "going away". The rooms and players are the lobby's (lobby.hpp).
//
// Thread-safe: one mutex guards the maps, never held while a session is called.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace parlor::server {

// A session the gate can ask to close at shutdown.
class Closable {
 public:
  virtual ~Closable() = default;
  virtual void close_going_away() = 0;
};

class ConnectionGate {
 public:
  // `max_per_ip`: 0 for no limit.
  explicit ConnectionGate(int max_per_ip) : max_per_ip_(max_per_ip) {}

  // A connection from `ip`: false when its limit is reached.
  bool admit(const std::string& ip);
  void release(const std::string& ip);

  void register_session(const std::shared_ptr<Closable>& session);
  void unregister_session(const Closable* session);

  bool closing() const;
  // Closes every session with "going away" and admits no more: how many there were.
  std::size_t close_all();

 private:
  const int max_per_ip_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, int> connections_by_ip_;
  std::unordered_map<const Closable*, std::weak_ptr<Closable>> sessions_;
  bool closing_ = false;
};

}  // namespace parlor::server
