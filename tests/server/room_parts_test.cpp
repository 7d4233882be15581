// The room's small parts alone: a move sent again after a lost connection (ResentMoves),
// the room's timers (RoomTimers, on an io_context this test runs), and the connection
// gate's per-address limit.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "server/connection_gate.hpp"
#include "server/room/resent_moves.hpp"
#include "server/room/room_timers.hpp"

namespace parlor::server {
namespace {

using namespace std::chrono_literals;
using Json = nlohmann::json;

TEST(ResentMoves, OnlyTheSeatsLastMoveAfterWhatTheClientSawCountsAsApplied) {
  ResentMoves moves;
  const Json discard = {{"type", "discard"}, {"card", "7H"}};
  moves.record(2, 15, ResentMoves::text_of(discard));
  EXPECT_EQ(moves.applied_seq(2, discard, 14), 15) << "applied at 15, after the client's 14";
  EXPECT_FALSE(moves.applied_seq(2, discard, 15)) << "the client saw it: a new move";
  EXPECT_FALSE(moves.applied_seq(2, Json{{"type", "pass"}}, 14)) << "another move is new";
  EXPECT_FALSE(moves.applied_seq(1, discard, 14)) << "another seat never moved";
  EXPECT_FALSE(moves.applied_seq(2, Json{{"type", "discard"}, {"card", "7D"}}, 14))
      << "the same kind of move with another card is new";
}

TEST(ResentMoves, RestoredMovesAreRecognised) {
  const Json pass = {{"type", "pass"}};
  ResentMoves moves({{0, SeatMove{7, pass}}});
  EXPECT_EQ(moves.applied_seq(0, pass, 3), 7);
}

class RoomTimersTest : public ::testing::Test {
 protected:
  boost::asio::io_context ioc;
  RoomTimers::Executor strand = boost::asio::make_strand(ioc.get_executor());
  RoomTimers timers{strand};
  std::vector<std::string> fired;

  RoomTimers::Fire record(std::string name) {
    return [this, name] { fired.push_back(name); };
  }
  void run() {
    ioc.run_for(500ms);
    ioc.restart();
  }
};

TEST_F(RoomTimersTest, AFiredTimerCallsItsHandlerAndACancelledOneDoesNot) {
  timers.arm_turn(RoomTimers::Clock::now() + 1ms, record("turn"));
  timers.arm_grace(RoomTimers::Clock::now() + 1ms, record("grace"));
  timers.arm_pause(1h, record("pause"));
  timers.cancel_match();
  run();
  EXPECT_EQ(fired, std::vector<std::string>{"grace"});
}

TEST_F(RoomTimersTest, ArmingAtNothingCancels) {
  timers.arm_turn(RoomTimers::Clock::now() + 1ms, record("turn"));
  timers.arm_turn(std::nullopt, record("never"));
  run();
  EXPECT_TRUE(fired.empty());
}

TEST_F(RoomTimersTest, ABotMoveIsPendingUntilItRunsOrIsCancelled) {
  timers.arm_bot(0ms, record("bot now"));
  EXPECT_TRUE(timers.bot_pending());
  run();
  EXPECT_FALSE(timers.bot_pending());
  EXPECT_EQ(fired, std::vector<std::string>{"bot now"});

  timers.arm_bot(1h, record("bot later"));
  timers.cancel_all();
  run();
  EXPECT_FALSE(timers.bot_pending()) << "a cancelled bot move is no longer pending";
  EXPECT_EQ(fired.size(), 1u);
}

TEST_F(RoomTimersTest, TheEmptyRoomCountdownKeepsItsFirstDeadline) {
  timers.arm_empty(1ms, record("first"));
  timers.arm_empty(1ms, record("second"));  // already counting down: ignored
  run();
  EXPECT_EQ(fired, std::vector<std::string>{"first"});
  timers.arm_empty(1ms, record("again"));  // fired, so it may count down again
  timers.cancel_empty();
  run();
  EXPECT_EQ(fired, std::vector<std::string>{"first"});
}

// The room arms its parts' timers with a plain `this`: each armed handler must keep the
// room alive until it has run or been cancelled, and no longer.
TEST_F(RoomTimersTest, AnArmedHandlerHoldsTheOwnerUntilItHasRunOrBeenCancelled) {
  auto owner = std::make_shared<int>(0);
  RoomTimers held{strand, [&owner] { return std::shared_ptr<const void>(owner); }};
  held.arm_grace(RoomTimers::Clock::now() + 1ms, record("grace"));
  held.arm_bot(0ms, record("bot"));
  held.arm_pause(1h, record("pause"));
  EXPECT_EQ(owner.use_count(), 4);
  held.cancel_all();
  run();
  EXPECT_EQ(owner.use_count(), 1) << "a handler that ran or was cancelled let go of the owner";
  EXPECT_EQ(fired, std::vector<std::string>{"bot"}) << "the bot move was posted before the cancel";
}

TEST(ConnectionGate, AnAddressIsAdmittedUpToItsLimitAndAgainAfterARelease) {
  ConnectionGate gate(2);
  EXPECT_TRUE(gate.admit("10.0.0.1"));
  EXPECT_TRUE(gate.admit("10.0.0.1"));
  EXPECT_FALSE(gate.admit("10.0.0.1"));
  EXPECT_TRUE(gate.admit("10.0.0.2")) << "the limit is per address";
  gate.release("10.0.0.1");
  EXPECT_TRUE(gate.admit("10.0.0.1"));
}

class CountingSession : public Closable {
 public:
  void close_going_away() override { ++closed; }
  int closed = 0;
};

TEST(ConnectionGate, ClosingAllClosesEveryRegisteredSessionOnce) {
  ConnectionGate gate(0);
  auto kept = std::make_shared<CountingSession>();
  auto gone = std::make_shared<CountingSession>();
  gate.register_session(kept);
  gate.register_session(gone);
  gate.unregister_session(gone.get());
  EXPECT_FALSE(gate.closing());
  EXPECT_EQ(gate.close_all(), 1u);
  EXPECT_TRUE(gate.closing());
  EXPECT_EQ(kept->closed, 1);
  EXPECT_EQ(gone->closed, 0);
}

}  // namespace
}  // namespace parlor::server
