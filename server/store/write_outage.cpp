#include "server/store/write_outage.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "server/store/time_format.hpp"

namespace parlor::server::store {

namespace {

constexpr std::chrono::milliseconds kFirstBackoff{50};
constexpr std::chrono::milliseconds kMaxBackoff{1000};

}  // namespace

std::chrono::milliseconds WriteOutage::failed(const std::string& reason, std::size_t held) {
  std::lock_guard lock(mutex_);
  reason_ = reason;
  ++retries_;
  ++episode_retries_;
  if (!failing_.load(std::memory_order_relaxed)) {
    failing_.store(true, std::memory_order_relaxed);
    ++outages_;
    began_ = std::chrono::steady_clock::now();
    since_millis_ = now_millis();
    backoff_ = kFirstBackoff;
    episode_retries_ = 1;
    spdlog::error(
        "store: writes are failing ({}); {} writes are held and retried until they commit, "
        "and rooms refuse moves meanwhile",
        reason_, held);
    return backoff_;
  }
  backoff_ = std::min(backoff_ * 2, kMaxBackoff);
  return backoff_;
}

void WriteOutage::succeeded(std::size_t held) {
  if (!failing_.load(std::memory_order_relaxed)) return;
  std::lock_guard lock(mutex_);
  failing_.store(false, std::memory_order_relaxed);
  auto lasted = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - began_);
  spdlog::warn("store: writes succeed again after {:.1f} s ({} retries); {} held writes committed",
               static_cast<double>(lasted.count()) / 1000.0, episode_retries_, held);
  reason_.clear();
  since_millis_ = 0;
}

WriteOutage::State WriteOutage::state() const {
  std::lock_guard lock(mutex_);
  return {failing_.load(std::memory_order_relaxed), reason_, since_millis_, outages_, retries_};
}

}  // namespace parlor::server::store
