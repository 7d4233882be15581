#include "server/http/replay_cache.hpp"

namespace parlor::server {

ReplayCache::Text ReplayCache::find(const std::string& key) {
  std::lock_guard lock(mutex_);
  auto it = by_key_.find(key);
  if (it == by_key_.end()) {
    ++misses_;
    return nullptr;
  }
  ++hits_;
  order_.splice(order_.begin(), order_, it->second);
  return it->second->text;
}

void ReplayCache::put(const std::string& key, Text text) {
  if (!text || text->size() > capacity_bytes_) return;
  std::lock_guard lock(mutex_);
  if (auto it = by_key_.find(key); it != by_key_.end()) {
    bytes_ -= it->second->text->size();
    order_.erase(it->second);
    by_key_.erase(it);
  }
  bytes_ += text->size();
  order_.push_front(Entry{key, std::move(text)});
  by_key_[key] = order_.begin();
  while (bytes_ > capacity_bytes_) drop_oldest_locked();
}

void ReplayCache::drop_oldest_locked() {
  const Entry& oldest = order_.back();
  bytes_ -= oldest.text->size();
  by_key_.erase(oldest.key);
  order_.pop_back();
}

std::size_t ReplayCache::bytes() const {
  std::lock_guard lock(mutex_);
  return bytes_;
}

std::size_t ReplayCache::entries() const {
  std::lock_guard lock(mutex_);
  return order_.size();
}

std::uint64_t ReplayCache::hits() const {
  std::lock_guard lock(mutex_);
  return hits_;
}

std::uint64_t ReplayCache::misses() const {
  std::lock_guard lock(mutex_);
  return misses_;
}

std::string replay_cache_key(const std::string& match_id, std::optional<int> seat) {
  return match_id + (seat ? "#" + std::to_string(*seat) : std::string("#all"));
}

}  // namespace parlor::server
