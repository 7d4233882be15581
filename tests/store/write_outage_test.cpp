// The store when the database cannot take writes (an outage: write_outage.hpp): nothing
// is dropped, `committed_through` never passes a write that is not on disk, the store says
// so (writable(), health(), stats), and everything held commits by itself once the fault
// goes. The faults are real: a lock held by another connection (as another process would),
// and — when the test may mount one (root) — a full tmpfs. Also: the WAL stays bounded
// while thousands of matches finish.
#include <gtest/gtest.h>
#include <sys/mount.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "server/store/sqlite/checkpointer.hpp"
#include "server/store/sqlite/database.hpp"
#include "tests/store/store_test_support.hpp"

namespace parlor::server::store {
namespace {

using namespace std::chrono_literals;
using testing::match;
using testing::TempDir;

constexpr Millis kT0 = 1795335000123;

ActionRow action_row(std::int64_t seq) {
  return ActionRow{.seq = seq,
                   .seat = static_cast<int>(seq % 3),
                   .action = Json{{"type", "play"}, {"card", std::to_string(seq) + "S"}},
                   .timeout = false,
                   .at = kT0 + seq};
}

Json final_results() {
  return Json{{"scores", {1, 2, 3}}, {"placings", {3, 2, 1}}, {"round_results", Json::array()}};
}

std::vector<SeatResult> seat_results() {
  return {SeatResult{.seat = 0, .score = 1, .placing = 3, .figures = {}},
          SeatResult{.seat = 1, .score = 2, .placing = 2, .figures = {}},
          SeatResult{.seat = 2, .score = 3, .placing = 1, .figures = {}}};
}

MatchQuery limit_query(int limit) {
  MatchQuery query;
  query.limit = limit;
  return query;
}

// A file store that commits every write at once (no gathering interval).
StoreOptions committing_at_once(const std::string& path) {
  StoreOptions options;
  options.path = path;
  options.commit_interval = 0ms;
  return options;
}

// Queues a whole match of `actions` actions, started and ended; returns the last ticket.
Ticket queue_finished_match(Store& store, const std::string& id, int actions) {
  store.match_started(match(id, "loc", kT0, {"Ann", "bot1", "bot2"}));
  for (int seq = 1; seq <= actions; ++seq) store.action(id, action_row(seq));
  return store.match_ended(id, kT0 + 1000, final_results(), seat_results());
}

std::unique_ptr<Store> open_with(const StoreOptions& options) {
  auto opened = Store::open(options);
  EXPECT_TRUE(opened.ok()) << opened.error().code << ": " << opened.error().message;
  return opened.ok() ? std::move(opened).value() : nullptr;
}

// Waits up to `limit` for `condition`.
template <class Condition>
bool eventually(Condition condition, std::chrono::milliseconds limit = 10s) {
  auto end = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < end) {
    if (condition()) return true;
    std::this_thread::sleep_for(5ms);
  }
  return condition();
}

std::size_t unfinished_actions(Store& store, const std::string& id) {
  for (const UnfinishedMatch& m : store.load_unfinished_matches()) {
    if (m.start.id == id) return m.actions.size();
  }
  return 0;
}

TEST(WriteOutage, LockedDatabaseHoldsWritesAndCommitsThemOnceFreed) {
  TempDir dir;
  StoreOptions options = committing_at_once(dir.file("parlor.db"));
  options.busy_timeout = 50ms;
  auto store = open_with(options);
  ASSERT_TRUE(store);
  store->match_started(match("m1", "loc", kT0, {"Ann", "bot1", "bot2"}));
  for (int seq = 1; seq <= 5; ++seq) store->action("m1", action_row(seq));
  store->flush();
  ASSERT_TRUE(store->writable());

  // Another process takes the database (as `sqlite3 parlor.db 'BEGIN EXCLUSIVE'` would).
  sql::Database other(options.path);
  other.exec("BEGIN EXCLUSIVE");
  std::atomic<int> callbacks{0};
  Ticket last = 0;
  for (int seq = 6; seq <= 40; ++seq) {
    last = store->action("m1", action_row(seq));
    store->after_commit(last, [&] { callbacks.fetch_add(1); });
  }
  ASSERT_TRUE(eventually([&] { return !store->writable(); }));
  Store::Health health = store->health();
  EXPECT_FALSE(health.writable);
  EXPECT_NE(health.reason.find("locked"), std::string::npos) << health.reason;
  EXPECT_GT(health.since, 0);
  std::this_thread::sleep_for(300ms);  // several retries, none of which may drop a write
  EXPECT_LT(store->committed_through(), last);
  EXPECT_EQ(callbacks.load(), 0);
  Store::Stats during = store->stats();
  EXPECT_TRUE(during.write_failing);
  EXPECT_EQ(during.write_outages, 1u);
  EXPECT_GE(during.write_retries, 2u);

  other.exec("ROLLBACK");
  store->flush();
  EXPECT_TRUE(store->writable());
  EXPECT_GE(store->committed_through(), last);
  EXPECT_EQ(callbacks.load(), 35);
  Store::Stats after = store->stats();
  EXPECT_FALSE(after.write_failing);
  EXPECT_EQ(after.write_errors, 0u);
  EXPECT_EQ(after.writes_committed, after.writes_queued);
  EXPECT_EQ(unfinished_actions(*store, "m1"), 40u);
}

TEST(WriteOutage, OneBadWriteIsNotAnOutage) {
  TempDir dir;
  auto store = testing::open_store(dir.file("parlor.db"), 0ms);
  // An action for a match that does not exist is refused by the database itself: it is
  // dropped (and counted), and never stops the writes around it.
  store->action("no-such-match", action_row(1));
  store->match_started(match("m1", "loc", kT0, {"Ann", "bot1", "bot2"}));
  store->action("m1", action_row(1));
  store->flush();
  EXPECT_TRUE(store->writable());
  Store::Stats stats = store->stats();
  EXPECT_EQ(stats.write_errors, 1u);
  EXPECT_EQ(stats.write_outages, 0u);
  EXPECT_EQ(unfinished_actions(*store, "m1"), 1u);
}

// The case of the hardening issue: the database on a tiny filesystem that fills during
// play. Needs a tmpfs of its own, so root; skipped otherwise.
class FullDisk : public ::testing::Test {
 protected:
  void SetUp() override {
    mount_point_ = dir_.path() / "small";
    std::filesystem::create_directories(mount_point_);
    if (geteuid() != 0 || mount("tmpfs", mount_point_.c_str(), "tmpfs", 0, "size=1m") != 0) {
      GTEST_SKIP() << "cannot mount a tmpfs here (needs root): the full-disk case is skipped";
    }
    mounted_ = true;
  }
  void TearDown() override {
    if (mounted_) umount2(mount_point_.c_str(), MNT_DETACH);
  }
  bool grow(const char* size) {
    std::string options = std::string("size=") + size;
    return mount("tmpfs", mount_point_.c_str(), "tmpfs", MS_REMOUNT, options.c_str()) == 0;
  }

