// TableChat alone: cleaning, the cap in characters, the per-player allowance over time,
// and mutes.
#include "server/room/table_chat.hpp"

#include <gtest/gtest.h>

namespace parlor::server {
namespace {

using namespace std::chrono_literals;

TEST(TableChat, ControlCharactersBecomeSpacesAndTheEndsAreTrimmed) {
  EXPECT_EQ(clean_chat_text("\t hi\r\nthere\x1b[2J \x7f"), "hi  there [2J");
  EXPECT_EQ(clean_chat_text(" \n "), "");
  // The C1 CSI (C2 9B) goes; a no-break space (C2 A0) stays.
  EXPECT_EQ(clean_chat_text("a\xC2\x9B"
                            "2Jb \xC2\xA0"
                            "c"),
            "a 2Jb \xC2\xA0"
            "c");
  EXPECT_EQ(count_characters("héllo ♠"), 7u);
}

TEST(TableChat, EachPlayerHasAnAllowanceThatRefillsWithTime) {
  TableChat chat;
  const auto start = TableChat::Clock::now();
  for (int i = 0; i < static_cast<int>(kChatBurst); ++i) {
    ASSERT_TRUE(chat.accept("p1", "hi", start).ok()) << i;
  }
  auto refused = chat.accept("p1", "hi", start);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, "chat_rate_limited");
  EXPECT_TRUE(chat.accept("p2", "hi", start).ok()) << "another player's allowance is their own";
  const auto refill = std::chrono::duration_cast<TableChat::Clock::duration>(
      std::chrono::duration<double>(1.0 / kChatLinesPerSecond));
  EXPECT_TRUE(chat.accept("p1", "hi", start + refill).ok());
  EXPECT_FALSE(chat.accept("p1", "hi", start + refill).ok());
}

TEST(TableChat, TheLimitsGivenReplaceTheDefaults) {
  ChatLimits limits;
  limits.burst = 2;
  limits.interval = 10s;
  limits.max_characters = 5;
  TableChat chat(limits);
  const auto start = TableChat::Clock::now();
  EXPECT_TRUE(chat.accept("p1", "hello", start).ok());
  auto too_long = chat.accept("p1", "hello!", start);
  ASSERT_FALSE(too_long.ok());
  EXPECT_EQ(too_long.error().code, "chat_too_long");
  EXPECT_NE(too_long.error().message.find("5 characters"), std::string::npos);
  EXPECT_TRUE(chat.accept("p1", "hi", start).ok());
  EXPECT_FALSE(chat.accept("p1", "hi", start + 9s).ok()) << "the burst of 2 is spent";
  EXPECT_TRUE(chat.accept("p1", "hi", start + 11s).ok()) << "one line per 10 s";

  limits.interval = 0ms;
  TableChat unlimited(limits);
  for (int i = 0; i < 50; ++i) ASSERT_TRUE(unlimited.accept("p1", "hi", start).ok()) << i;
}

TEST(TableChat, AMutedPlayerIsRefusedUntilUnmuted) {
  TableChat chat;
  const auto now = TableChat::Clock::now();
  EXPECT_TRUE(chat.set_muted("p1", true));
  EXPECT_FALSE(chat.set_muted("p1", true));
  auto refused = chat.accept("p1", "hello", now);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, "muted");
  EXPECT_EQ(chat.muted(), std::vector<std::string>{"p1"});
  EXPECT_TRUE(chat.set_muted("p1", false));
  EXPECT_EQ(*chat.accept("p1", "hello", now), "hello");
}

}  // namespace
}  // namespace parlor::server
