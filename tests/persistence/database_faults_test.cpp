// The real parlor-server against databases it must not use: it refuses to start on
// another application's file, a damaged one, or one another process holds, with a
// message that says what to do, and leaves the file as it was. Under a running server:
// a file made read-only holds every move (store_unavailable, /healthz 503) until it is
// writable again; a deleted file is written back from the server's open copy; a file
// replaced by another is never written into. In every case a restart after SIGKILL gives
// back everything the player saw acknowledged.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "tests/persistence/table_player.hpp"
#include "tests/server/server_process.hpp"
#include "tests/server/test_patience.hpp"
#include "tests/support/built_paths.hpp"
#include "tests/support/run_command.hpp"

namespace parlor::testing {
namespace {

using namespace std::chrono_literals;
using Json = nlohmann::json;

class DatabaseFaults : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("parlor-db-faults-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  std::string file(const std::string& name) const { return (dir_ / name).string(); }
  std::string server_as_nobody();

  // Starts the server on `db`; it must exit at once. Returns its exit code and output.
  CommandResult start_refused(const std::string& db) {
    return run_command("timeout 30 " + parlor_server_path() + " --address 127.0.0.1 --port " +
                       std::to_string(free_port()) + " --db " + db + " 2>&1");
  }

  std::filesystem::path dir_;
};

bool run_sql(sqlite3* db, const char* sql) {
  return sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
}

TEST_F(DatabaseFaults, AnotherApplicationsFileIsRefusedAndLeftAlone) {
  std::string db = file("invoices.db");
  sqlite3* handle = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
  ASSERT_TRUE(run_sql(handle, "CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount REAL)"));
  sqlite3_close(handle);
  auto size_before = std::filesystem::file_size(db);

  CommandResult result = start_refused(db);
  EXPECT_EQ(result.exit_code, 1) << result.out;
  EXPECT_NE(result.out.find("is not a Parlor database"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("invoices"), std::string::npos) << result.out;
  EXPECT_EQ(std::filesystem::file_size(db), size_before);
}

TEST_F(DatabaseFaults, ADamagedFileIsRefused) {
  std::string db = file("parlor.db");
  std::ofstream(db) << std::string(16384, 'x');
  CommandResult result = start_refused(db);
  EXPECT_EQ(result.exit_code, 1) << result.out;
  EXPECT_NE(result.out.find("db_corrupt"), std::string::npos) << result.out;
}

TEST_F(DatabaseFaults, AFileHeldByAnotherProcessIsRefused) {
  std::string db = file("parlor.db");
  {
    ServerProcess server(parlor_server_path(), {"--db", db});
    ASSERT_EQ(server.stop(), 0);
  }
  sqlite3* other = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &other), SQLITE_OK);
  ASSERT_TRUE(run_sql(other, "BEGIN EXCLUSIVE"));
  CommandResult result = start_refused(db);  // after the 5 s busy timeout
  run_sql(other, "ROLLBACK");
  sqlite3_close(other);
  EXPECT_EQ(result.exit_code, 1) << result.out;
  EXPECT_NE(result.out.find("locked by another process"), std::string::npos) << result.out;
}

const std::vector<std::string> kFastTable = {"--checkpoint-ms",  "50", "--bot-delay-ms", "0",
                                             "--round-pause-ms", "0",  "--turn-seconds", "0",
                                             "--rate",           "0"};

std::vector<std::string> fast_table_on(const std::string& db) {
  std::vector<std::string> flags = kFastTable;
  flags.insert(flags.end(), {"--db", db});
  return flags;
}

// Polls /healthz until it answers `status` (or the timeout, times the tests' patience);
// its JSON body, or null.
Json wait_for_health(int port, int status, std::chrono::milliseconds timeout) {
  for (auto end = std::chrono::steady_clock::now() + patience(timeout);
       std::chrono::steady_clock::now() < end; std::this_thread::sleep_for(25ms)) {
    std::string response = http_get(port, "/healthz");
    if (http_status(response) == status) return Json::parse(http_body(response), nullptr, false);
  }
  return Json();
}

std::string reason_of(const Json& health) {
  if (!health.is_object() || !health.contains("database")) return "";
  return health["database"].value("reason", "");
}

int count_lines_with(const std::string& text, const std::string& needle) {
  int count = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + needle.size())) {
    ++count;
  }
  return count;
}

