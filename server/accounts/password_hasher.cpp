#include "server/accounts/password_hasher.hpp"

#include <sodium.h>
#include <sys/resource.h>
#include <unicode/utf8.h>
#include <unistd.h>

#include <algorithm>
#include <memory>
#include <utility>

// What one crypto_pwhash_str costs on the project's machine (2 cores shared with other
// builds, load average 3.8; Debian 12, libsodium 1.0.18, GCC 12 -O2), measured 2026-12-03
// with a one-off program, five hashes each:
//   interactive (ops 2, 64 MiB):  CPU 154-181 ms, wall 154-200 ms (the first, touching its
//                                 64 MiB for the first time, is the slowest)
//   moderate    (ops 3, 256 MiB): CPU 795-846 ms, wall 798-1067 ms
//   minimum     (ops 1, 8 KiB):   0.1-0.2 ms (tests only)
// A verify costs what a hash with the stored text's limits costs.

namespace parlor::server::accounts {

namespace {

constexpr std::size_t kMinPasswordBytes = 8;
constexpr std::size_t kMaxPasswordBytes = 256;
// Below the network threads (as the bot thinker's workers, server/room/bot_thinker.hpp).
constexpr int kWorkerNice = 5;

// Linux gives each thread its own nice value (setpriority on its thread id), inherited
// from the thread that made it. Relative to that: a server started at nice 10 must not
// get hashing threads at 5, above its own network threads. Failing to lower it is
// harmless: the pool still works, only without yielding to play.
void lower_this_threads_priority() {
  const auto thread = static_cast<id_t>(gettid());
  const int own = getpriority(PRIO_PROCESS, thread);
  (void)setpriority(PRIO_PROCESS, thread, std::min(19, own + kWorkerNice));
}

bool sodium_ready() {
  static const bool ready = sodium_init() >= 0;  // 0, or 1 if already done
  return ready;
}

unsigned long long opslimit(HashLimits limits) {
  return limits == HashLimits::kMinimum ? crypto_pwhash_OPSLIMIT_MIN
                                        : crypto_pwhash_OPSLIMIT_INTERACTIVE;
}
std::size_t memlimit(HashLimits limits) {
  return limits == HashLimits::kMinimum ? crypto_pwhash_MEMLIMIT_MIN
                                        : crypto_pwhash_MEMLIMIT_INTERACTIVE;
}

bool is_utf8(std::string_view text) {
  const auto* bytes = reinterpret_cast<const uint8_t*>(text.data());
  const auto length = static_cast<int32_t>(text.size());
  for (int32_t i = 0; i < length;) {
    UChar32 c = 0;
    U8_NEXT(bytes, i, length, c);
    if (c < 0) return false;
  }
  return true;
}

Error server_busy() {
  return Error{"server_busy",
               "too many passwords are being checked just now: try again in a "
               "moment"};
}

// A copy of a password that is wiped when the last job holding it is done with it.
class Secret {
 public:
  // Copies `password`, then wipes the caller's bytes in place (a move would leave a short
  // password's bytes in the moved-from string's own buffer).
  explicit Secret(std::string& password) : text_(password) {
    sodium_memzero(password.data(), password.size());
    password.clear();
  }
  ~Secret() { sodium_memzero(text_.data(), text_.size()); }
  Secret(const Secret&) = delete;
  Secret& operator=(const Secret&) = delete;
  const std::string& text() const { return text_; }

 private:
  std::string text_;
};

}  // namespace

std::optional<Error> check_new_password(std::string_view password) {
  if (password.size() < kMinPasswordBytes) {
    return Error{"bad_password",
                 "a password has at least " + std::to_string(kMinPasswordBytes) + " bytes"};
  }
  if (password.size() > kMaxPasswordBytes) {
    return Error{"bad_password",
                 "a password has at most " + std::to_string(kMaxPasswordBytes) + " bytes"};
  }
  if (!is_utf8(password)) return Error{"bad_password", "a password is UTF-8 text; this one is not"};
  return std::nullopt;
}

Expected<std::string> PasswordHasher::hash_now(std::string_view password, HashLimits limits) {
  if (!sodium_ready()) return Error{"hash_failed", "the password library could not start"};
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str(out, password.data(), password.size(), opslimit(limits),
                        memlimit(limits)) != 0) {
    return Error{"hash_failed", "the password could not be hashed (out of memory)"};
  }
  return std::string(out);
}

bool PasswordHasher::verify_now(std::string_view stored, std::string_view password) {
  if (!sodium_ready() || stored.empty() || stored.size() >= crypto_pwhash_STRBYTES) return false;
  const std::string text(stored);  // NUL-terminated, as libsodium reads it
  return crypto_pwhash_str_verify(text.c_str(), password.data(), password.size()) == 0;
}

PasswordHasher::PasswordHasher(int threads, std::size_t max_waiting, HashLimits limits)
    : limits_(limits), max_waiting_(max_waiting) {
  // The dummy: a hash of random bytes nobody knows, with the same limits as real ones, so
  // that verifying against it costs what verifying a real account's hash costs.
  unsigned char random[32];
  if (sodium_ready()) randombytes_buf(random, sizeof random);
  Expected<std::string> dummy =
      hash_now(std::string_view(reinterpret_cast<const char*>(random), sizeof random), limits_);
  sodium_memzero(random, sizeof random);
  if (dummy.ok()) dummy_hash_ = std::move(dummy).value();
  const int count = std::max(1, threads);
  workers_.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) workers_.emplace_back([this] { run(); });
}

PasswordHasher::~PasswordHasher() {
  std::deque<Job> dropped;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    dropped.swap(jobs_);
  }
  wake_.notify_all();
  // Outside the lock: a callback may well submit again (it is refused: stopping_).
  for (Job& job : dropped) job.refuse();
  dropped.clear();
  for (std::thread& worker : workers_) worker.join();
}

void PasswordHasher::hash(std::string password, std::function<void(Expected<std::string>)> done) {
  auto secret = std::make_shared<const Secret>(password);
  auto answer = std::make_shared<std::function<void(Expected<std::string>)>>(std::move(done));
  const HashLimits limits = limits_;
  Job job{[secret, answer, limits] { (*answer)(hash_now(secret->text(), limits)); },
          [answer] { (*answer)(server_busy()); }};
  if (!submit(std::move(job))) (*answer)(server_busy());
}

void PasswordHasher::verify(std::string stored, std::string password,
                            std::function<void(Expected<bool>)> done) {
  auto secret = std::make_shared<const Secret>(password);
  auto answer = std::make_shared<std::function<void(Expected<bool>)>>(std::move(done));
  const bool known = !stored.empty();
  // An unknown handle: the dummy's cost, and never a match.
  auto against = std::make_shared<const std::string>(known ? std::move(stored) : dummy_hash_);
  Job job{[secret, answer, against, known] {
            const bool match = verify_now(*against, secret->text());
            (*answer)(known && match);
          },
          [answer] { (*answer)(server_busy()); }};
  if (!submit(std::move(job))) (*answer)(server_busy());
}

std::size_t PasswordHasher::waiting() const {
  std::lock_guard lock(mutex_);
  return jobs_.size();
}

bool PasswordHasher::submit(Job job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || jobs_.size() >= max_waiting_) return false;
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
  return true;
}

void PasswordHasher::run() {
  lower_this_threads_priority();
  for (;;) {
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
    if (stopping_) return;  // the destructor answers what is still queued
    Job job = std::move(jobs_.front());
    jobs_.pop_front();
    lock.unlock();
    job.run();
  }
}

}  // namespace parlor::server::accounts
