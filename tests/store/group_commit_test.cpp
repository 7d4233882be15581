// Group commit under load: every queued write lands, in far fewer transactions than
// writes; tickets, committed_through, after_commit callbacks (each exactly once, in
// ticket order on the writer thread); readers never see half a batch.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "server/store/sqlite/checkpointer.hpp"
#include "tests/store/store_test_support.hpp"

namespace parlor::server::store {
namespace {

using testing::match;

constexpr int kThreads = 4;
constexpr int kActionsPerThread = 5000;

std::string match_id(int thread) { return "m00000000000" + std::to_string(thread); }

ActionRow numbered_action(std::int64_t seq) {
  return ActionRow{.seq = seq,
                   .seat = static_cast<int>(seq % 4),
                   .action = Json{{"n", seq}},
                   .timeout = false,
                   .at = seq};
}

// An action with about 100 bytes of payload, so rows fill pages as real ones do.
ActionRow padded_action(int seq) {
  return ActionRow{.seq = seq,
                   .seat = 0,
                   .action = Json{{"pad", std::string(100, 'x')}, {"n", seq}},
                   .timeout = false,
                   .at = seq};
}

TEST(GroupCommitTest, ManyThreadsQueueTwentyThousandActionsAndAllLand) {
  testing::TempDir dir;
  auto store = testing::open_store(dir.file("load.db"));
  for (int t = 0; t < kThreads; ++t) {
    store->match_started(match(match_id(t), "perico", t, {"Ann", "Bob", "Cy", "Di"}));
  }

  std::mutex mutex;
  std::vector<Ticket> issued;
  std::vector<Ticket> called;          // in call order
  std::vector<bool> called_by_caller;  // ran at once on the registering thread
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 1; i <= kActionsPerThread; ++i) {
        Ticket ticket = store->action(match_id(t), numbered_action(i));
        {
          std::lock_guard lock(mutex);
          issued.push_back(ticket);
        }
        std::thread::id caller = std::this_thread::get_id();
        store->after_commit(ticket, [&, ticket, caller] {
          std::lock_guard lock(mutex);
          called.push_back(ticket);
          called_by_caller.push_back(std::this_thread::get_id() == caller);
        });
      }
    });
  }
  for (auto& thread : threads) thread.join();
  store->flush();

  constexpr std::size_t kTotal = kThreads * kActionsPerThread;
  Ticket last = kTotal + kThreads;  // the match starts took the first tickets
  EXPECT_EQ(store->committed_through(), last);
  Store::Stats stats = store->stats();
  EXPECT_EQ(stats.writes_queued, last);
  EXPECT_EQ(stats.writes_committed, last);
  EXPECT_EQ(stats.write_errors, 0u);
  EXPECT_EQ(stats.queue_depth, 0u);
  EXPECT_LT(stats.batches * 20, stats.writes_committed) << "batches: " << stats.batches;

  std::lock_guard lock(mutex);
  ASSERT_EQ(called.size(), kTotal);
  EXPECT_EQ(std::set<Ticket>(called.begin(), called.end()),
            std::set<Ticket>(issued.begin(), issued.end()));
  // Callbacks run by the writer (those registered before their ticket committed) run in
  // ticket order; the rest ran at once on the thread that registered them.
  Ticket previous = 0;
  std::size_t on_writer = 0;
  for (std::size_t i = 0; i < called.size(); ++i) {
    if (called_by_caller[i]) continue;
    ++on_writer;
    EXPECT_GT(called[i], previous);
    previous = called[i];
  }
  EXPECT_GT(on_writer, 0u) << "callbacks should wait for their commit";

  auto unfinished = store->load_unfinished_matches();
  ASSERT_EQ(unfinished.size(), static_cast<std::size_t>(kThreads));
  for (const UnfinishedMatch& m : unfinished) {
    ASSERT_EQ(m.actions.size(), static_cast<std::size_t>(kActionsPerThread));
    for (int i = 0; i < kActionsPerThread; ++i) {
      ASSERT_EQ(m.actions[i].seq, i + 1);
      ASSERT_EQ(m.actions[i].action["n"], i + 1);
    }
  }
}

