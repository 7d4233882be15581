// The queue of messages waiting to be written on a connection (server/net/outgoing_queue.hpp).
#include "server/net/outgoing_queue.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace parlor::server {
namespace {

SharedMessage text(int n) { return std::make_shared<const std::string>(std::to_string(n)); }

TEST(OutgoingQueue, MessagesLeaveInTheOrderTheyCame) {
  OutgoingQueue queue;
  EXPECT_TRUE(queue.empty());
  for (int n = 0; n < 5; ++n) queue.push_back(text(n));
  EXPECT_EQ(queue.size(), 5u);
  for (int n = 0; n < 5; ++n) {
    ASSERT_FALSE(queue.empty());
    EXPECT_EQ(*queue.front(), std::to_string(n));
    queue.pop_front();
  }
  EXPECT_TRUE(queue.empty());
  EXPECT_EQ(queue.size(), 0u);
}

// A reader that never quite catches up: one more message arrives before each is sent,
// so the queue never empties. Order holds through the compactions, and a sent message
// is released at once (nothing keeps it alive but the writer).
TEST(OutgoingQueue, AQueueThatNeverEmptiesKeepsItsOrderAndReleasesWhatWasSent) {
  OutgoingQueue queue;
  queue.push_back(text(0));
  std::weak_ptr<const std::string> sent;
  for (int n = 1; n <= 10'000; ++n) {
    queue.push_back(text(n));
    ASSERT_EQ(*queue.front(), std::to_string(n - 1));
    sent = queue.front();
    queue.pop_front();
    ASSERT_TRUE(sent.expired()) << "message " << n - 1 << " still held after it was sent";
    ASSERT_EQ(queue.size(), 1u);
  }
  EXPECT_EQ(*queue.front(), "10000");
}

TEST(OutgoingQueue, ClearDropsEverything) {
  OutgoingQueue queue;
  for (int n = 0; n < 40; ++n) queue.push_back(text(n));
  for (int n = 0; n < 30; ++n) queue.pop_front();
  EXPECT_EQ(*queue.front(), "30");
  queue.clear();
  EXPECT_TRUE(queue.empty());
  queue.push_back(text(7));
  EXPECT_EQ(*queue.front(), "7");
}

// A connection that once fell 1,000 messages behind does not keep room for 1,000 once it
// has caught up (16 KB for each of thousands of such connections).
TEST(OutgoingQueue, AfterABurstTheQueueGivesItsRoomBack) {
  OutgoingQueue queue;
  for (int n = 0; n < 1000; ++n) queue.push_back(text(n));
  ASSERT_GE(queue.capacity(), 1000u);
  while (!queue.empty()) queue.pop_front();
  EXPECT_LE(queue.capacity(), 16u);
  queue.push_back(text(1));  // still usable after giving its room back
  EXPECT_EQ(*queue.front(), "1");
}

}  // namespace
}  // namespace parlor::server