  TempDir dir_;
  std::filesystem::path mount_point_;
  bool mounted_ = false;
};

TEST_F(FullDisk, WritesWaitForSpaceAndNothingIsLost) {
  StoreOptions options = committing_at_once((mount_point_ / "parlor.db").string());
  auto store = open_with(options);
  ASSERT_TRUE(store);
  // Finished matches with long action lists fill 1 MB quickly.
  constexpr int kMatches = 200;
  constexpr int kActions = 60;
  Ticket last = 0;
  for (int m = 0; m < kMatches; ++m) {
    last = queue_finished_match(*store, "m" + std::to_string(m), kActions);
  }
  ASSERT_TRUE(eventually([&] { return !store->writable(); }))
      << "the tmpfs never filled; the test proves nothing";
  EXPECT_NE(store->health().reason.find("full"), std::string::npos) << store->health().reason;
  EXPECT_LT(store->committed_through(), last);

  ASSERT_TRUE(grow("64m"));
  store->flush();
  EXPECT_TRUE(store->writable());
  Store::Stats stats = store->stats();
  EXPECT_EQ(stats.write_errors, 0u);
  EXPECT_EQ(stats.writes_committed, stats.writes_queued);
  Json listed = store->list_matches(limit_query(100));
  int over = 0;
  for (const Json& row : listed["matches"]) over += row["status"] == "over";
  EXPECT_EQ(over, 100);
  auto record = store->match_record("m0");
  ASSERT_TRUE(record);
  EXPECT_EQ((*record)["actions"].size(), static_cast<std::size_t>(kActions));
  EXPECT_TRUE(store->load_unfinished_matches().empty());
}

// Thousands of matches finishing, one commit each: the WAL must not grow with them (it
// did, by 0.8 MB/s, while a statement left on a row held the writer's read snapshot).
TEST(WalBound, StaysUnderItsBoundWhileMatchesFinish) {
  TempDir dir;
  StoreOptions options = committing_at_once(dir.file("parlor.db"));
  options.checkpoint_interval = 5ms;
  auto store = open_with(options);
  ASSERT_TRUE(store);
  std::string wal = options.path + "-wal";
  std::uintmax_t largest = 0;
  for (int m = 0; m < 3000; ++m) {
    queue_finished_match(*store, "m" + std::to_string(m), 30);
    store->flush();
    if (m % 50 == 0) store->list_matches(limit_query(5));  // a reader now and then
    std::error_code error;
    largest = std::max(largest, std::filesystem::file_size(wal, error));
  }
  // Let the checkpointer catch up with the last commits.
  std::this_thread::sleep_for(100ms);
  std::error_code error;
  std::uintmax_t final_size = std::filesystem::file_size(wal, error);
  EXPECT_LT(largest, static_cast<std::uintmax_t>(Checkpointer::kWalBound));
  EXPECT_LE(final_size, static_cast<std::uintmax_t>(Checkpointer::kWalTruncateAbove));
  // Each match's record was written (the WAL's content reached the file or is in it).
  auto record = store->match_record("m2999");
  ASSERT_TRUE(record);
  EXPECT_EQ((*record)["actions"].size(), 30u);
  Store::Stats stats = store->stats();
  EXPECT_GT(stats.checkpoints, 0u);
  EXPECT_EQ(stats.checkpoint_errors, 0u);
  std::cout << "largest WAL " << largest << " bytes, final " << final_size << " bytes, "
            << stats.checkpoints << " checkpoints\n";
}

}  // namespace
}  // namespace parlor::server::store
