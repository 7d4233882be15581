// The bots' thinking pool (server/room/bot_thinker.hpp) alone, then under a Room: its
// queue is bounded, a stop ends thinking under way, a failing bot is reported, and in a
// room the bots think off the strand, their moves come back to be journaled as any
// other, and a room gone while its bot thinks is left alone.
#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <set>
#include <thread>

#include "server/room/bot_thinker.hpp"
#include "tests/server/room_fixture.hpp"

namespace parlor::server::room_testing {
namespace {

// A gate the test opens; policies wait at it and say when they have arrived.
class Gate {
 public:
  // `honour_budget`: the wait also ends when the budget runs out (a stop must end it).
  explicit Gate(bool honour_budget = true) : honour_budget_(honour_budget) {}

  void arrive_and_wait(const ThinkingBudget& budget) {
    std::unique_lock lock(mutex_);
    ++arrived_;
    changed_.notify_all();
    while (!open_ && !(honour_budget_ && budget.out_of_time && budget.out_of_time())) {
      changed_.wait_for(lock, std::chrono::milliseconds(1));
    }
  }
  void wait_for_arrivals(int count) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return arrived_ >= count; });
  }
  void open() {
    std::lock_guard lock(mutex_);
    open_ = true;
    changed_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  int arrived_ = 0;
  bool open_ = false;
  const bool honour_budget_;
};

// Waits at the gate (when it has one), records the thread, then plays as `inner` would.
class RecordingPolicy : public BotPolicy {
 public:
  RecordingPolicy(std::unique_ptr<BotPolicy> inner, Gate* gate, bool fail = false)
      : inner_(std::move(inner)), gate_(gate), fail_(fail) {}
  Json choose(const Json& view, Rng& rng) const override { return inner_->choose(view, rng); }
  Json choose_within(const Json& view, Rng& rng, const ThinkingBudget& budget) const override {
    {
      std::lock_guard lock(mutex_);
      threads.insert(std::this_thread::get_id());
      saw_budget = saw_budget || static_cast<bool>(budget.out_of_time);
    }
    if (gate_) gate_->arrive_and_wait(budget);
    if (fail_) throw std::runtime_error("this bot fails");
    return inner_ ? inner_->choose_within(view, rng, budget) : Json{{"type", "pass"}};
  }

  mutable std::mutex mutex_;
  mutable std::set<std::thread::id> threads;
  mutable bool saw_budget = false;

 private:
  std::unique_ptr<BotPolicy> inner_;
  Gate* gate_;
  bool fail_;
};

// Counts what comes back from the pool.
struct Returns {
  std::mutex mutex;
  std::condition_variable changed;
  int done = 0;
  int chosen = 0;

  std::function<void(std::optional<Json>)> callback() {
    return [this](std::optional<Json> choice) {
      std::lock_guard lock(mutex);
      ++done;
      if (choice) ++chosen;
      changed.notify_all();
    };
  }
  void wait_for(int count) {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return done >= count; });
  }
};

BotThinker::Job job_for(std::shared_ptr<const BotPolicy> policy, Returns& returns,
                        std::chrono::milliseconds budget = std::chrono::milliseconds(50)) {
  return {"{}", std::move(policy), Rng(Seed::from_u64(1), 0), budget, returns.callback()};
}

TEST(BotThinker, RefusesWorkBeyondItsQueueAndThinksTheRest) {
  Gate gate;
  auto waiting = std::make_shared<RecordingPolicy>(nullptr, &gate);
  auto quick = std::make_shared<RecordingPolicy>(nullptr, nullptr);
  Returns returns;
  BotThinker thinker({1, 2});
  ASSERT_TRUE(thinker.submit(job_for(waiting, returns, std::chrono::hours(1))));
  gate.wait_for_arrivals(1);  // the one worker is busy: what follows queues
  EXPECT_TRUE(thinker.submit(job_for(quick, returns)));
  EXPECT_TRUE(thinker.submit(job_for(quick, returns)));
  EXPECT_FALSE(thinker.submit(job_for(quick, returns)));  // full
  EXPECT_EQ(thinker.queued(), 2u);
  gate.open();
  returns.wait_for(3);
  EXPECT_EQ(returns.chosen, 3);
  EXPECT_EQ(thinker.moves_thought(), 3u);
  EXPECT_TRUE(waiting->saw_budget);
  EXPECT_EQ(waiting->threads.count(std::this_thread::get_id()), 0u);
}

TEST(BotThinker, StopEndsThinkingUnderWayAndDropsWhatWaits) {
  Gate never_opened;
  auto waiting = std::make_shared<RecordingPolicy>(nullptr, &never_opened);
  Returns returns;
  BotThinker thinker({1, 8});
  ASSERT_TRUE(thinker.submit(job_for(waiting, returns, std::chrono::hours(1))));
  ASSERT_TRUE(thinker.submit(job_for(waiting, returns, std::chrono::hours(1))));
  never_opened.wait_for_arrivals(1);
  thinker.stop();              // returns only once the hour-long thought has ended
  EXPECT_EQ(returns.done, 1);  // the thought under way reported; the queued one dropped
  EXPECT_FALSE(thinker.submit(job_for(waiting, returns)));
  thinker.stop();  // idempotent
}

