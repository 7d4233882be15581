// A token bucket: `burst` messages at once, refilled at `per_second`.
#pragma once

#include <algorithm>
#include <chrono>

namespace parlor::server {

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;

  // `start`: when the bucket is full (a caller with its own clock passes it).
  RateLimiter(double per_second, double burst, Clock::time_point start = Clock::now())
      : per_second_(per_second), burst_(burst), tokens_(burst), last_(start) {}

  // Takes one token if there is one. A rate of 0 or less means unlimited.
  bool try_take(Clock::time_point now = Clock::now()) {
    if (per_second_ <= 0) return true;
    std::chrono::duration<double> elapsed = now - last_;
    last_ = now;
    tokens_ = std::min(burst_, tokens_ + elapsed.count() * per_second_);
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
  }

 private:
  double per_second_;
  double burst_;
  double tokens_;
  Clock::time_point last_;
};

}  // namespace parlor::server
