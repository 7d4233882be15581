// A room's five timers, all on its strand, in one place: each is armed with what to call
// when it fires (never when it is cancelled or armed again), and one call stops them all.
//
// The room decides when and what; this class only keeps the Asio timers and the two
// flags that belong to them (a bot move is pending; the empty-room countdown runs), so
// that no timer is cancelled in one place and its flag reset in another. Every armed
// handler holds the timers' owner (the room) until it has run, so the room's parts may
// arm a timer with a plain `this` of their own.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

namespace parlor::server {

class RoomTimers {
 public:
  // The room's executor: a strand of its own, or the io_context that one thread runs.
  using Executor = boost::asio::any_io_executor;
  using Clock = std::chrono::steady_clock;
  // Runs on the strand when a timer fires.
  using Fire = std::function<void()>;
  // What each armed handler holds until it has run or been cancelled: the owner, so that
  // it outlives its timers' handlers (none: the owner sees to that itself).
  using HoldOwner = std::function<std::shared_ptr<const void>()>;

  explicit RoomTimers(const Executor& strand, HoldOwner hold_owner = {});

  // The earliest turn deadline (TurnDeadlines), or nothing to wait for (cancelled). A
  // wait already armed to end at or before `when` is kept, with its handler: the turn
  // timer's handler must allow for firing early (the room's looks at which deadlines
  // passed, and arms the timer again at the next).
  void arm_turn(std::optional<Clock::time_point> when, Fire on_fire);
  void arm_turn_after(Clock::duration wait, Fire on_fire);
  // The next bot move after `wait` (at once, posted, when zero); pending until it runs or
  // is cancelled.
  void arm_bot(Clock::duration wait, Fire on_fire);
  bool bot_pending() const { return bot_pending_; }
  // The pause between rounds: turn and bot timers stop until it ends.
  void arm_pause(Clock::duration wait, Fire on_fire);
  // The earliest end of a disconnected player's grace period, or nothing (cancelled).
  void arm_grace(std::optional<Clock::time_point> when, Fire on_fire);
  // The room has been empty since now: closes it after `wait` unless cancelled first.
  // Armed once; arming it again while it runs keeps the first deadline.
  void arm_empty(Clock::duration wait, Fire on_fire);
  void cancel_empty();

  // How a thread that is not the strand's (a bot thinker's worker) hands work back: the
  // function returned posts `on_fire` to the strand, where it runs only if the owner
  // still lives then (it is held weakly: a room closed while its bot thinks is simply
  // gone). Made on the strand while the owner lives; called from any thread.
  using Post = std::function<void(Fire on_fire)>;
  Post weak_poster() const;

  // The timers that drive a running match: the turn deadline, the next bot move, the
  // pause between rounds.
  void cancel_match();
  // The turn and bot timers (a pause between rounds begins).
  void cancel_moves();
  // Everything (shutdown, the room closing).
  void cancel_all();

 private:
  Executor strand_;
  boost::asio::steady_timer turn_;
  boost::asio::steady_timer bot_;
  boost::asio::steady_timer pause_;
  boost::asio::steady_timer grace_;
  boost::asio::steady_timer empty_;
  bool bot_pending_ = false;
  bool empty_armed_ = false;
  HoldOwner hold_owner_;

  // `on_fire`, holding the owner until it has run (or been dropped, cancelled).
  Fire held(Fire on_fire) const;
};

}  // namespace parlor::server
