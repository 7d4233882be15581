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
  if (timers_.bot_pending() || thinking_ || !bot_waits(*match)) return;
  if (!table_.thinker || !think_on_thinker(*match)) arm_bot_timer();
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
  ++generation_;  // what is being thought now is for a table that has moved on
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

// ---- Thinking on the thinker ----

bool StandInScheduler::think_on_thinker(const GameState& match) {
  for (int seat : match.waiting().seats) {
    if (!table_.seating.seat(seat).bot_played()) continue;
    std::shared_ptr<const BotPolicy> policy = table_.seating.policy_for(seat);
    if (!policy) return false;  // a random bot: a legal move drawn on the strand is cheap
    const Thought thought{++generation_, table_.sequence(), seat, Clock::now() + timing_.bot_delay};
    // The worker holds nothing of the room: the view's text, the policy and its own stream.
    BotThinker::Job job{StandIns::view_text(match, seat), std::move(policy), stand_ins_.fresh_rng(),
                        timing_.bot_budget,
                        [post = timers_.weak_poster(), this, thought](std::optional<Json> choice) {
                          post([this, thought, choice = std::move(choice)]() mutable {
                            on_thought(thought, std::move(choice));
                          });
                        }};
    if (!table_.thinker->submit(std::move(job))) {  // full: the bot waits its budget
      timers_.arm_bot(timing_.bot_budget, [this] { schedule(); });
      return true;
    }
    thinking_ = true;
    return true;
  }
  return false;
}

// One thought is out at a time, even across a stop(): a seat's policy is never asked twice
// at once, and the thinker's queue holds at most one job per room.
void StandInScheduler::on_thought(const Thought& thought, std::optional<Json> choice) {
  thinking_ = false;
  // Stopped meanwhile, or the table moved on: think again from where it is.
  if (thought.generation != generation_ || !still_holds(thought)) return schedule();
  const GameState& match = *table_.match_in_play();
  Json action = choice ? std::move(*choice) : match.default_action(thought.seat);
  const Clock::duration wait = thought.due - Clock::now();
  if (wait <= Clock::duration::zero()) return play_thought(thought, action);
  timers_.arm_bot(wait,
                  [this, thought, action = std::move(action)] { play_thought(thought, action); });
}

void StandInScheduler::play_thought(const Thought& thought, const Json& action) {
  if (!still_holds(thought)) return schedule();
  if (!table_.store_writable()) {  // the move waits until it can be kept
    return timers_.arm_bot(kStoreRetryDelay,
                           [this, thought, action] { play_thought(thought, action); });
  }
  const GameState& match = *table_.match_in_play();
  if (!stand_ins_.play_bot_choice(match, thought.seat, action, table_.play)) schedule();
}

bool StandInScheduler::still_holds(const Thought& thought) const {
  const GameState* match = table_.match_in_play();
  if (!match || table_.sequence() != thought.sequence) return false;
  if (!table_.seating.seat(thought.seat).bot_played()) return false;
  const Waiting waiting = match->waiting();
  return std::find(waiting.seats.begin(), waiting.seats.end(), thought.seat) != waiting.seats.end();
}

}  // namespace parlor::server
