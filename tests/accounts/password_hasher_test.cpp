// Passwords (server/accounts/password_hasher.hpp): Argon2id through libsodium, and the pool
// that hashes them off the network threads with a bounded queue.
#include "server/accounts/password_hasher.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>
#include <algorithm>

#include <chrono>
#include <future>
#include <memory>
#include <string>
#include <thread>

namespace parlor::server::accounts {
namespace {

using namespace std::chrono_literals;

bool starts_with(const std::string& text, std::string_view prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

TEST(CheckNewPassword, Bounds) {
  EXPECT_EQ(check_new_password("").value().code, "bad_password");
  EXPECT_EQ(check_new_password("1234567").value().code, "bad_password");
  EXPECT_FALSE(check_new_password("12345678"));
  EXPECT_FALSE(check_new_password("correct horse battery staple"));
  EXPECT_FALSE(check_new_password("ññññ"));  // 8 bytes, 4 characters
  EXPECT_TRUE(check_new_password("ñññ"));    // 6 bytes
  EXPECT_FALSE(check_new_password(std::string(256, 'x')));
  const std::optional<Error> too_long = check_new_password(std::string(257, 'x'));
  ASSERT_TRUE(too_long);
  EXPECT_EQ(too_long->code, "bad_password");
  EXPECT_NE(too_long->message.find("256"), std::string::npos);
  EXPECT_NE(check_new_password("1234").value().message.find("8"), std::string::npos);
  EXPECT_EQ(check_new_password("12345678\xFF").value().code, "bad_password");
  EXPECT_EQ(check_new_password("1234567\xC3").value().code, "bad_password");
}

TEST(PasswordHasher, HashNowThenVerifyNow) {
  const Expected<std::string> stored =
      PasswordHasher::hash_now("correct horse", HashLimits::kMinimum);
  ASSERT_TRUE(stored.ok()) << stored.error().message;
  EXPECT_TRUE(starts_with(*stored, "$argon2id$")) << *stored;
  EXPECT_EQ(stored->find("correct"), std::string::npos);
  EXPECT_TRUE(PasswordHasher::verify_now(*stored, "correct horse"));
  EXPECT_FALSE(PasswordHasher::verify_now(*stored, "correct horsf"));
  EXPECT_FALSE(PasswordHasher::verify_now(*stored, "Correct horse"));
  EXPECT_FALSE(PasswordHasher::verify_now(*stored, ""));
  EXPECT_FALSE(PasswordHasher::verify_now("", "correct horse"));
  EXPECT_FALSE(PasswordHasher::verify_now("$argon2id$nonsense", "correct horse"));
  EXPECT_FALSE(PasswordHasher::verify_now(std::string(500, '$'), "correct horse"));
  // Salted: the same password hashes differently each time, and both verify.
  const Expected<std::string> again =
      PasswordHasher::hash_now("correct horse", HashLimits::kMinimum);
  ASSERT_TRUE(again.ok());
  EXPECT_NE(*stored, *again);
  EXPECT_TRUE(PasswordHasher::verify_now(*again, "correct horse"));
}

TEST(PasswordHasher, PasswordsWithZeroBytesAndAnyCharacters) {
  const std::string odd("pass\0word\xF0\x9F\x94\x91", 13);
  const Expected<std::string> stored = PasswordHasher::hash_now(odd, HashLimits::kMinimum);
  ASSERT_TRUE(stored.ok());
  EXPECT_TRUE(PasswordHasher::verify_now(*stored, odd));
  EXPECT_FALSE(PasswordHasher::verify_now(*stored, "pass"));  // not cut at the zero
}

TEST(PasswordHasher, InteractiveLimitsByDefault) {
  PasswordHasher hasher(1, 4);  // the server's default limits: one 64 MiB hash (and the dummy)
  std::promise<Expected<std::string>> result;
  hasher.hash("correct horse", [&](Expected<std::string> stored) { result.set_value(stored); });
  const Expected<std::string> stored = result.get_future().get();
  ASSERT_TRUE(stored.ok()) << stored.error().message;
  EXPECT_TRUE(starts_with(*stored, "$argon2id$v=19$m=65536,t=2,p=1$")) << *stored;
  // An older hash, made with other limits, still verifies: its text names them.
  const Expected<std::string> older = PasswordHasher::hash_now("old one!", HashLimits::kMinimum);
  ASSERT_TRUE(older.ok());
  std::promise<Expected<bool>> match;
  hasher.verify(*older, "old one!", [&](Expected<bool> ok) { match.set_value(ok); });
  const Expected<bool> matched = match.get_future().get();
  ASSERT_TRUE(matched.ok());
  EXPECT_TRUE(*matched);
}

TEST(PasswordHasher, PoolHashesAndVerifiesOnItsWorkers) {
  PasswordHasher hasher(2, 8, HashLimits::kMinimum);
  std::promise<std::pair<Expected<std::string>, std::thread::id>> hashed;
  hasher.hash("correct horse", [&](Expected<std::string> stored) {
    hashed.set_value({std::move(stored), std::this_thread::get_id()});
  });
  auto [stored, on] = hashed.get_future().get();
  ASSERT_TRUE(stored.ok()) << stored.error().message;
  EXPECT_NE(on, std::this_thread::get_id());
  EXPECT_TRUE(starts_with(*stored, "$argon2id$"));

  auto verify = [&](std::string against, std::string password) {
    std::promise<Expected<bool>> answer;
    hasher.verify(std::move(against), std::move(password),
                  [&](Expected<bool> ok) { answer.set_value(ok); });
    return answer.get_future().get();
  };
  const Expected<bool> right = verify(*stored, "correct horse");
  ASSERT_TRUE(right.ok());
  EXPECT_TRUE(*right);
  const Expected<bool> wrong = verify(*stored, "wrong horse");
  ASSERT_TRUE(wrong.ok());
  EXPECT_FALSE(*wrong);
  // No such account: checked against the dummy, and never a match, whatever the password.
  for (const char* password : {"correct horse", "", "dummy"}) {
    const Expected<bool> unknown = verify("", password);
    ASSERT_TRUE(unknown.ok());
    EXPECT_FALSE(*unknown);
  }
  EXPECT_EQ(hasher.waiting(), 0u);
}

TEST(PasswordHasher, WorkersRunBelowTheNetworksPriority) {
  PasswordHasher hasher(1, 1, HashLimits::kMinimum);
  std::promise<int> nice_value;
  hasher.hash("correct horse", [&](Expected<std::string>) {
    errno = 0;
    nice_value.set_value(getpriority(PRIO_PROCESS, static_cast<id_t>(gettid())));
  });
  errno = 0;
  const int own = getpriority(PRIO_PROCESS, static_cast<id_t>(gettid()));
  EXPECT_EQ(nice_value.get_future().get(), std::min(19, own + 5));
}

// A pool of one worker kept busy by a job whose answer the test holds up.
struct BlockedPool {
  PasswordHasher hasher{1, 1, HashLimits::kMinimum};  // first: destroyed last
  std::promise<void> release;
  bool released = false;

  BlockedPool() {
    std::promise<void> started;
    hasher.hash("first password",
                [&started, wait = release.get_future().share()](Expected<std::string>) {
                  started.set_value();
                  wait.wait();
                });
    started.get_future().wait();  // the worker holds it: the queue is empty
  }
  ~BlockedPool() { unblock(); }
  void unblock() {
    if (!released) release.set_value();
    released = true;
  }
};

TEST(PasswordHasher, RefusesAtOnceWhenTheQueueIsFull) {
  BlockedPool pool;
  EXPECT_EQ(pool.hasher.waiting(), 0u);
  std::promise<Expected<std::string>> queued;
  pool.hasher.hash("second password", [&](Expected<std::string> r) { queued.set_value(r); });
  EXPECT_EQ(pool.hasher.waiting(), 1u);

  // Full: the third and fourth are refused on this thread, before hash() returns.
  int refused = 0;
  std::thread::id refused_on;
  pool.hasher.hash("third password", [&](Expected<std::string> r) {
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "server_busy");
    EXPECT_FALSE(r.error().message.empty());
    refused_on = std::this_thread::get_id();
    ++refused;
  });
  pool.hasher.verify("", "fourth password", [&](Expected<bool> r) {
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "server_busy");
    ++refused;
  });
  EXPECT_EQ(refused, 2);
  EXPECT_EQ(refused_on, std::this_thread::get_id());
  EXPECT_EQ(pool.hasher.waiting(), 1u);