// The first message that says where the player's table stands after a restart: its
// match's update, or the room push of a table between two matches (the kill can come
// after a match ended and before the next one started). Null if neither came.
Json first_standing(ClientPool& pool, WsClient& client, const std::string& room_id) {
  return pool.take(client, [&](const Json& m) {
    const std::string type = m.value("type", "");
    if (type == "update") return true;
    return type == "room" && !m.contains("id") && m["room"].is_object() &&
           m["room"].value("id", "") == room_id && m["room"].value("status", "") != "playing";
  });
}

// What the player saw acknowledged must survive the server's death: a restart on the
// same file gives its seat back at that update or later, and every match it saw end
// is in the history. A table found between matches means the match the player was in
// (if it had seen one begin) ended, and that end is in the history too.
void expect_everything_acknowledged_kept(const std::string& db, const TablePlayer& player) {
  ServerProcess again(parlor_server_path(),
                      {"--db", db, "--bot-delay-ms", "60000", "--log-level", "warn"});
  ClientPool pool;
  WsClient* client = pool.connect(again.port());
  ASSERT_NE(client, nullptr);
  ASSERT_EQ(pool.hello(*client, "ana", player.token()).value("type", ""), "welcome");
  Json standing = first_standing(pool, *client, player.room_id());
  ASSERT_TRUE(standing.is_object()) << "neither an update nor the room between matches came";
  const bool between_matches = standing.value("type", "") == "room";
  if (!between_matches) {
    EXPECT_GE(standing.value("seq", -1LL), player.last_seq()) << standing.dump().substr(0, 300);
  }
  Json listed =
      Json::parse(http_body(http_get(again.port(), "/api/matches?limit=100")), nullptr, false);
  int over = 0;
  for (const Json& match : listed.value("matches", Json::array())) {
    over += match.value("status", "") == "over" ? 1 : 0;
  }
  const bool saw_a_match_unfinished = player.last_seq() >= 0;
  EXPECT_GE(over, player.matches_over() + (between_matches && saw_a_match_unfinished ? 1 : 0))
      << listed.dump().substr(0, 300);
  sqlite3* handle = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
  sqlite3_stmt* check = nullptr;
  sqlite3_prepare_v2(handle, "PRAGMA integrity_check", -1, &check, nullptr);
  ASSERT_EQ(sqlite3_step(check), SQLITE_ROW);
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(check, 0)), "ok");
  sqlite3_finalize(check);
  sqlite3_close(handle);
}

// The end of every fault below: the server healthy again and play going on (`moves` more
// of the player's moves), then a SIGKILL. Its log, which never says that a write the
// server had acknowledged was lost.
std::string play_on_then_kill(ServerProcess& server, TablePlayer& player, int moves) {
  EXPECT_TRUE(wait_for_health(server.port(), 200, 5s).is_object());
  EXPECT_EQ(player.play(moves, 30s), moves);
  server.kill_now();
  std::string log = server.log();
  EXPECT_EQ(log.find("failed and is lost"), std::string::npos) << log;
  return log;
}

// As root a read-only file is no fault at all (root writes it anyway, and opens it again
// after a restart): the server runs as `nobody` here, as a packaged server would run.
// A script that runs parlor-server as `nobody`, in the test's folder (made nobody's).
std::string DatabaseFaults::server_as_nobody() {
  constexpr uid_t kNobody = 65534;
  EXPECT_EQ(chown(dir_.c_str(), kNobody, kNobody), 0);
  const std::string wrapper = file("parlor-server-as-nobody");
  std::ofstream(wrapper) << "#!/bin/sh\nexec setpriv --reuid=" << kNobody << " --regid=" << kNobody
                         << " --clear-groups " << parlor_server_path() << " \"$@\"\n";
  EXPECT_EQ(chmod(wrapper.c_str(), 0755), 0);
  return wrapper;
}

