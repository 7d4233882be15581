#include "server/net/connection_gate.hpp"

#include <vector>

namespace parlor::server {

bool ConnectionGate::admit(const std::string& ip) {
  std::lock_guard lock(mutex_);
  int& count = connections_by_ip_[ip];
  if (max_per_ip_ > 0 && count >= max_per_ip_) {
    if (count == 0) connections_by_ip_.erase(ip);
    return false;
  }
  ++count;
  return true;
}

void ConnectionGate::release(const std::string& ip) {
  std::lock_guard lock(mutex_);
  auto it = connections_by_ip_.find(ip);
  if (it == connections_by_ip_.end()) return;
  if (--it->second <= 0) connections_by_ip_.erase(it);
}

void ConnectionGate::register_session(const std::shared_ptr<Closable>& session) {
  std::lock_guard lock(mutex_);
  sessions_[session.get()] = session;
}

void ConnectionGate::unregister_session(const Closable* session) {
  std::lock_guard lock(mutex_);
  sessions_.erase(session);
}

bool ConnectionGate::closing() const {
  std::lock_guard lock(mutex_);
  return closing_;
}

std::size_t ConnectionGate::close_all() {
  std::vector<std::shared_ptr<Closable>> sessions;
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
    for (auto& [key, weak] : sessions_) {
      if (auto session = weak.lock()) sessions.push_back(std::move(session));
    }
  }
  for (auto& session : sessions) session->close_going_away();  // outside the lock
  return sessions.size();
}

}  // namespace parlor::server
