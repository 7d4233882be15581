#include "server/accounts/login_throttle.hpp"

#include <algorithm>

namespace parlor::server::accounts {

std::string LoginThrottle::handle_entry(const std::string& handle_key) { return "h:" + handle_key; }

std::string LoginThrottle::address_entry(const std::string& address) { return "a:" + address; }

std::chrono::seconds LoginThrottle::wait_after(int failures) {
  if (failures <= kFreeFailures) return std::chrono::seconds{0};
  const int doublings = failures - kFreeFailures - 1;  // the 6th failure waits 1 s
  if (doublings >= 30) return kMaxWait;                // 2^30 s is past any cap
  return std::min(std::chrono::seconds{std::int64_t{1} << doublings}, kMaxWait);
}

std::optional<std::chrono::seconds> LoginThrottle::wait_before(const std::string& handle_key,
                                                               const std::string& address,
                                                               Clock::time_point now) {
  std::lock_guard lock(mutex_);
  forget_old(now);
  const std::optional<std::chrono::seconds> by_handle = wait_of(handle_entry(handle_key), now);
  const std::optional<std::chrono::seconds> by_address = wait_of(address_entry(address), now);
  if (!by_handle) return by_address;
  if (!by_address) return by_handle;
  return std::max(*by_handle, *by_address);
}

void LoginThrottle::failed(const std::string& handle_key, const std::string& address,
                           Clock::time_point now) {
  std::lock_guard lock(mutex_);
  forget_old(now);
  record_failure(handle_entry(handle_key), now);
  record_failure(address_entry(address), now);
}

void LoginThrottle::succeeded(const std::string& handle_key) {
  std::lock_guard lock(mutex_);
  const auto found = records_.find(handle_entry(handle_key));
  if (found == records_.end()) return;
  oldest_first_.erase(found->second.age);
  records_.erase(found);
}

// Whole seconds, rounded up: a client told "0" would try again at once and be refused.
std::optional<std::chrono::seconds> LoginThrottle::wait_of(const std::string& key,
                                                           Clock::time_point now) {
  const auto found = records_.find(key);
  if (found == records_.end() || found->second.next_allowed <= now) return std::nullopt;
  return std::chrono::ceil<std::chrono::seconds>(found->second.next_allowed - now);
}

void LoginThrottle::record_failure(const std::string& key, Clock::time_point now) {
  auto found = records_.find(key);
  if (found == records_.end()) {
    // Full: the key whose last failure is oldest makes room.
    while (!oldest_first_.empty() && records_.size() >= max_keys_) {
      records_.erase(oldest_first_.front());
      oldest_first_.pop_front();
    }
    if (max_keys_ == 0) return;
    found = records_.emplace(key, Record{}).first;
    found->second.age = oldest_first_.insert(oldest_first_.end(), key);
  } else {
    oldest_first_.splice(oldest_first_.end(), oldest_first_, found->second.age);
  }
  Record& record = found->second;
  record.failures = std::min(record.failures + 1, 1000);  // far past the cap; no overflow
  record.last_failure = now;
  record.next_allowed = now + wait_after(record.failures);
}

// Front to back is oldest last failure first (a failure moves its key to the back).
void LoginThrottle::forget_old(Clock::time_point now) {
  while (!oldest_first_.empty()) {
    const auto found = records_.find(oldest_first_.front());
    if (now - found->second.last_failure < kForgetAfter) return;
    records_.erase(found);
    oldest_first_.pop_front();
  }
}

}  // namespace parlor::server::accounts
