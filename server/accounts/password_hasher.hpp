// Passwords, hashed and checked with Argon2id through libsodium (crypto_pwhash_str), off the
// network threads: a hash takes about 100 ms of one core by design (the interactive limits,
// 64 MiB; docs/operators.md gives today's figure), so it runs on a small pool of its own
// threads with a bounded queue. A login flood fills the queue and is refused at once
// ("server_busy") instead of taking the cores play needs.
//
// A password is never logged, never sent back, and only compared by libsodium's verify
// (constant time). The stored text is libsodium's own ("$argon2id$v=19$m=...,t=...,p=1$..."),
// which names its parameters, so a later change of limits still verifies older hashes.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engine/core/expected.hpp"

namespace parlor::server::accounts {

// A password a person may choose: 8 to 256 bytes of UTF-8 (any characters: a pass phrase
// is welcome). "bad_password" says which rule it breaks.
std::optional<Error> check_new_password(std::string_view password);

enum class HashLimits {
  kInteractive,  // crypto_pwhash_OPSLIMIT/MEMLIMIT_INTERACTIVE: the server's default
  kMinimum,      // crypto_pwhash_*_MIN: tests only, where hundreds of hashes are made
};

class PasswordHasher {
 public:
  // `threads` workers (at least 1) at a lower priority than the network's (nice +5), and
  // at most `max_waiting` jobs queued beyond those running.
  PasswordHasher(int threads, std::size_t max_waiting,
                 HashLimits limits = HashLimits::kInteractive);
  ~PasswordHasher();  // finishes the running jobs; the waiting ones are called with "server_busy"

  PasswordHasher(const PasswordHasher&) = delete;
  PasswordHasher& operator=(const PasswordHasher&) = delete;

  // Hashes `password` on a worker: `done` gets the stored text, or an error
  // ("server_busy" when the queue is full: then `done` runs at once on the caller's thread;
  // "hash_failed" when libsodium could not allocate its memory).
  void hash(std::string password, std::function<void(Expected<std::string>)> done);
  // Checks `password` against `stored` on a worker: `done(true)` if it matches. An empty
  // `stored` (no such account) is checked against a fixed dummy hash, so that an unknown
  // handle costs the same time as a known one. Queue full: `done` gets "server_busy".
  void verify(std::string stored, std::string password, std::function<void(Expected<bool>)> done);

  // The same, synchronously on the calling thread (tools: `parlor admin`, tests).
  static Expected<std::string> hash_now(std::string_view password, HashLimits limits);
  static bool verify_now(std::string_view stored, std::string_view password);

  std::size_t waiting() const;

 private:
  // A queued job: `run` on a worker, or `refuse` ("server_busy") if the pool stops first.
  struct Job {
    std::function<void()> run;
    std::function<void()> refuse;
  };
  void run();
  bool submit(Job job);

  HashLimits limits_;
  std::size_t max_waiting_;
  std::string dummy_hash_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace parlor::server::accounts
