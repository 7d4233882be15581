// The login back-off (server/accounts/login_throttle.hpp), on an injected clock.
#include "server/accounts/login_throttle.hpp"

#include <gtest/gtest.h>

#include <string>

namespace parlor::server::accounts {
namespace {

using std::chrono::seconds;
using Time = LoginThrottle::Clock::time_point;

const Time kStart = Time{} + std::chrono::hours(1000);

TEST(LoginThrottle, FiveFreeFailuresThenDoublingWaits) {
  LoginThrottle throttle;
  Time now = kStart;
  for (int i = 0; i < LoginThrottle::kFreeFailures; ++i) {
    EXPECT_FALSE(throttle.wait_before("ana", "10.0.0.1", now)) << i;
    throttle.failed("ana", "10.0.0.1", now);
  }
  EXPECT_FALSE(throttle.wait_before("ana", "10.0.0.1", now));
  const int expected[] = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900};
  for (int wait : expected) {
    throttle.failed("ana", "10.0.0.1", now);
    const auto must_wait = throttle.wait_before("ana", "10.0.0.1", now);
    ASSERT_TRUE(must_wait);
    EXPECT_EQ(*must_wait, seconds(wait));
    // Half-way it still waits (rounded up), at the end it may try.
    const auto half = throttle.wait_before("ana", "10.0.0.1", now + seconds(wait) / 2);
    if (wait > 1) {
      ASSERT_TRUE(half);
      EXPECT_EQ(*half, seconds(wait - wait / 2));
    }
    now += seconds(wait);
    EXPECT_FALSE(throttle.wait_before("ana", "10.0.0.1", now));
  }
}

TEST(LoginThrottle, WaitsRoundUpToWholeSeconds) {
  LoginThrottle throttle;
  for (int i = 0; i < 6; ++i) throttle.failed("ana", "a", kStart);
  const auto wait = throttle.wait_before("ana", "a", kStart + std::chrono::milliseconds(1));
  ASSERT_TRUE(wait);
  EXPECT_EQ(*wait, seconds(1));
}

TEST(LoginThrottle, AnAddressIsThrottledAcrossHandles) {
  LoginThrottle throttle;
  for (int i = 0; i < 6; ++i) throttle.failed("user" + std::to_string(i), "10.0.0.9", kStart);
  // A handle it never tried is still held back from that address...
  const auto wait = throttle.wait_before("someone", "10.0.0.9", kStart);
  ASSERT_TRUE(wait);
  EXPECT_EQ(*wait, seconds(1));
  // ...but not from another address, and those handles had one failure each.
  EXPECT_FALSE(throttle.wait_before("someone", "10.0.0.10", kStart));
  EXPECT_FALSE(throttle.wait_before("user0", "10.0.0.10", kStart));
}

TEST(LoginThrottle, AHandleIsThrottledAcrossAddresses) {
  LoginThrottle throttle;
  for (int i = 0; i < 7; ++i) throttle.failed("ana", "10.0.0." + std::to_string(i), kStart);
  const auto wait = throttle.wait_before("ana", "192.168.1.1", kStart);
  ASSERT_TRUE(wait);
  EXPECT_EQ(*wait, seconds(2));
  EXPECT_FALSE(throttle.wait_before("bob", "192.168.1.1", kStart));
}

TEST(LoginThrottle, TheLongerOfTheTwoWaitsCounts) {
  LoginThrottle throttle;
  for (int i = 0; i < 8; ++i) throttle.failed("ana", "a" + std::to_string(i), kStart);  // 4 s
  for (int i = 0; i < 6; ++i) throttle.failed("b" + std::to_string(i), "10.0.0.1", kStart);
  EXPECT_EQ(throttle.wait_before("ana", "10.0.0.1", kStart), seconds(4));
}

TEST(LoginThrottle, AHandleAndAnAddressThatReadAlikeAreApart) {
  LoginThrottle throttle;
  for (int i = 0; i < 6; ++i) throttle.failed("10.0.0.1", "a" + std::to_string(i), kStart);
  EXPECT_TRUE(throttle.wait_before("10.0.0.1", "elsewhere", kStart));
  EXPECT_FALSE(throttle.wait_before("ana", "10.0.0.1", kStart));
}

TEST(LoginThrottle, SuccessClearsTheHandleNotTheAddress) {
  LoginThrottle throttle;
  for (int i = 0; i < 6; ++i) throttle.failed("ana", "10.0.0.1", kStart);
  ASSERT_TRUE(throttle.wait_before("ana", "10.0.0.2", kStart));
  throttle.succeeded("ana");
  EXPECT_FALSE(throttle.wait_before("ana", "10.0.0.2", kStart));
  // The address still waits.
  EXPECT_EQ(throttle.wait_before("ana", "10.0.0.1", kStart), seconds(1));
  // And the handle starts again from nothing: five free failures.
  for (int i = 0; i < 5; ++i) throttle.failed("ana", "10.0.0.2", kStart);
  EXPECT_FALSE(throttle.wait_before("ana", "10.0.0.2", kStart));
  throttle.succeeded("nobody");  // no record: nothing happens
}

TEST(LoginThrottle, ForgetsAKeyAnHourAfterItsLastFailure) {
  LoginThrottle throttle;
  for (int i = 0; i < 15; ++i) throttle.failed("ana", "10.0.0.1", kStart);  // 512 s
  const Time later = kStart + LoginThrottle::kForgetAfter - seconds(1);
  // Its wait is over, but it is remembered: its 16th failure waits 1024 s, capped at 900 s.
  EXPECT_FALSE(throttle.wait_before("ana", "10.0.0.1", later));
  throttle.failed("ana", "10.0.0.1", later);
  EXPECT_EQ(throttle.wait_before("ana", "10.0.0.1", later), seconds(900));
  // An hour after that failure, both keys are forgotten: five free failures again.
  const Time forgotten = later + LoginThrottle::kForgetAfter;
  EXPECT_FALSE(throttle.wait_before("ana", "10.0.0.1", forgotten));
  for (int i = 0; i < 5; ++i) throttle.failed("ana", "10.0.0.1", forgotten);
  EXPECT_FALSE(throttle.wait_before("ana", "10.0.0.1", forgotten));
  throttle.failed("ana", "10.0.0.1", forgotten);
  EXPECT_EQ(throttle.wait_before("ana", "10.0.0.1", forgotten), seconds(1));
}

TEST(LoginThrottle, KeepsAtMostMaxKeysOldestForgottenFirst) {
  EXPECT_EQ(LoginThrottle::kMaxKeys, 100000u);
  // 4 keys: two handles and their one address each.
  LoginThrottle throttle(4);
  for (int i = 0; i < 6; ++i) throttle.failed("old", "1.1.1.1", kStart);
  ASSERT_TRUE(throttle.wait_before("old", "9.9.9.9", kStart));
  for (int i = 0; i < 7; ++i) throttle.failed("mid", "2.2.2.2", kStart + seconds(1));  // 2 s
  // A flood of made-up handles from one address pushes the oldest keys out.
  throttle.failed("flood1", "2.2.2.2", kStart + seconds(2));
  throttle.failed("flood2", "2.2.2.2", kStart + seconds(2));
  const Time now = kStart + seconds(2);
  EXPECT_FALSE(throttle.wait_before("old", "9.9.9.9", now));  // forgotten
  EXPECT_FALSE(throttle.wait_before("x", "1.1.1.1", now));    // forgotten
  EXPECT_TRUE(throttle.wait_before("mid", "9.9.9.9", now));   // kept
  EXPECT_TRUE(throttle.wait_before("x", "2.2.2.2", now));     // kept, and renewed
}

TEST(LoginThrottle, TheDefaultCapHoldsUnderAFlood) {
  LoginThrottle throttle;
  const Time now = kStart;
  for (std::size_t i = 0; i < LoginThrottle::kMaxKeys + 10; ++i) {
    throttle.failed("h" + std::to_string(i), "10.0.0.1", now);
  }
  // The first handles were pushed out; the address, failing all along, stayed.
  for (int i = 0; i < 5; ++i) throttle.failed("h0", "elsewhere", now);
  EXPECT_FALSE(throttle.wait_before("h0", "elsewhere", now));
  EXPECT_EQ(throttle.wait_before("new", "10.0.0.1", now), LoginThrottle::kMaxWait);
}

}  // namespace
}  // namespace parlor::server::accounts
