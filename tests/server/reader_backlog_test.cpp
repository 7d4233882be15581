// The rule for dropping a client that does not read (server/net/reader_backlog.hpp), with
// the clock in the test's hands.
#include "server/net/reader_backlog.hpp"

#include <gtest/gtest.h>

namespace parlor::server {
namespace {

using namespace std::chrono_literals;
using Clock = ReaderBacklog::Clock;

TEST(ReaderBacklog, UnderTheLimitNothingIsDropped) {
  ReaderBacklog backlog(32, 1s);
  const Clock::time_point start{};
  for (std::size_t queued = 0; queued < 32; ++queued) {
    EXPECT_FALSE(backlog.should_drop(queued, /*writes_done=*/0, start + 10s));
  }
}

// The burst of a stalled commit: far past the limit in an instant, the write in flight
// not yet completed. The client is kept; it is dropped only if it takes nothing for the
// grace.
TEST(ReaderBacklog, ABurstPastTheLimitIsKeptForTheGrace) {
  ReaderBacklog backlog(32, 1s);
  const Clock::time_point start{};
  for (std::size_t queued = 32; queued < 100; ++queued) {
    EXPECT_FALSE(backlog.should_drop(queued, 7, start));
  }
  EXPECT_FALSE(backlog.should_drop(100, 7, start + 999ms));
  EXPECT_TRUE(backlog.should_drop(100, 7, start + 1s));
  EXPECT_DOUBLE_EQ(backlog.seconds_behind(start + 1500ms), 1.5);
}

TEST(ReaderBacklog, AClientThatTakesMessagesStartsItsGraceAgain) {
  ReaderBacklog backlog(32, 1s);
  const Clock::time_point start{};
  EXPECT_FALSE(backlog.should_drop(40, 7, start));
  EXPECT_FALSE(backlog.should_drop(40, 8, start + 900ms));  // one write completed
  EXPECT_FALSE(backlog.should_drop(40, 8, start + 1800ms));
  EXPECT_TRUE(backlog.should_drop(40, 8, start + 1900ms));
}

// A client that reads, but slower than its messages come, is dropped at the hard limit:
// the memory a connection holds stays bounded whatever the grace.
TEST(ReaderBacklog, TheHardLimitDropsAtOnce) {
  ReaderBacklog backlog(32, 1s);
  EXPECT_EQ(backlog.hard_limit(), 32 * ReaderBacklog::kHardLimitFactor);
  const Clock::time_point start{};
  std::uint64_t writes = 0;
  for (std::size_t queued = 32; queued < backlog.hard_limit(); ++queued) {
    EXPECT_FALSE(backlog.should_drop(queued, ++writes, start));
  }
  EXPECT_TRUE(backlog.should_drop(backlog.hard_limit(), ++writes, start));
}

}  // namespace
}  // namespace parlor::server
