// The writer's memory of where a live match's actions are (live_match_rows.hpp): seqs in
// order however they come, each once, in its dense form (1, 2, 3...) and after a skipped
// or late seq turned it sparse; rows as set; a row too far from the match's first to keep
// in 32 bits marked far (the match is then read back by a scan, ActionJournalTest); a seq
// outside 32 bits refused.
#include "server/store/sqlite/live_match_rows.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "server/store/sqlite/errors.hpp"

namespace parlor::server::store {
namespace {

using Rows = std::vector<std::pair<std::int64_t, std::int64_t>>;

Rows rows_of(const LiveMatchRows& rows) {
  Rows out;
  rows.for_each([&](std::int64_t seq, std::int64_t row) { out.emplace_back(seq, row); });
  return out;
}

TEST(LiveMatchRows, KeepsSeqsInOrderEachOnceWithTheirRows) {
  LiveMatchRows rows;
  EXPECT_TRUE(rows.add(3, 100));
  EXPECT_TRUE(rows.add(4, 101));
  EXPECT_TRUE(rows.add(1, 102));  // late: put in its place
  EXPECT_TRUE(rows.add(2, 103));
  EXPECT_FALSE(rows.add(4, 104));  // has it already
  EXPECT_FALSE(rows.add(1, 105));
  EXPECT_EQ(rows_of(rows), (Rows{{1, 102}, {2, 103}, {3, 100}, {4, 101}}));
  EXPECT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows.first_row(), 100);
  EXPECT_FALSE(rows.has_far_rows());
}

TEST(LiveMatchRows, ASkippedSeqKeepsEverythingWhenItTurnsSparse) {
  LiveMatchRows rows;
  for (std::int64_t seq = 1; seq <= 300; ++seq) EXPECT_TRUE(rows.add(seq, 1000 + seq));
  EXPECT_FALSE(rows.add(300, 1));  // dense: has it
  EXPECT_FALSE(rows.add(1, 1));
  EXPECT_TRUE(rows.add(302, 2000));                         // 301 skipped
  EXPECT_TRUE(rows.add(301, LiveMatchRows::kNotInserted));  // late
  rows.set_row(301, 2001);
  EXPECT_FALSE(rows.add(150, 1));  // sparse: has it
  Rows expected;
  for (std::int64_t seq = 1; seq <= 300; ++seq) expected.emplace_back(seq, 1000 + seq);
  expected.emplace_back(301, 2001);
  expected.emplace_back(302, 2000);
  EXPECT_EQ(rows_of(rows), expected);
  EXPECT_EQ(rows.size(), 302u);
  EXPECT_EQ(rows.first_row(), 1001);
}

TEST(LiveMatchRows, ARowIsKnownOnceSetAndTheFirstSetIsTheFirstRow) {
  LiveMatchRows rows;
  rows.add(1, LiveMatchRows::kNotInserted);
  rows.add(2, LiveMatchRows::kNotInserted);
  EXPECT_EQ(rows.first_row(), LiveMatchRows::kNotInserted);
  EXPECT_EQ(rows_of(rows), (Rows{{1, 0}, {2, 0}}));
  rows.set_row(1, 5'000'000'000);  // beyond 32 bits itself: only distances are packed
  rows.set_row(2, 5'000'000'007);
  rows.set_row(9, 5'000'000'008);  // not added: nothing
  EXPECT_EQ(rows.first_row(), 5'000'000'000);
  EXPECT_EQ(rows_of(rows), (Rows{{1, 5'000'000'000}, {2, 5'000'000'007}}));
}

TEST(LiveMatchRows, ARowTooFarFromTheFirstIsMarkedFar) {
  LiveMatchRows rows;
  const std::int64_t first = 10;
  rows.add(1, first);
  rows.add(2, first + UINT32_MAX - 2);  // the farthest that is kept
  EXPECT_FALSE(rows.has_far_rows());
  rows.add(3, first + UINT32_MAX - 1);
  EXPECT_TRUE(rows.has_far_rows());
  EXPECT_EQ(rows_of(rows),
            (Rows{{1, first}, {2, first + UINT32_MAX - 2}, {3, LiveMatchRows::kFar}}));
}

TEST(LiveMatchRows, ASeqOutsideThirtyTwoBitsIsRefused) {
  LiveMatchRows rows;
  EXPECT_THROW(rows.add(0, 1), StoreError);
  EXPECT_THROW(rows.add(-1, 1), StoreError);
  EXPECT_THROW(rows.add(std::int64_t{UINT32_MAX} + 1, 1), StoreError);
  EXPECT_TRUE(rows.add(UINT32_MAX, 1));
  EXPECT_EQ(rows.size(), 1u);
}

}  // namespace
}  // namespace parlor::server::store