  // Freed, the queued one is hashed.
  pool.unblock();
  const Expected<std::string> second = queued.get_future().get();
  ASSERT_TRUE(second.ok());
  EXPECT_TRUE(PasswordHasher::verify_now(*second, "second password"));
}

TEST(PasswordHasher, ManyAtOnceAreCountedDeterministically) {
  BlockedPool pool;
  int refused = 0;
  int answered = 0;
  std::promise<void> all_answered;
  const int kJobs = 50;
  for (int i = 0; i < kJobs; ++i) {
    pool.hasher.hash("password " + std::to_string(i), [&](Expected<std::string> r) {
      if (!r.ok() && r.error().code == "server_busy") ++refused;  // on this thread
      if (++answered == kJobs) all_answered.set_value();
    });
  }
  EXPECT_EQ(refused, kJobs - 1);  // all but the one that waits
  pool.unblock();
  all_answered.get_future().wait();
  EXPECT_EQ(refused, kJobs - 1);
}

TEST(PasswordHasher, TheDestructorAnswersTheWaitingJobs) {
  auto hasher = std::make_unique<PasswordHasher>(1, 2, HashLimits::kMinimum);
  std::promise<void> started;
  std::promise<void> release;
  Expected<std::string> first = Error{"", ""};
  hasher->hash("first password", [&, wait = release.get_future().share()](Expected<std::string> r) {
    first = std::move(r);
    started.set_value();
    wait.wait();
  });
  started.get_future().wait();
  std::promise<Expected<std::string>> waiting_hash;
  std::promise<Expected<bool>> waiting_verify;
  hasher->hash("second password", [&](Expected<std::string> r) { waiting_hash.set_value(r); });
  hasher->verify("", "third password", [&](Expected<bool> r) { waiting_verify.set_value(r); });
  EXPECT_EQ(hasher->waiting(), 2u);

  std::thread destroyer([&] { hasher.reset(); });
  // Both waiting jobs are answered while the running one still runs.
  const Expected<std::string> second = waiting_hash.get_future().get();
  ASSERT_FALSE(second.ok());
  EXPECT_EQ(second.error().code, "server_busy");
  const Expected<bool> third = waiting_verify.get_future().get();
  ASSERT_FALSE(third.ok());
  EXPECT_EQ(third.error().code, "server_busy");
  // The running job finishes; then the destructor returns.
  release.set_value();
  destroyer.join();
  ASSERT_TRUE(first.ok());
  EXPECT_TRUE(PasswordHasher::verify_now(*first, "first password"));
}

}  // namespace
}  // namespace parlor::server::accounts