TEST(GroupCommitTest, CallbacksRegisteredBeforeTheCommitRunOnceInTicketOrder) {
  auto store = testing::open_store(":memory:", std::chrono::milliseconds(200));
  store->match_started(match("m1", "perico", 0, {"Ann"}));
  std::vector<Ticket> tickets;
  for (int i = 1; i <= 100; ++i) tickets.push_back(store->action("m1", numbered_action(i)));
  std::vector<Ticket> called;
  // Registered newest first and twice for some; they still run in ticket order.
  for (auto it = tickets.rbegin(); it != tickets.rend(); ++it) {
    Ticket ticket = *it;
    store->after_commit(ticket, [&called, ticket] { called.push_back(ticket); });
  }
  EXPECT_TRUE(called.empty()) << "ran before the commit";
  EXPECT_LT(store->committed_through(), tickets.front());
  store->flush();
  ASSERT_EQ(called, tickets);
  EXPECT_EQ(store->stats().batches, 1u);

  // A ticket already committed: the callback runs at once, on this thread.
  bool ran = false;
  store->after_commit(tickets.back(), [&] { ran = true; });
  EXPECT_TRUE(ran);
}

TEST(GroupCommitTest, QueuedWritesAreInvisibleUntilCommitted) {
  auto store = testing::open_store(":memory:", std::chrono::milliseconds(300));
  Ticket ticket = store->match_started(match("m1", "perico", 0, {"Ann"}));
  // The writer is still gathering its batch: nothing is on disk yet.
  EXPECT_FALSE(store->match_record("m1").has_value());
  EXPECT_LT(store->committed_through(), ticket);
  store->flush();
  EXPECT_TRUE(store->match_record("m1").has_value());
}

TEST(GroupCommitTest, MaxBatchBoundsATransaction) {
  testing::TempDir dir;
  StoreOptions options;
  options.path = dir.file("batch.db");
  options.commit_interval = std::chrono::milliseconds(1000);
  options.max_batch = 10;
  auto store = std::move(Store::open(options)).value();
  store->match_started(match("m1", "perico", 0, {"Ann"}));
  for (int i = 1; i <= 99; ++i) store->action("m1", numbered_action(i));
  auto begin = std::chrono::steady_clock::now();
  store->flush();
  EXPECT_GE(store->stats().batches, 10u);
  // Full batches go at once; only the last partial one could wait for the interval.
  EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::milliseconds(900));
}