// Makes `db` read-only under `server` while the table waits on `player`, and sees the
// server notice: /healthz 503 and the player's move refused.
void make_read_only_at_the_players_turn(const std::string& db, ServerProcess& server,
                                        TablePlayer& player) {
  // The fault comes while the table waits on the player. Were a bot's move accepted just
  // before the server noticed it, that move's messages would be held until the file is
  // writable again, and every later message of the room behind them (in order,
  // protocol/README.md), the refusal of the player's move included. The bots answer the
  // player's last move at once, and under TSan they can still be moving when play()
  // returns: once the refusal never came.
  ASSERT_TRUE(player.wait_for_turn(10s)) << player.state();

  ASSERT_EQ(chmod(db.c_str(), 0444), 0);
  Json health = wait_for_health(server.port(), 503, 5s);
  ASSERT_TRUE(health.is_object()) << "/healthz never answered 503";
  EXPECT_EQ(health.value("status", ""), "degraded") << health.dump();
  EXPECT_NE(reason_of(health).find("no longer writable"), std::string::npos) << health.dump();
  EXPECT_TRUE(player.refused_with("store_unavailable", 5s)) << player.state();
}

// A server (`binary`) on `db`, and a player at a table with bots.
struct TableOnFile {
  TableOnFile(const std::string& binary, const std::string& db)
      : server(binary, fast_table_on(db)), player(pool, server.port(), "ana") {}
  ClientPool pool;
  ServerProcess server;
  TablePlayer player;
};

TEST_F(DatabaseFaults, AFileMadeReadOnlyUnderTheServerHoldsMovesUntilItIsWritableAgain) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root, to run the server as another user";
  const std::string db = file("parlor.db");
  TableOnFile table(server_as_nobody(), db);
  ServerProcess& server = table.server;
  TablePlayer& player = table.player;
  ASSERT_TRUE(player.ready());
  ASSERT_EQ(player.play(30, 30s), 30);
  ASSERT_NO_FATAL_FAILURE(make_read_only_at_the_players_turn(db, server, player));
  // Its moves stay refused while the fault lasts, and no update comes. The table waits on
  // this player, so nothing else could move: that bots wait out an outage is
  // RoomTest.WhileTheStoreCannotWriteMovesAreRefusedAndBotsWait.
  const long long seq_held = player.last_seq();
  EXPECT_EQ(player.play(1, 2500ms), 0);
  EXPECT_EQ(player.last_seq(), seq_held);

  ASSERT_EQ(chmod(db.c_str(), 0644), 0);
  const std::string log = play_on_then_kill(server, player, 30);
  // Once when noticed (and once more by the write outage, if writes were waiting): not
  // once per retry.
  EXPECT_GE(count_lines_with(log, "no longer writable"), 1) << log;
  EXPECT_LE(count_lines_with(log, "no longer writable"), 2) << log;
  EXPECT_NE(log.find("usable again"), std::string::npos) << log;
  expect_everything_acknowledged_kept(db, player);
}

