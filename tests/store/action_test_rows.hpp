// The actions the action-journal tests write and read back (action_journal_test.cpp,
// action_migration_test.cpp): sample rows, a match's ending, its record's actions.
#pragma once

#include <cstdint>
#include <string>

#include "server/store/store.hpp"

namespace parlor::server::store::testing {

constexpr Millis kT0 = 1795335000123;  // 2026-11-22T08:10:00.123Z

inline ActionRow action_row(std::int64_t seq, int seat, Millis at, bool timeout = false) {
  return ActionRow{.seq = seq,
                   .seat = seat,
                   .action = Json{{"type", "play"}, {"card", std::to_string(seq) + "S"}},
                   .timeout = timeout,
                   .at = at};
}

// What the history API lists for `count` actions written by action_row(seq, seq % 3,
// kT0 + seq, seq % 7 == 0).
inline Json listed_actions(std::int64_t count) {
  Json actions = Json::array();
  for (std::int64_t seq = 1; seq <= count; ++seq) {
    ActionRow row = action_row(seq, static_cast<int>(seq % 3), kT0 + seq, seq % 7 == 0);
    actions.push_back({{"seq", seq},
                       {"seat", row.seat},
                       {"action", row.action},
                       {"timeout", row.timeout},
                       {"at", nullptr}});
  }
  return actions;
}

inline void write_actions(Store& store, const std::string& id, std::int64_t from, std::int64_t to) {
  for (std::int64_t seq = from; seq <= to; ++seq) {
    store.action(id, action_row(seq, static_cast<int>(seq % 3), kT0 + seq, seq % 7 == 0));
  }
}

inline void end_match(Store& store, const std::string& id) {
  store.match_ended(
      id, kT0 + 1'000'000,
      Json{{"scores", {1, 2, 3}}, {"placings", {3, 2, 1}}, {"round_results", Json::array()}},
      {SeatResult{.seat = 0, .score = 1, .placing = 3, .figures = {}},
       SeatResult{.seat = 1, .score = 2, .placing = 2, .figures = {}},
       SeatResult{.seat = 2, .score = 3, .placing = 1, .figures = {}}});
}

// The record's actions without their times (checked once, in ActionsKeepEveryField).
inline Json actions_of(Store& store, const std::string& id) {
  auto record = store.match_record(id);
  if (!record) return nullptr;
  Json actions = (*record)["actions"];
  for (Json& action : actions) action["at"] = nullptr;
  return actions;
}

}  // namespace parlor::server::store::testing
