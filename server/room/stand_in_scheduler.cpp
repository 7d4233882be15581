#include "server/room/stand_in_scheduler.hpp"

#include <algorithm>
#include <utility>

namespace parlor::server {

StandInScheduler::StandInScheduler(std::string room_id, Timing timing, RoomTimers& timers,
                                   Table table, Rng rng)
    : timing_(timing),
      timers_(timers),
      table_(std::move(table)),
      deadlines_(timing.turn_time),
      stand_ins_(std::move(room_id), std::move(rng)) {}

void StandInScheduler::schedule() {
  const GameState* match = table_.match_in_play();
  if (!match) return;
  arm_turn_timer();
  if (!timers_.bot_pending() && bot_waits(*match)) arm_bot_timer();
}

bool StandInScheduler::bot_waits(const GameState& match) const {
  const Waiting waiting = match.waiting();
  return std::any_of(waiting.seats.begin(), waiting.seats.end(),
                     [&](int seat) { return table_.seating.seat(seat).bot_played(); });
}

void StandInScheduler::update_deadlines() {
  const GameState* match = table_.match_in_play();
  if (deadlines_.enabled() && match) {
    deadlines_.update(match->waiting(), table_.seating, Clock::now());
  } else {
    deadlines_.clear();
  }
}

void StandInScheduler::stop() {
  deadlines_.clear();
  timers_.cancel_moves();
}

// The timers hold the room until their handlers run, and this object is the room's.
void StandInScheduler::arm_turn_timer() {
  timers_.arm_turn(deadlines_.earliest(), [this] { on_turn_timer(); });
}

void StandInScheduler::on_turn_timer() {
  const GameState* match = table_.match_in_play();
  if (!match) return;
  if (!table_.store_writable()) {  // the default moves wait until they can be kept
    return timers_.arm_turn_after(kStoreRetryDelay, [this] { on_turn_timer(); });
  }
  const auto in_play = [this] { return table_.match_in_play() != nullptr; };
  for (int seat : deadlines_.expired(Clock::now())) {
    stand_ins_.play_timeout(*match, seat, table_.seating, in_play, table_.play);
  }
  update_deadlines();
  arm_turn_timer();
}

void StandInScheduler::arm_bot_timer(std::optional<Clock::duration> delay) {
  timers_.arm_bot(delay.value_or(timing_.bot_delay), [this] { on_bot_timer(); });
}

// A bot's move goes through Play, after which the room schedules what comes next; only
// when no bot could move is it scheduled here.
void StandInScheduler::on_bot_timer() {
  const GameState* match = table_.match_in_play();
  if (!match) return;
  if (!table_.store_writable()) return arm_bot_timer(kStoreRetryDelay);  // try again later
  if (!stand_ins_.play_bot_turn(*match, table_.seating, table_.play)) schedule();
}

}  // namespace parlor::server
