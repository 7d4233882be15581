// A journal that no longer replays (a changed action, a missing row): recovery aborts only
// that match, on the crash-recovery fixture (crash_recovery_fixture.hpp).
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <map>
#include <string>
#include <vector>

#include "tests/persistence/crash_recovery_fixture.hpp"

namespace parlor::testing {
namespace {

// Runs one statement on the database file (the server is stopped); false on error.
bool execute(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  bool ok = sqlite3_open(path.c_str(), &db) == SQLITE_OK &&
            sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK;
  sqlite3_close(db);
  return ok;
}

// A journal that no longer replays (a changed action, a missing row) marks its match
// aborted with the reason, and its room reopens waiting; the server starts anyway and the
// other matches resume.
TEST_F(CrashRecovery, AJournalThatDoesNotReplayAbortsOnlyItsMatch) {
  start_server();
  Json welcome;
  watcher_ = connect("Watcher", "", &welcome);
  ASSERT_NE(watcher_, nullptr);
  std::vector<std::string> rooms;
  for (int r = 0; r < 3; ++r) {
    Json room = pool_->request(*watcher_,
                               {{"type", "create_room"},
                                {"game", "loc"},
                                {"seats", 3},
                                {"sit", false},
                                {"bot_delay_ms", 40}},
                               kPatience);
    rooms.push_back(room["room"]["id"]);
    for (int s = 0; s < 3; ++s)
      pool_->request(*watcher_, {{"type", "add_bot"}, {"room", rooms.back()}}, kPatience);
    pool_->request(*watcher_, {{"type", "start"}, {"room", rooms.back()}}, kPatience);
  }
  std::map<std::string, std::string> match_of_room;
  ASSERT_TRUE(pool_->wait_for(
      [&] {
        for (const Json& message : watcher_->inbox) {
          if (message.value("type", "") == "deal_commitment") {
            match_of_room[room_of(message)] = message.value("match_id", "");
          }
        }
        std::size_t advanced = 0;
        for (const Json& message : watcher_->inbox) {
          advanced += message.value("type", "") == "update" && message.value("seq", 0) >= 4;
        }
        return match_of_room.size() == 3 && advanced >= 3;
      },
      std::chrono::seconds(20)));
  server_->kill_now();
  pool_.reset();
  const std::string& changed = match_of_room[rooms[0]];
  const std::string& gapped = match_of_room[rooms[1]];
  const std::string& intact = match_of_room[rooms[2]];
  ASSERT_TRUE(
      execute(db_, "UPDATE live_actions SET action = '{\"type\":\"nonsense\"}' WHERE match_id = '" +
                       changed + "' AND seq = 2"));
  ASSERT_TRUE(
      execute(db_, "DELETE FROM live_actions WHERE match_id = '" + gapped + "' AND seq = 2"));

  start_server();  // must start despite the broken journals
  Json first = api_get(*server_, "/api/matches/" + changed);
  EXPECT_EQ(first.value("status", ""), "aborted");
  EXPECT_NE(first.value("abort_reason", "").find("replay_rejected"), std::string::npos)
      << first.dump();
  Json second = api_get(*server_, "/api/matches/" + gapped);
  EXPECT_EQ(second.value("status", ""), "aborted");
  EXPECT_NE(second.value("abort_reason", "").find("journal_gap"), std::string::npos)
      << second.dump();
  EXPECT_EQ(api_get(*server_, "/api/matches/" + intact).value("status", ""), "playing");
  WsClient* watcher = connect("Watcher", "", &welcome);
  ASSERT_NE(watcher, nullptr);
  // The aborted match's room is open again, waiting for a new match (RoomKeeper kept it).
  Json reopened = pool_->request(*watcher, {{"type", "spectate"}, {"room", rooms[0]}}, kPatience);
  EXPECT_EQ(reopened.value("type", ""), "room") << reopened.dump();
  EXPECT_EQ(reopened["room"].value("status", ""), "waiting") << reopened.dump();
  EXPECT_EQ(reopened["room"].value("match", 0), 1) << reopened.dump();
  EXPECT_EQ(pool_->request(*watcher, {{"type", "spectate"}, {"room", rooms[2]}}, kPatience)
                .value("type", ""),
            "room");
}

}  // namespace
}  // namespace parlor::testing
