// When the server moves for seats nobody is playing: it keeps the turn deadlines of the
// seats the match waits for, arms the room's turn and bot timers (RoomTimers) from them,
// and when one fires has StandIns choose the move (a timed-out turn's default, or a
// bot's choice) and plays it through the room's `Play`, which journals and broadcasts it
// like any other move (and calls schedule() again for what comes next).
//
// With a BotThinker (bot_thinker.hpp) the bots' moves are chosen on its workers, never
// on the strand: the seat's view leaves as text, the choice comes back to the strand,
// and it is played only if the table is still where it was (the same match, no move
// since, the seat still a bot's and waited for); otherwise the bot thinks again. The
// room's bot delay counts from when the bot starts thinking: a move chosen within the
// delay waits for its end, one that took longer is played at once (a bot delay of
// 700 ms and a budget of 50 ms look to players as they did before). A full thinker
// queue makes the bot try again after its budget. Without a thinker (tests, tools) the
// bot decides on the strand when its delay ends, as before.
//
// It knows the room only through Table: the match it reads (none while no match is in
// play: not started, paused between rounds, over), whether the store can keep a move,
// the seats and how to play. No room.hpp here, so there is no include cycle and the
// scheduler is tested without a Room (tests/server/stand_in_scheduler_test.cpp).
// Not thread-safe: the room calls it on its strand, where its timers fire too.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"
#include "engine/core/rng.hpp"
#include "server/room/bot_thinker.hpp"
#include "server/room/room_timers.hpp"
#include "server/room/seating.hpp"
#include "server/room/stand_ins.hpp"
#include "server/room/turn_deadlines.hpp"

namespace parlor::server {

// The thinking budget of a bot's move when neither the server (--bot-budget-ms) nor the
// room says otherwise.
inline constexpr std::chrono::milliseconds kDefaultBotBudget{50};

class StandInScheduler {
 public:
  using Clock = std::chrono::steady_clock;

  // What the scheduler reads of its room, and how it plays there.
  struct Table {
    // The match while it is in play (started, not paused, not over); else null.
    std::function<const GameState*()> match_in_play;
    // False while the store cannot keep a move: stand-ins wait and try again.
    std::function<bool()> store_writable;
    // Not const: a human's seat gets a bot's policy the first time a bot plays it.
    Seating& seating;
    Play play;
    // How many moves the match has taken (a thought is played only if none came since).
    std::function<std::int64_t()> sequence = [] { return std::int64_t{0}; };
    // Where bots think; null: on the strand, when their delay ends.
    BotThinker* thinker = nullptr;
  };

  struct Timing {
    std::chrono::milliseconds turn_time;  // 0: no turn timer
    std::chrono::milliseconds bot_delay;
    std::chrono::milliseconds bot_budget{kDefaultBotBudget};  // per move, on a thinker
  };

  // `timers` are the room's (it cancels them all at once); `room_id` names it in the log.
  StandInScheduler(std::string room_id, Timing timing, RoomTimers& timers, Table table, Rng rng);

  // Arms what the match waits for now: the turn timer, and the bot timer when a seat a
  // bot plays is waited for and no bot move is pending yet.
  void schedule();
  // The seats waited for keep their deadlines or get a full turn (all go when no match is
  // in play). The turn timer follows at the next schedule() or arm_turn_timer().
  void update_deadlines();
  // The turn timer at the earliest deadline (cancelled when there is none).
  void arm_turn_timer();
  // `seat` decided, or a bot plays it now: its next decision gets a full turn.
  void drop_deadline(int seat) { deadlines_.erase(seat); }
  // The match paused between rounds, ended, or is about to start: no deadline runs and
  // no stand-in move is pending.
  void stop();
  // An update's "timer" (TurnDeadlines::timer_text).
  std::string timer_text(Clock::time_point now) const { return deadlines_.timer_text(now); }

 private:
  void on_turn_timer();
  // After `delay`, or the room's bot delay.
  void arm_bot_timer(std::optional<Clock::duration> delay = std::nullopt);
  void on_bot_timer();
  bool bot_waits(const GameState& match) const;
  // A bot is waited for: its move is thought on the thinker (false: it cannot be, the
  // policy is none there or the queue is full).
  bool think_on_thinker(const GameState& match);
  // Where a thought stands when it leaves, to tell on its return whether it still holds.
  struct Thought {
    std::uint64_t generation = 0;
    std::int64_t sequence = 0;
    int seat = 0;
    Clock::time_point due;  // the end of the bot delay
  };
  void on_thought(const Thought& thought, std::optional<Json> choice);
  void play_thought(const Thought& thought, const Json& action);
  // The table is where it was when `thought` left.
  bool still_holds(const Thought& thought) const;

  Timing timing_;
  RoomTimers& timers_;
  Table table_;
  TurnDeadlines deadlines_;
  StandIns stand_ins_;
  // A thought is out on the thinker (until it comes back, even if stopped meanwhile).
  bool thinking_ = false;
  // Counts stop()s and thoughts: a thought back from before the latest is dropped.
  std::uint64_t generation_ = 0;
};

}  // namespace parlor::server
