// The replay cache alone: what it keeps, in what order it forgets, and its byte bound.
#include "server/http/replay_cache.hpp"

#include <gtest/gtest.h>

namespace parlor::server {
namespace {

ReplayCache::Text text_of(std::size_t bytes, char fill = 'x') {
  return std::make_shared<const std::string>(bytes, fill);
}

TEST(ReplayCache, ServesWhatItKeptAndCountsHitsAndMisses) {
  ReplayCache cache(100);
  EXPECT_EQ(cache.find("m1#all"), nullptr);
  cache.put("m1#all", text_of(10, 'a'));
  ASSERT_NE(cache.find("m1#all"), nullptr);
  EXPECT_EQ(*cache.find("m1#all"), std::string(10, 'a'));
  EXPECT_EQ(cache.hits(), 2u);
  EXPECT_EQ(cache.misses(), 1u);
  EXPECT_EQ(cache.bytes(), 10u);
}

TEST(ReplayCache, DropsTheLeastRecentlyServedToStayWithinItsBytes) {
  ReplayCache cache(100);
  cache.put("a", text_of(40));
  cache.put("b", text_of(40));
  ASSERT_NE(cache.find("a"), nullptr);  // "b" is now the least recently used
  cache.put("c", text_of(40));
  EXPECT_EQ(cache.find("b"), nullptr);
  EXPECT_NE(cache.find("a"), nullptr);
  EXPECT_NE(cache.find("c"), nullptr);
  EXPECT_EQ(cache.bytes(), 80u);
  EXPECT_EQ(cache.entries(), 2u);
}

TEST(ReplayCache, ReplacingAKeyCountsItsBytesOnce) {
  ReplayCache cache(100);
  cache.put("a", text_of(60));
  cache.put("a", text_of(30));
  EXPECT_EQ(cache.bytes(), 30u);
  EXPECT_EQ(cache.entries(), 1u);
}

TEST(ReplayCache, KeepsNothingLargerThanItself) {
  ReplayCache cache(100);
  cache.put("small", text_of(50));
  cache.put("huge", text_of(101));
  EXPECT_EQ(cache.find("huge"), nullptr);
  EXPECT_NE(cache.find("small"), nullptr) << "a replay too large to keep evicts nothing";
  ReplayCache off(0);
  off.put("a", text_of(1));
  EXPECT_EQ(off.entries(), 0u);
}

TEST(ReplayCache, KeysTellSeatsApart) {
  EXPECT_EQ(replay_cache_key("m1", std::nullopt), "m1#all");
  EXPECT_EQ(replay_cache_key("m1", 2), "m1#2");
  EXPECT_NE(replay_cache_key("m1", -1), replay_cache_key("m1", std::nullopt));
}

}  // namespace
}  // namespace parlor::server