TEST(GroupCommitTest, ReadersNeverSeeHalfAWrite) {
  testing::TempDir dir;
  auto store = testing::open_store(dir.file("readers.db"));
  constexpr int kMatches = 150;
  std::atomic<bool> done{false};
  std::atomic<int> checked{0};
  std::atomic<int> torn{0};
  std::thread reader([&] {
    while (!done.load()) {
      Json page = store->list_matches(
          MatchQuery{.player_name = "", .player_id = "", .game = "", .limit = 5, .before = ""});
      for (const Json& summary : page["matches"]) {
        bool over = summary["status"] == "over";
        for (const Json& seat : summary["seats"]) {
          if (over == seat["score"].is_null()) torn.fetch_add(1);
        }
        checked.fetch_add(1);
      }
    }
  });
  for (int i = 0; i < kMatches; ++i) {
    std::string id = "m" + std::to_string(100000 + i);
    store->match_started(match(id, "perico", i, {"Ann", "Bob"}));
    store->match_ended(id, i + 1, Json::object(),
                       {SeatResult{.seat = 0, .score = 1, .placing = 1, .figures = {}},
                        SeatResult{.seat = 1, .score = 0, .placing = 2, .figures = {}}});
    if (i % 10 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  store->flush();
  done = true;
  reader.join();
  EXPECT_EQ(torn.load(), 0);
  EXPECT_GT(checked.load(), 0);
  EXPECT_EQ(store
                ->list_matches(MatchQuery{.player_name = "",
                                          .player_id = "",
                                          .game = "",
                                          .limit = 100,
                                          .before = ""})["matches"]
                .size(),
            100u);
}

TEST(GroupCommitTest, DestroyingTheStoreCommitsEverythingQueued) {
  testing::TempDir dir;
  std::string path = dir.file("drain.db");
  {
    auto store = testing::open_store(path, std::chrono::milliseconds(100));
    store->match_started(match("m1", "perico", 0, {"Ann"}));
    for (int i = 1; i <= 3000; ++i) store->action("m1", numbered_action(i));
    int ran = 0;
    store->after_commit(3001, [&ran] { ++ran; });
    store.reset();
    EXPECT_EQ(ran, 1);
  }
  auto store = testing::open_store(path);
  auto unfinished = store->load_unfinished_matches();
  ASSERT_EQ(unfinished.size(), 1u);
  EXPECT_EQ(unfinished[0].actions.size(), 3000u);
}

namespace checkpoints {

std::uintmax_t file_size(const std::string& path) {
  std::error_code error;
  auto size = std::filesystem::file_size(path, error);
  return error ? 0 : size;
}

// Enough actions for a WAL well past SQLite's own 1000-page checkpoint threshold.
void write_many_actions(Store& store) {
  store.match_started(match("m1", "perico", 0, {"Ann"}));
  for (int i = 1; i <= 30000; ++i) {
    store.action("m1", padded_action(i));
  }
  store.flush();
}

// A store on a fresh file that checkpoints every `interval`, filled with many actions;
// `size_before` is the database file's size before they were written.
struct FilledStore {
  testing::TempDir dir;
  std::string path = dir.file("wal.db");
  std::unique_ptr<Store> store;
  std::uintmax_t size_before = 0;

  explicit FilledStore(std::chrono::milliseconds interval) {
    StoreOptions options;
    options.path = path;
    options.checkpoint_interval = interval;
    store = std::move(Store::open(options)).value();
    size_before = file_size(path);
    write_many_actions(*store);
  }
};

// Past Checkpointer::kWalRestartAbove the writer checkpoints after its commit, with no
// Checkpointer at all here (its interval is an hour), so the WAL starts over from its
// beginning and never reaches the backstop's TRUNCATE at kWalTruncateAbove. Before, the
// writer left everything below the backstop to the Checkpointer, which under steady commits
// never caught up: the WAL grew to 8 MB and was emptied by a TRUNCATE that held the writer
// off (2026-11-28, docs/load.md's history). Chunks of 100 actions add at most 100 commits'
// pages (about 1.2 MB) each, whatever the machine.
TEST(CheckpointTest, TheWriterStartsTheWalOverLongBeforeTheBackstop) {
  testing::TempDir dir;
  const std::string path = dir.file("wal.db");
  StoreOptions options;
  options.path = path;
  options.checkpoint_interval = std::chrono::hours(1);
  std::unique_ptr<Store> store = std::move(Store::open(options)).value();
  const std::uintmax_t size_before = file_size(path);
  constexpr std::uintmax_t kCopiedBack = 1'000'000;
  constexpr std::uintmax_t kWalAtMost = Checkpointer::kWalRestartAbove + 1'500'000;
  static_assert(kWalAtMost < Checkpointer::kWalTruncateAbove);
  store->match_started(match("m1", "perico", 0, {"Ann"}));
  std::uintmax_t largest_wal = 0;
  int actions = 0;
  while (actions < 200'000 && file_size(path) < size_before + kCopiedBack) {
    for (int i = 0; i < 100; ++i) store->action("m1", padded_action(++actions));
    store->flush();
    largest_wal = std::max(largest_wal, file_size(path + "-wal"));
  }
  // The writer copied the WAL back into the file (nothing else checkpoints here)...
  EXPECT_GE(file_size(path), size_before + kCopiedBack) << actions << " actions";
  EXPECT_EQ(store->stats().checkpoints, 0u);
  // ...once it held kWalRestartAbove, and then started it over instead of growing it.
  EXPECT_GT(largest_wal, static_cast<std::uintmax_t>(Checkpointer::kWalRestartAbove) / 2);
  EXPECT_LT(largest_wal, kWalAtMost);
  // Three hundred chunks later (another restart or more), it is still that size.
  for (int chunk = 0; chunk < 300; ++chunk) {
    for (int i = 0; i < 100; ++i) store->action("m1", padded_action(++actions));
    store->flush();
    largest_wal = std::max(largest_wal, file_size(path + "-wal"));
  }
  EXPECT_LT(largest_wal, kWalAtMost);
  auto unfinished = store->load_unfinished_matches();
  ASSERT_EQ(unfinished.size(), 1u);
  EXPECT_EQ(unfinished[0].actions.size(), static_cast<std::size_t>(actions));
}

TEST(CheckpointTest, TheCheckpointerCopiesTheWalIntoTheFileBesideTheWriter) {
  FilledStore filled(std::chrono::milliseconds(20));
  Store* store = filled.store.get();
  const std::uint64_t seen = store->stats().checkpoints;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (store->stats().checkpoints < seen + 2 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_GE(store->stats().checkpoints, seen + 2);
  // The rows now live in the database file itself.
  EXPECT_GT(file_size(filled.path), filled.size_before + 3'000'000u);
  auto unfinished = store->load_unfinished_matches();
  ASSERT_EQ(unfinished.size(), 1u);
  EXPECT_EQ(unfinished[0].actions.size(), 30000u);
}

}  // namespace checkpoints
}  // namespace
}  // namespace parlor::server::store
