#include "server/room/room_timers.hpp"

#include <boost/asio/post.hpp>

namespace parlor::server {

namespace net = boost::asio;

namespace {

// A wait's completion: `on_fire` only when the timer expired (not cancelled, not re-armed).
auto when_fired(RoomTimers::Fire on_fire) {
  return [on_fire = std::move(on_fire)](boost::system::error_code ec) {
    if (!ec) on_fire();
  };
}

// No deadline cancels. The handler is made (`make_handler`: the room's callback holding the
// room, a heap allocation) only when there is a wait to give it to: a room without turn
// timers is given no deadline after every move.
template <class MakeHandler>
void arm_at(net::steady_timer& timer, std::optional<RoomTimers::Clock::time_point> when,
            MakeHandler make_handler) {
  if (!when) {
    timer.cancel();
    return;
  }
  timer.expires_at(*when);
  timer.async_wait(when_fired(make_handler()));
}

// Cancels the turn timer's wait and puts its expiry in the past: an expiry still ahead
// then always means a wait is armed (arm_turn relies on it).
void disarm(net::steady_timer& turn) { turn.expires_at(RoomTimers::Clock::time_point::min()); }

}  // namespace

// Every timer runs its handlers on the room's strand: the handlers need no binding.
RoomTimers::RoomTimers(const Executor& strand, HoldOwner hold_owner)
    : strand_(strand),
      turn_(strand),
      bot_(strand),
      pause_(strand),
      grace_(strand),
      empty_(strand),
      hold_owner_(std::move(hold_owner)) {}

RoomTimers::Fire RoomTimers::held(Fire on_fire) const {
  if (!hold_owner_) return on_fire;
  return [owner = hold_owner_(), on_fire = std::move(on_fire)] { on_fire(); };
}

RoomTimers::Post RoomTimers::weak_poster() const {
  if (!hold_owner_) {  // the owner sees to its lifetime itself
    return [strand = strand_](Fire on_fire) { net::post(strand, std::move(on_fire)); };
  }
  return [strand = strand_, owner = std::weak_ptr<const void>(hold_owner_())](Fire on_fire) {
    net::post(strand, [owner, on_fire = std::move(on_fire)] {
      if (std::shared_ptr<const void> alive = owner.lock()) on_fire();
    });
  };
}

// After every move the room gives the turn timer its deadline again: the same one (a draw
// before its discard) or a later one (the next seat's full turn), rarely an earlier one.
// Re-arming cost a cancelled wait run through the strand, a new wait and the handler's
// allocation each time. A wait already armed to end no later than `when` is kept instead:
// it fires early, its handler finds no deadline passed and arms the timer at the one then
// due, so a room re-arms about once a turn time, not once a move. A wait is armed exactly
// when the timer's expiry is ahead of now, since every cancel of this timer (disarm) puts
// the expiry in the past: the expiry is that state, kept nowhere else.
void RoomTimers::arm_turn(std::optional<Clock::time_point> when, Fire on_fire) {
  if (!when) return disarm(turn_);
  const Clock::time_point armed_until = turn_.expiry();
  if (armed_until > Clock::now() && armed_until <= *when) return;
  arm_at(turn_, when, [&] { return held(std::move(on_fire)); });
}

void RoomTimers::arm_turn_after(Clock::duration wait, Fire on_fire) {
  turn_.expires_after(wait);
  turn_.async_wait(when_fired(held(std::move(on_fire))));
}

// The handler lives no longer than the owner (it holds it), and this object is the owner's.
void RoomTimers::arm_bot(Clock::duration wait, Fire on_fire) {
  on_fire = held(std::move(on_fire));
  bot_pending_ = true;
  if (wait.count() == 0) {
    net::post(strand_, [this, on_fire = std::move(on_fire)] {
      bot_pending_ = false;
      on_fire();
    });
    return;
  }
  bot_.expires_after(wait);
  bot_.async_wait([this, on_fire = std::move(on_fire)](boost::system::error_code ec) {
    bot_pending_ = false;
    if (!ec) on_fire();
  });
}

void RoomTimers::arm_pause(Clock::duration wait, Fire on_fire) {
  pause_.expires_after(wait);
  pause_.async_wait(when_fired(held(std::move(on_fire))));
}

void RoomTimers::arm_grace(std::optional<Clock::time_point> when, Fire on_fire) {
  arm_at(grace_, when, [&] { return held(std::move(on_fire)); });
}

void RoomTimers::arm_empty(Clock::duration wait, Fire on_fire) {
  if (empty_armed_) return;
  empty_armed_ = true;
  empty_.expires_after(wait);
  empty_.async_wait([this, on_fire = held(std::move(on_fire))](boost::system::error_code ec) {
    if (ec) return;  // cancelled: cancel_empty() already cleared the flag
    empty_armed_ = false;
    on_fire();
  });
}

void RoomTimers::cancel_empty() {
  if (empty_armed_) empty_.cancel();
  empty_armed_ = false;
}

void RoomTimers::cancel_moves() {
  disarm(turn_);
  bot_.cancel();
}

void RoomTimers::cancel_match() {
  cancel_moves();
  pause_.cancel();
}

void RoomTimers::cancel_all() {
  cancel_match();
  grace_.cancel();
  cancel_empty();
}

}  // namespace parlor::server
