// The room's small parts alone: a move sent again after a lost connection (ResentMoves),
// the room's timers (RoomTimers, on an io_context this test runs), the turn deadlines and
// the "timer" every update carries (TurnDeadlines), the connection gate's
// per-address limit, and a finished match's results as journaled (final_results).
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "engine/registry/registry.hpp"
#include "server/net/connection_gate.hpp"
#include "server/room/match_journal.hpp"
#include "server/room/resent_moves.hpp"
#include "server/room/room_timers.hpp"
#include "server/room/store_journal.hpp"
#include "server/room/turn_deadlines.hpp"

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

// A move that pushes the turn deadline later keeps the wait already armed (with its
// handler, which then fires early and arms the next): no re-arming at every move.
TEST_F(RoomTimersTest, ALaterTurnDeadlineKeepsTheArmedWaitAndItsHandler) {
  auto owner = std::make_shared<int>(0);
  RoomTimers held{strand, [&owner] { return std::shared_ptr<const void>(owner); }};
  held.arm_turn(RoomTimers::Clock::now() + 20ms, record("armed"));
  held.arm_turn(RoomTimers::Clock::now() + 1h, record("later"));
  EXPECT_EQ(owner.use_count(), 2) << "one wait, holding the owner once";
  run();
  EXPECT_EQ(fired, std::vector<std::string>{"armed"});
  EXPECT_EQ(owner.use_count(), 1);
}

TEST_F(RoomTimersTest, AnEarlierTurnDeadlineReplacesTheArmedWait) {
  timers.arm_turn(RoomTimers::Clock::now() + 1h, record("late"));
  timers.arm_turn(RoomTimers::Clock::now() + 1ms, record("early"));
  run();
  EXPECT_EQ(fired, std::vector<std::string>{"early"});
  // Fired, its expiry is past: the next deadline arms it again.
  timers.arm_turn(RoomTimers::Clock::now() + 5ms, record("again"));
  run();
  EXPECT_EQ(fired, (std::vector<std::string>{"early", "again"}));
}

// A cancelled wait is no wait to keep, however near its deadline was.
TEST_F(RoomTimersTest, AfterACancelTheNextTurnDeadlineIsArmedAfresh) {
  timers.arm_turn(RoomTimers::Clock::now() + 100ms, record("cancelled by the match"));
  timers.cancel_moves();
  timers.arm_turn(RoomTimers::Clock::now() + 150ms, record("first"));
  timers.arm_turn(std::nullopt, record("never"));
  timers.arm_turn(RoomTimers::Clock::now() + 200ms, record("second"));
  run();
  EXPECT_EQ(fired, std::vector<std::string>{"second"});
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

// The update's "timer" is written as text; it must be the bytes the tree's dump gave.
TEST(TurnDeadlines, TheTimerTextIsTheTreesDumpByteForByteAndASeatStillWaitingKeepsItsDeadline) {
  Seating seating(*find_game("perico"), 3, "", 120s);
  for (int seat = 0; seat < 3; ++seat)
    seating.sit(seat, {"p" + std::to_string(seat), "P", nullptr});
  TurnDeadlines deadlines(30s);
  const auto start = TurnDeadlines::Clock::now();
  deadlines.update(Waiting{WaitMode::kSimultaneous, {0, 2}}, seating, start);
  const Json both = {
      {"turn_ms", 30000},
      {"seats", {{{"seat", 0}, {"remaining_ms", 29990}}, {{"seat", 2}, {"remaining_ms", 29990}}}}};
  EXPECT_EQ(deadlines.timer_text(start + 10ms), both.dump());

  // Seat 2 goes on waiting with the deadline it had; seat 0 no longer waits; seat 1 starts.
  deadlines.update(Waiting{WaitMode::kSimultaneous, {1, 2}}, seating, start + 5s);
  const Json later = {
      {"turn_ms", 30000},
      {"seats", {{{"seat", 1}, {"remaining_ms", 30000}}, {{"seat", 2}, {"remaining_ms", 25000}}}}};
  EXPECT_EQ(deadlines.timer_text(start + 5s), later.dump());
  EXPECT_EQ(deadlines.earliest(), start + 30s);
  EXPECT_EQ(deadlines.expired(start + 30s), std::vector<int>{2});
  const Json past = {
      {"turn_ms", 30000},
      {"seats", {{{"seat", 1}, {"remaining_ms", 0}}, {{"seat", 2}, {"remaining_ms", 0}}}}};
  EXPECT_EQ(deadlines.timer_text(start + 1h), past.dump()) << "never below zero";

  deadlines.update(Waiting{}, seating, start + 6s);
  EXPECT_EQ(deadlines.timer_text(start + 6s), "") << "no timer running";
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

// final_results writes the text from the rounds' texts; it must be what the tree it
// replaced was dumped as (the journal's matches.results and "match over" carry it), for
// every game, and its numbers (and each seat's figures) the store's rows per seat.
TEST(FinalResults, AreTheTextATreeOfThemWasForEveryGame) {
  for (const char* name : {"perico", "loc", "pedro", "carioca", "poker"}) {
    SCOPED_TRACE(name);
    const GameDefinition& game = *find_game(name);
    MatchConfig config;
    config.options = *game.validate_table(Json::object(), 4);
    config.seats = 4;
    config.seed = Seed::from_u64(11);
    auto started = game.new_match(config);
    ASSERT_TRUE(started);
    GameState& match = **started;
    const std::unique_ptr<BotPolicy> bot = game.make_bot(BotLevel::kSensible);
    Rng rng(Seed::from_u64(5), 0);
    for (int step = 0; !match.match_over(); ++step) {
      ASSERT_LT(step, 100000) << "the match does not end";
      const int seat = match.waiting().seats.at(0);
      ASSERT_TRUE(match.apply(seat, bot->choose(match.view(seat), rng)).ok());
    }
    ASSERT_GT(match.rounds_finished(), 0u);
    const MatchResults results = final_results(match);
    Json placings = Json::array();
    for (int placing : match.placings()) placings.push_back(placing);
    const Json tree = {{"scores", match.scores()},
                       {"placings", placings},
                       {"round_results", match.round_results()}};
    EXPECT_EQ(results.text, tree.dump(-1, ' ', false, Json::error_handler_t::replace));
    const std::vector<store::SeatResult> seats = seat_results(results);
    ASSERT_EQ(seats.size(), 4u);
    // Each seat's figures are the engine's for the match's rounds, and there are some.
    std::vector<std::string> rounds;
    for (std::size_t round = 0; round < match.rounds_finished(); ++round) {
      rounds.push_back(match.round_result_text(round));
    }
    const Json figures = game.seat_figures(rounds, 4);
    for (int seat = 0; seat < 4; ++seat) {
      EXPECT_EQ(seats[seat].seat, seat);
      EXPECT_EQ(seats[seat].score, static_cast<double>(match.scores()[seat]));
      EXPECT_EQ(seats[seat].placing, match.placings()[seat]);
      EXPECT_EQ(Json::parse(seats[seat].figures), figures[seat]);
      EXPECT_FALSE(figures[seat].empty());
    }
  }
}

}  // namespace
}  // namespace parlor::server
