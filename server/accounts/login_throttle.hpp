// Login back-off, per handle and per address, so that guessing passwords costs an attacker
// hours while a person who mistypes is not locked out (docs/operators.md, "Logins"):
//
// - The first kFreeFailures failed logins of a key (a handle's key, or an IP address) in a
//   row cost nothing; each later one makes that key wait before its next try: 1 s, 2 s,
//   4 s, ... doubling up to kMaxWait (15 minutes).
// - A success clears its handle's record (not the address's: one address may hold a
//   guesser and a member).
// - A key with no failure for kForgetAfter (1 hour) is forgotten; at most kMaxKeys keys are
//   kept (the oldest forgotten first), so a flood of made-up handles cannot fill memory.
//
// A login is tried only when neither its handle nor its address must wait; a refused try
// is answered "login_throttled" with the seconds to wait, and is not counted as a failure.
// Thread-safe.
#pragma once

#include <chrono>
#include <cstddef>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace parlor::server::accounts {

class LoginThrottle {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr int kFreeFailures = 5;
  static constexpr std::chrono::seconds kMaxWait{15 * 60};
  static constexpr std::chrono::seconds kForgetAfter{60 * 60};
  static constexpr std::size_t kMaxKeys = 100000;

  // `max_keys`: kMaxKeys but in tests.
  explicit LoginThrottle(std::size_t max_keys = kMaxKeys) : max_keys_(max_keys) {}

  // How long `handle_key` from `address` must still wait; nothing if it may try now.
  std::optional<std::chrono::seconds> wait_before(const std::string& handle_key,
                                                  const std::string& address,
                                                  Clock::time_point now = Clock::now());
  void failed(const std::string& handle_key, const std::string& address,
              Clock::time_point now = Clock::now());
  void succeeded(const std::string& handle_key);

 private:
  struct Record {
    int failures = 0;
    Clock::time_point last_failure;
    Clock::time_point next_allowed;
    std::list<std::string>::iterator age;
  };
  // The wait after `failures` failures in a row.
  static std::chrono::seconds wait_after(int failures);
  std::optional<std::chrono::seconds> wait_of(const std::string& key, Clock::time_point now);
  void record_failure(const std::string& key, Clock::time_point now);
  void forget_old(Clock::time_point now);

  // Handles and addresses in one map, each under its own prefix (a handle may read
  // "10.0.0.1" too).
  static std::string handle_entry(const std::string& handle_key);
  static std::string address_entry(const std::string& address);

  std::size_t max_keys_;
  std::mutex mutex_;
  std::unordered_map<std::string, Record> records_;
  std::list<std::string> oldest_first_;
};

}  // namespace parlor::server::accounts