// Stopped (SIGTERM) while the database takes no writes, the server does not wait for it
// forever: the writes it holds (here a newcomer's player row) are retried for the store's
// patience (WriteQueue::kRetryAfterStop, 10 s) and then dropped, and it exits with code 1
// saying so. Nothing a player saw acknowledged is lost. (It used to wait in its last
// flush until killed.)
TEST_F(DatabaseFaults, AServerStoppedWhileItsFileIsReadOnlyExitsWithinItsPatience) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root, to run the server as another user";
  const std::string db = file("parlor.db");
  TableOnFile table(server_as_nobody(), db);
  // References, not a structured binding: clang 15 cannot capture those in a lambda.
  ClientPool& pool = table.pool;
  ServerProcess& server = table.server;
  TablePlayer& player = table.player;
  ASSERT_TRUE(player.ready());
  ASSERT_EQ(player.play(20, 30s), 20);
  ASSERT_NO_FATAL_FAILURE(make_read_only_at_the_players_turn(db, server, player));
  // A newcomer's hello: its player row is a write the outage holds.
  WsClient* newcomer = pool.connect(server.port());
  ASSERT_NE(newcomer, nullptr);
  pool.hello(*newcomer, "bea");
  const auto held = [&] {
    auto values = metrics(server.port());
    return values["parlor_db_writes_total"] > values["parlor_db_writes_committed_total"];
  };
  for (auto end = std::chrono::steady_clock::now() + patience(5s);
       !held() && std::chrono::steady_clock::now() < end;) {
    std::this_thread::sleep_for(25ms);
  }
  ASSERT_TRUE(held()) << http_body(http_get(server.port(), "/metrics"));

  const auto stopping = std::chrono::steady_clock::now();
  // The connections' 5 s to close, then the store's 10 s, and some to spare: killed after.
  const int exit_code = server.stop(/*timeout_ms=*/30000);
  const double took =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - stopping).count();
  const std::string log = server.log();
  EXPECT_EQ(exit_code, 1) << "took " << took << " s\n" << log;
  // Its patience: 5 s for the connections, 10 s for the store, and a little to spare.
  EXPECT_LT(took, std::chrono::duration<double>(patience(20s)).count()) << log;
  EXPECT_NE(log.find("retrying what is held for up to 10 s"), std::string::npos) << log;
  EXPECT_NE(log.find("writes the database would not take"), std::string::npos) << log;
  EXPECT_EQ(log.find("failed and is lost"), std::string::npos) << log;

  ASSERT_EQ(chmod(db.c_str(), 0644), 0);
  expect_everything_acknowledged_kept(db, player);
}

TEST_F(DatabaseFaults, AFileDeletedUnderTheServerIsWrittenBackWithEverythingAcknowledged) {
  const std::string db = file("parlor.db");
  ClientPool pool;
  ServerProcess server(parlor_server_path(), fast_table_on(db));
  TablePlayer player(pool, server.port(), "ana");
  ASSERT_TRUE(player.ready());
  ASSERT_EQ(player.play(30, 30s), 30);

  ASSERT_TRUE(std::filesystem::remove(db));
  // Play goes on while the server notices (within 250 ms: moves made meanwhile are
  // committed into the deleted file, and so are in the copy) and writes its copy back.
  for (auto end = std::chrono::steady_clock::now() + patience(5s);
       !std::filesystem::exists(db) && std::chrono::steady_clock::now() < end;) {
    player.play(1, 100ms);
  }
  EXPECT_TRUE(std::filesystem::exists(db));
  const std::string log = play_on_then_kill(server, player, 30);
  EXPECT_EQ(count_lines_with(log, "was deleted or replaced"), 1) << log;
  EXPECT_EQ(count_lines_with(log, "was written back"), 1) << log;
  expect_everything_acknowledged_kept(db, player);
}

// Another file put where the database was (an operator restoring an older backup over
// it, say) is never written into; moves wait. Moved away, the server writes its own
// copy back and play goes on.
TEST_F(DatabaseFaults, AFileReplacedUnderTheServerIsLeftAloneAndMovesWait) {
  const std::string db = file("parlor.db");
  ClientPool pool;
  ServerProcess server(parlor_server_path(), fast_table_on(db));
  TablePlayer player(pool, server.port(), "ana");
  ASSERT_TRUE(player.ready());
  ASSERT_EQ(player.play(20, 30s), 20);
  ASSERT_TRUE(player.wait_for_turn(10s)) << player.state();  // as for the read-only file

  const std::string other = file("other.db");
  std::ofstream(other) << "not the server's file";
  ASSERT_EQ(std::rename(other.c_str(), db.c_str()), 0);
  Json health = wait_for_health(server.port(), 503, 5s);
  EXPECT_NE(reason_of(health).find("replaced"), std::string::npos) << health.dump();
  EXPECT_TRUE(player.refused_with("store_unavailable", 5s)) << player.state();
  std::this_thread::sleep_for(500ms);
  EXPECT_EQ(std::filesystem::file_size(db), std::string("not the server's file").size());

  ASSERT_EQ(std::rename(db.c_str(), other.c_str()), 0);  // moved away
  const std::string log = play_on_then_kill(server, player, 20);
  EXPECT_NE(log.find("was written back"), std::string::npos) << log;
  expect_everything_acknowledged_kept(db, player);
}

}  // namespace
}  // namespace parlor::testing
