// The stand-in scheduler without a Room: a real game's match, the room's timers on an
// io_context this test runs, and a `Play` that applies the move to the match and records
// it. As the room does, the play schedules what comes next.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/registry/registry.hpp"
#include "server/room/stand_in_scheduler.hpp"

namespace parlor::server {
namespace {

using namespace std::chrono_literals;

struct Played {
  int seat;
  Json action;
  bool timeout;
  bool was_default;  // the seat's default action when it was played
};

class StandInSchedulerTest : public ::testing::Test {
 protected:
  // `humans` take the first seats, bots (random, then sensible) the rest.
  void open_table(const std::string& game_name, const Json& options, int seats, int humans,
                  StandInScheduler::Timing timing) {
    const GameDefinition& game = *find_game(game_name);
    seating = std::make_unique<Seating>(game, seats, "", 120s);
    for (int seat = 0; seat < seats; ++seat) {
      if (seat < humans) {
        seating->sit(seat, {"p" + std::to_string(seat), "Player", nullptr});
      } else {
        ASSERT_TRUE(
            seating->add_bot(seat, seat % 2 ? BotLevel::kSensible : BotLevel::kRandom).ok());
      }
    }
    MatchConfig config;
    config.options = *game.validate_table(options, seats);
    config.seats = seats;
    config.seed = Seed::from_u64(7);
    auto started = game.new_match(config);
    ASSERT_TRUE(started);
    match = std::move(*started);
    scheduler = std::make_unique<StandInScheduler>("R1", timing, timers, table(),
                                                   Rng(Seed::from_u64(8), 0));
  }

  StandInScheduler::Table table() {
    return {[this] { return match->match_over() ? nullptr : match.get(); },
            [this] { return store_writable; }, *seating,
            [this](int seat, Json action, bool timeout) { return play(seat, action, timeout); }};
  }

  std::optional<Error> play(int seat, const Json& action, bool timeout) {
    played.push_back({seat, action, timeout, action == match->default_action(seat)});
    if (refuse_next) {
      refuse_next = false;
      return Error{"refused", "the test refuses this move"};
    }
    ActionResult result = match->apply(seat, action);
    if (!result.ok()) return result.error;
    if (stop_after_a_move) io.stop();
    scheduler->drop_deadline(seat);
    scheduler->update_deadlines();
    scheduler->schedule();
    return std::nullopt;
  }

  void run_for(std::chrono::milliseconds time) {
    io.restart();
    io.run_for(time);
  }

  boost::asio::io_context io;
  RoomTimers timers{boost::asio::make_strand(io.get_executor())};
  std::unique_ptr<Seating> seating;
  std::unique_ptr<GameState> match;
  std::unique_ptr<StandInScheduler> scheduler;
  bool store_writable = true;
  bool refuse_next = false;
  bool stop_after_a_move = false;
  std::vector<Played> played;
};

const Json kOneLocHand = {{"hands", 1}};
// Two seats play a Loc hand in one discard step and five plays.
constexpr std::size_t kLocHandMoves = 2 * 6;

TEST_F(StandInSchedulerTest, BotsPlayAMatchToItsEnd) {
  open_table("loc", kOneLocHand, 2, 0, {0ms, 0ms});
  scheduler->schedule();
  run_for(5s);
  EXPECT_TRUE(match->match_over());
  EXPECT_EQ(played.size(), kLocHandMoves);
  for (const Played& move : played) EXPECT_FALSE(move.timeout) << move.action.dump();
}

TEST_F(StandInSchedulerTest, AHumansTurnThatRunsOutIsPlayedByDefaultToItsEnd) {
  open_table("perico", Json::object(), 2, 2, {20ms, 0ms});
  const int seat = match->waiting().seats.front();
  const int round = match->round();
  stop_after_a_move = true;  // the turn's moves are played in one go, then the test looks
  scheduler->update_deadlines();
  scheduler->schedule();
  run_for(5s);
  ASSERT_FALSE(played.empty()) << "the turn never ran out";
  for (const Played& move : played) {
    EXPECT_EQ(move.seat, seat);
    EXPECT_TRUE(move.timeout);
    EXPECT_TRUE(move.was_default) << move.action.dump();
  }
  const std::vector<int> waiting = match->waiting().seats;
  EXPECT_TRUE(match->round() != round || waiting != std::vector<int>{seat})
      << "the timed-out turn did not end";
}

TEST_F(StandInSchedulerTest, WhileTheStoreCannotKeepAMoveNobodyIsPlayedFor) {
  open_table("loc", kOneLocHand, 2, 0, {0ms, 0ms});
  store_writable = false;
  scheduler->schedule();
  run_for(200ms);
  EXPECT_TRUE(played.empty());
  store_writable = true;  // the bots try again after kStoreRetryDelay
  run_for(kStoreRetryDelay + 2s);
  EXPECT_TRUE(match->match_over());
  EXPECT_EQ(played.size(), kLocHandMoves);
}

TEST_F(StandInSchedulerTest, ABotMoveThatIsRefusedIsReplacedByTheDefault) {
  open_table("loc", kOneLocHand, 2, 0, {0ms, 0ms});
  refuse_next = true;
  stop_after_a_move = true;
  scheduler->schedule();
  run_for(5s);
  ASSERT_EQ(played.size(), 2u);
  EXPECT_EQ(played[1].seat, played[0].seat);
  EXPECT_TRUE(played[1].was_default);
  EXPECT_FALSE(played[1].timeout);
}

TEST_F(StandInSchedulerTest, NothingIsScheduledWhenNoMatchIsInPlay) {
  open_table("loc", kOneLocHand, 2, 0, {0ms, 0ms});
  match.reset();  // a room whose match has not started
  StandInScheduler idle("R2", {1ms, 0ms}, timers,
                        {[] { return nullptr; }, [] { return true; }, *seating,
                         [this](int seat, Json action, bool timeout) {
                           played.push_back({seat, action, timeout, false});
                           return std::nullopt;
                         }},
                        Rng(Seed::from_u64(9), 0));
  idle.update_deadlines();
  idle.schedule();
  run_for(100ms);
  EXPECT_TRUE(played.empty());
  EXPECT_FALSE(timers.bot_pending());
  EXPECT_EQ(idle.timer_text(StandInScheduler::Clock::now()), "") << "no timer: null";
}

}  // namespace
}  // namespace parlor::server
