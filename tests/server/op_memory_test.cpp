// The memory of a connection's reads and writes (server/net/op_memory.hpp): blocks come back
// to the thread's lists and are handed out again, within the limits, and Asio really
// takes its operations from it when a handler is bound to OpAllocator.
#include "server/net/op_memory.hpp"

#include <gtest/gtest.h>

#include <boost/asio/bind_allocator.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/local/connect_pair.hpp>
#include <boost/asio/local/stream_protocol.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>

#include <array>
#include <string>
#include <utility>
#include <vector>

namespace parlor::server {
namespace {

namespace net = boost::asio;

// Holds every block the thread's lists keep, and as many more, so that the lists are
// empty: whatever is kept afterwards was freed since. Gives them all back at the end.
class EmptiedLists {
 public:
  EmptiedLists() {
    for (std::size_t bytes = OpMemory::kGranule; bytes <= OpMemory::kLargestPooled;
         bytes += OpMemory::kGranule) {
      for (std::size_t i = 0; i < OpMemory::kKeptPerSize; ++i) {
        taken_.emplace_back(OpMemory::allocate(bytes), bytes);
      }
    }
  }
  ~EmptiedLists() {
    for (auto [block, bytes] : taken_) OpMemory::deallocate(block, bytes);
  }
  EmptiedLists(const EmptiedLists&) = delete;
  EmptiedLists& operator=(const EmptiedLists&) = delete;

 private:
  std::vector<std::pair<void*, std::size_t>> taken_;
};

TEST(OpMemory, AFreedBlockIsHandedOutAgainForAnySizeOfItsClass) {
  EmptiedLists emptied;
  void* block = OpMemory::allocate(1000);
  OpMemory::deallocate(block, 1000);
  // 1000 and 1024 bytes are both served by a 1,024-byte block.
  void* again = OpMemory::allocate(1024);
  EXPECT_EQ(again, block);
  // Another class does not take it.
  OpMemory::deallocate(again, 1024);
  void* smaller = OpMemory::allocate(100);
  EXPECT_NE(smaller, block);
  OpMemory::deallocate(smaller, 100);
  EXPECT_EQ(OpMemory::allocate(1024), block);
  OpMemory::deallocate(block, 1024);
}

TEST(OpMemory, BlocksLargerThanThePooledSizesAreNotKept) {
  EmptiedLists emptied;
  void* large = OpMemory::allocate(OpMemory::kLargestPooled + 1);
  OpMemory::deallocate(large, OpMemory::kLargestPooled + 1);
  EXPECT_EQ(OpMemory::kept_on_this_thread(), 0U);
  void* largest = OpMemory::allocate(OpMemory::kLargestPooled);
  OpMemory::deallocate(largest, OpMemory::kLargestPooled);
  EXPECT_EQ(OpMemory::kept_on_this_thread(), 1U);
}

TEST(OpMemory, AThreadKeepsAtMostTheLimitOfEachSize) {
  EmptiedLists emptied;
  constexpr std::size_t kBytes = 300;
  std::vector<void*> blocks;
  for (std::size_t i = 0; i < 2 * OpMemory::kKeptPerSize; ++i) {
    blocks.push_back(OpMemory::allocate(kBytes));
  }
  for (void* block : blocks) OpMemory::deallocate(block, kBytes);
  EXPECT_EQ(OpMemory::kept_on_this_thread(), OpMemory::kKeptPerSize);
}

TEST(OpAllocator, EveryInstanceIsEqualAndRebinds) {
  OpAllocator<int> ints;
  OpAllocator<double> doubles(ints);
  EXPECT_TRUE(ints == doubles);
  double* value = doubles.allocate(1);
  *value = 2.5;
  EXPECT_EQ(*value, 2.5);
  doubles.deallocate(value, 1);
}

// A handler bound to OpAllocator: Asio's operation for it comes from OpMemory and goes back
// to the thread's lists. If Asio took it from its own recycling allocator instead, the
// lists would stay empty.
TEST(OpAllocator, AsioTakesAPostedHandlersOperationFromIt) {
  net::io_context io;
  EmptiedLists emptied;
  ASSERT_EQ(OpMemory::kept_on_this_thread(), 0U);
  bool ran = false;
  net::post(io, net::bind_allocator(OpAllocator<void>(), [&ran] { ran = true; }));
  io.run();
  EXPECT_TRUE(ran);
  EXPECT_EQ(OpMemory::kept_on_this_thread(), 1U);
}

TEST(OpAllocator, AsioTakesASocketWritesOperationFromIt) {
  net::io_context io;
  net::local::stream_protocol::socket writer(io);
  net::local::stream_protocol::socket reader(io);
  net::local::connect_pair(writer, reader);
  EmptiedLists emptied;
  ASSERT_EQ(OpMemory::kept_on_this_thread(), 0U);

  const std::string text = "a frame's worth of bytes";
  std::size_t written = 0;
  net::async_write(writer, net::buffer(text),
                   net::bind_allocator(OpAllocator<void>(),
                                       [&written](boost::system::error_code ec, std::size_t n) {
                                         EXPECT_FALSE(ec);
                                         written = n;
                                       }));
  io.run();
  EXPECT_EQ(written, text.size());
  EXPECT_GE(OpMemory::kept_on_this_thread(), 1U);

  std::array<char, 64> got{};
  EXPECT_EQ(net::read(reader, net::buffer(got.data(), text.size())), text.size());
  EXPECT_EQ(std::string(got.data(), text.size()), text);
}

}  // namespace
}  // namespace parlor::server