TEST(BotThinker, AFailingBotIsReportedAsNoChoice) {
  auto failing = std::make_shared<RecordingPolicy>(nullptr, nullptr, /*fail=*/true);
  Returns returns;
  BotThinker thinker({1, 4});
  ASSERT_TRUE(thinker.submit(job_for(failing, returns)));
  BotThinker::Job unreadable = job_for(failing, returns);
  unreadable.view_text = "{not json";
  ASSERT_TRUE(thinker.submit(std::move(unreadable)));
  returns.wait_for(2);
  EXPECT_EQ(returns.chosen, 0);
}

// Perico whose bots are RecordingPolicy around its own (of the level asked for).
class RecordingGame : public GameDefinition {
 public:
  explicit RecordingGame(Gate* gate) : perico_(*find_game("perico")), gate_(gate) {}
  std::string name() const override { return perico_.name(); }
  std::string title() const override { return perico_.title(); }
  std::string summary() const override { return perico_.summary(); }
  const OptionSchema& option_schema() const override { return perico_.option_schema(); }
  SeatRange seat_range(const Json& options) const override { return perico_.seat_range(options); }
  Expected<std::unique_ptr<GameState>> new_match(const MatchConfig& config) const override {
    return perico_.new_match(config);
  }
  std::unique_ptr<BotPolicy> make_bot(BotLevel level) const override {
    auto made = std::make_unique<RecordingPolicy>(perico_.make_bot(level), gate_);
    policies.push_back(made.get());
    return made;
  }

  mutable std::vector<const RecordingPolicy*> policies;

 private:
  const GameDefinition& perico_;
  Gate* gate_;
};

class RoomBotThinkingTest : public RoomTest {
 protected:
  // Two bots of `level` play; the host watches. The match starts.
  void start_bots_only(const GameDefinition& game, BotLevel level) {
    open_room(2, 0ms, host, /*sit=*/false, [&](RoomSettings& settings) {
      settings.game = &game;  // options validated as Perico's
      settings.bot_budget = 1ms;
    });
    room->add_bot(host.member, 2, std::nullopt, level);
    room->add_bot(host.member, 3, std::nullopt, level);
    room->start(host.member, 4);
    settle();
  }
  // Runs the room's strand until the match is over (the bots think on the pool, so the
  // io_context is often idle in between).
  void run_until_over() {
    auto guard = boost::asio::make_work_guard(io);
    for (int turn = 0; turn < kMostTurns && journal.ended == 0; ++turn) run_for(5ms);
    ASSERT_EQ(journal.ended, 1) << "the match did not end";
  }
  static constexpr int kMostTurns = 100000;  // far more than a match takes; a hang fails

  Player host = make_player("h");
  BotThinker pool{{2, 16}};
};

TEST_F(RoomBotThinkingTest, ExpertBotsPlayAMatchThinkingOffTheStrandJournalFirst) {
  RecordingGame game(nullptr);
  thinker = &pool;
  start_bots_only(game, BotLevel::kExpert);
  run_until_over();
  EXPECT_EQ(journal.started, 1);
  EXPECT_GT(journal.actions, 0);
  // Every move was thought on the pool (none on the strand) and journaled by the room.
  EXPECT_EQ(pool.moves_thought(), static_cast<std::uint64_t>(journal.actions));
  ASSERT_FALSE(game.policies.empty());
  for (const RecordingPolicy* policy : game.policies) {
    EXPECT_EQ(policy->threads.count(std::this_thread::get_id()), 0u);
  }
  EXPECT_EQ(host.connection->of_type("match_over").size(), 1u);
  for (const protocol::SeatSummary& seat : directory.last.seats) {
    EXPECT_EQ(seat.bot_level, "expert");
  }
}

TEST_F(RoomBotThinkingTest, ARoomGoneWhileItsBotThinksIsLeftAlone) {
  Gate gate(/*honour_budget=*/false);
  RecordingGame game(&gate);
  thinker = &pool;
  start_bots_only(game, BotLevel::kSensible);
  gate.wait_for_arrivals(1);  // the first bot is thinking
  std::weak_ptr<Room> gone = room;
  room->shutdown();
  room.reset();
  settle();
  ASSERT_TRUE(gone.expired());  // nothing but the thought refers to it, and only weakly
  const int actions = journal.actions;
  gate.open();
  pool.stop();  // the thought is back: its move was posted to the strand
  settle();
  EXPECT_EQ(journal.actions, actions);
}

}  // namespace
}  // namespace parlor::server::room_testing
