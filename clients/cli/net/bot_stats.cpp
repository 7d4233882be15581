// BotStats: the load generator's counters and each table's clock of accepted moves
// (bot_player.hpp), apart from the bot that feeds them.
#include <algorithm>

#include "clients/cli/net/bot_player.hpp"

namespace parlor::cli::net {

void BotStats::note_table_accept(int table, std::chrono::steady_clock::time_point now) {
  if (!measuring || table < 0 || static_cast<std::size_t>(table) >= table_last_accept.size()) {
    return;
  }
  auto& last = table_last_accept[static_cast<std::size_t>(table)];
  note_wait(table, last, now);
  last = now;
}

int BotStats::close_table_clocks(std::chrono::steady_clock::time_point end,
                                 std::chrono::steady_clock::duration quiet) {
  int stalled = 0;
  for (std::size_t table = 0; table < table_last_accept.size(); ++table) {
    const auto last = table_last_accept[table];
    note_wait(static_cast<int>(table), last, end);
    if (end - last >= quiet) ++stalled;
  }
  return stalled;
}

void BotStats::note_wait(int table, std::chrono::steady_clock::time_point from,
                         std::chrono::steady_clock::time_point to) {
  const double ms = std::chrono::duration<double, std::milli>(to - from).count();
  max_stall_ms = std::max(max_stall_ms, ms);
  if (to - from < kNotableStall || stalls.size() >= kMaxStallsKept) return;
  // Wall-clock start, for matching against the times of faults recorded elsewhere.
  const auto began = std::chrono::system_clock::now() -
                     std::chrono::duration_cast<std::chrono::system_clock::duration>(
                         std::chrono::steady_clock::now() - from);
  stalls.push_back(Stall{
      table,
      std::chrono::duration_cast<std::chrono::milliseconds>(began.time_since_epoch()).count(), ms});
}

}  // namespace parlor::cli::net
