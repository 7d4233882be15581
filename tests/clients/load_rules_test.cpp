// The two rules `parlor load` shares with bench/loopback_pattern_floor (header-only, so
// that the floor links nothing of Parlor's): the latency percentile it reports, and how it
// paces a client's open loop. The floor is only a floor if both measure alike.
#include <gtest/gtest.h>

#include <chrono>
#include <vector>

#include "clients/cli/net/latency_percentile.hpp"
#include "clients/cli/net/open_loop_slots.hpp"

namespace {

using parlor::cli::net::first_slot;
using parlor::cli::net::percentile;
using parlor::cli::net::slot_after_acting;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

TEST(LatencyPercentile, IsTheNearestRank) {
  const std::vector<double> sorted = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  EXPECT_EQ(percentile(sorted, 0.50), 5);  // 5 of 10 at or below it
  EXPECT_EQ(percentile(sorted, 0.90), 9);
  EXPECT_EQ(percentile(sorted, 0.99), 10);  // rounds the rank up, never down
  EXPECT_EQ(percentile(sorted, 1.00), 10);  // the maximum
  EXPECT_EQ(percentile(sorted, 0.01), 1);
}

TEST(LatencyPercentile, OfNothingIsZeroAndOfOneValueIsIt) {
  EXPECT_EQ(percentile({}, 0.99), 0);
  EXPECT_EQ(percentile({7.5}, 0.01), 7.5);
  EXPECT_EQ(percentile({7.5}, 1.0), 7.5);
}

TEST(OpenLoopSlots, TheFirstFallsWithinTheFirstPeriod) {
  const Clock::time_point now{};
  EXPECT_EQ(first_slot(now, 2.0, 0.0), now);
  EXPECT_EQ(first_slot(now, 2.0, 0.5), now + milliseconds(250));  // half of a 500 ms period
}

TEST(OpenLoopSlots, AnOnTimeClientActsOnePeriodLater) {
  const Clock::time_point slot{std::chrono::seconds(10)};
  EXPECT_EQ(slot_after_acting(slot, slot, 2.0), slot + milliseconds(500));
  // Late by less than the credit: the missed slot still counts, the next is due sooner.
  EXPECT_EQ(slot_after_acting(slot, slot + milliseconds(700), 2.0), slot + milliseconds(500));
}

TEST(OpenLoopSlots, ALateClientMakesUpAtMostOneSecond) {
  const Clock::time_point slot{std::chrono::seconds(10)};
  const Clock::time_point now = slot + std::chrono::seconds(5);
  EXPECT_EQ(slot_after_acting(slot, now, 2.0), now - std::chrono::seconds(1) + milliseconds(500));
}

}  // namespace
