// The write queue's commit spacing (write_queue.hpp): once a commit held two writes or
// more, the next begins no sooner than the spacing after it, and takes what came
// meanwhile, until two lone writes in a row end it; a lone write on a quiet queue commits
// at once, and stopping does not wait the spacing out. A fake runner records each batch (its size
// and start), so no database is needed.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "server/store/batch_runner.hpp"
#include "server/store/write_queue.hpp"

namespace parlor::server::store {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

// Runs each batch's writes and records it. hold_next() makes the next batch wait in run()
// until release(), so that writes pushed meanwhile queue up together.
class RecordingRunner : public BatchRunner {
 public:
  struct Batch {
    Clock::time_point began;
    int writes;
  };

  void run(const std::function<void()>& writes) override {
    Clock::time_point began = Clock::now();
    {
      std::unique_lock lock(mutex_);
      if (hold_next_) {
        hold_next_ = false;
        held_ = true;
        changed_.notify_all();
        changed_.wait(lock, [&] { return !held_; });
      }
    }
    writes_in_batch_ = 0;
    writes();
    std::lock_guard lock(mutex_);
    batches_.push_back({began, writes_in_batch_});
  }
  bool is_outage(const std::exception&) const override { return false; }

  // Called by each write (on the writer thread, inside run()).
  void count_write() { ++writes_in_batch_; }

  void hold_next() {
    std::lock_guard lock(mutex_);
    hold_next_ = true;
  }
  // Waits until a held batch is inside run(), then lets it go on once `while_held` ran.
  void release_after(const std::function<void()>& while_held) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return held_; });
    while_held();
    held_ = false;
    changed_.notify_all();
  }
  std::vector<Batch> batches() const {
    std::lock_guard lock(mutex_);
    return batches_;
  }

 private:
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  bool hold_next_ = false;
  bool held_ = false;
  int writes_in_batch_ = 0;  // the writer thread's only
  std::vector<Batch> batches_;
};

struct SpacedQueue {
  explicit SpacedQueue(std::chrono::milliseconds spacing)
      : queue(runner, /*commit_interval=*/0ms, /*max_batch=*/100, spacing) {}
  Ticket push() {
    return queue.push("test", "m1", [this] { runner.count_write(); });
  }
  // One write, whose batch waits in the runner while two more queue behind it; returns
  // once those two are committed together (a batch of two: the load is concurrent).
  void commit_one_then_two_together() {
    runner.hold_next();
    push();
    runner.release_after([&] {
      push();
      push();
    });
    queue.flush();
  }

  RecordingRunner runner;
  WriteQueue queue;
};

std::vector<int> sizes(const std::vector<RecordingRunner::Batch>& batches) {
  std::vector<int> out;
  for (const auto& batch : batches) out.push_back(batch.writes);
  return out;
}

TEST(CommitSpacingTest, WritesThatCameTogetherMakeTheNextCommitWaitAndGather) {
  SpacedQueue spaced(1s);
  spaced.commit_one_then_two_together();
  // Three more at once: the writer wakes for the first, waits for the spacing, and
  // commits all three together.
  spaced.push();
  spaced.push();
  spaced.push();
  spaced.queue.flush();

  const auto batches = spaced.runner.batches();
  ASSERT_EQ(sizes(batches), (std::vector<int>{1, 2, 3}));
  EXPECT_GE(batches[2].began - batches[1].began, 1s);
}

TEST(CommitSpacingTest, TwoLoneWritesInARowEndTheSpacing) {
  // The first lone write after a busy batch is often the first of the next wave (it came
  // as soon as the commit's callbacks went out), so the load ends only at the second.
  SpacedQueue spaced(1500ms);
  spaced.commit_one_then_two_together();
  for (int i = 0; i < 3; ++i) {
    spaced.push();
    spaced.queue.flush();
  }
  const auto batches = spaced.runner.batches();
  ASSERT_EQ(sizes(batches), (std::vector<int>{1, 2, 1, 1, 1}));
  EXPECT_GE(batches[2].began - batches[1].began, 1500ms);  // after the busy batch
  EXPECT_GE(batches[3].began - batches[2].began, 1500ms);  // after one lone write
  EXPECT_LT(batches[4].began - batches[3].began, 1000ms);  // after two: at once
}

TEST(CommitSpacingTest, ALoneWriteCommitsAtOnceWhateverTheSpacing) {
  // One room's moves in a row: each waits for its commit before the next is made, so a
  // spacing here would slow the room to one move per spacing.
  SpacedQueue spaced(60s);
  const Clock::time_point begin = Clock::now();
  for (int i = 0; i < 5; ++i) {
    spaced.push();
    spaced.queue.flush();
  }
  EXPECT_EQ(sizes(spaced.runner.batches()), (std::vector<int>{1, 1, 1, 1, 1}));
  EXPECT_LT(Clock::now() - begin, 30s);  // the spacing would have held the second a minute
}

TEST(CommitSpacingTest, StoppingDoesNotWaitTheSpacingOut) {
  SpacedQueue spaced(60s);
  spaced.commit_one_then_two_together();
  const Ticket last = spaced.push();  // spaced: the writer waits for the spacing to end
  const Clock::time_point begin = Clock::now();
  EXPECT_EQ(spaced.queue.stop(), 0u);
  EXPECT_LT(Clock::now() - begin, 30s);
  EXPECT_EQ(spaced.queue.committed_through(), last);
  EXPECT_EQ(sizes(spaced.runner.batches()), (std::vector<int>{1, 2, 1}));
}

}  // namespace
}  // namespace parlor::server::store
