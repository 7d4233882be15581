// What the server plays for a seat nobody is playing: the engine's default action for a
// turn that ran out, and a bot's choice (a bot's seat, or a human's whose grace period is
// over). When it plays is StandInScheduler's (stand_in_scheduler.hpp).
//
// No Asio here. Moves go back through the room's `Play`, which journals and broadcasts
// them like any other.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"
#include "engine/core/rng.hpp"
#include "server/room/seating.hpp"

namespace parlor::server {

// While the store cannot take writes, how often bots and expired turns try again (each
// try is one call to MatchJournal::writable()).
inline constexpr std::chrono::milliseconds kStoreRetryDelay{500};

// Applies a stand-in's move for a seat as the room applies any move (the engine's
// rejection, or nothing).
using Play = std::function<std::optional<Error>(int seat, Json action, bool timeout)>;

class StandIns {
 public:
  // `room_id` names the room in the log.
  StandIns(std::string room_id, Rng rng) : room_id_(std::move(room_id)), rng_(std::move(rng)) {}

  // Seat `seat`'s time ran out: its default action, on a turn until that turn ends (a draw
  // and then a discard), in a simultaneous step or a claim window once. `goes_on` says
  // whether the match still runs unpaused after each move.
  void play_timeout(const GameState& match, int seat, const Seating& seating,
                    const std::function<bool()>& goes_on, const Play& play);

  // One move of the first waiting seat a bot plays: false if none waits, or if even its
  // default action was refused (the seat is stuck).
  bool play_bot_turn(const GameState& match, Seating& seating, const Play& play);
  // Plays `action`, chosen for the bot at `seat` (by a BotThinker), or its default if the
  // engine refuses it: false if even that was refused (the seat is stuck).
  bool play_bot_choice(const GameState& match, int seat, const Json& action, const Play& play);

  // The seat's view as the JSON text its client would be sent: what a bot thinks from.
  static std::string view_text(const GameState& match, int seat);
  // A random stream of its own for one move thought on another thread, drawn from this
  // room's stream.
  Rng fresh_rng();

 private:
  // What the bot at `seat` chooses; the default action if its policy fails.
  Json bot_choice(const GameState& match, int seat, const std::shared_ptr<BotPolicy>& policy);
  // The seat's view as a tree, parsed into the seat's own reused tree (no fresh nodes per
  // move once the shape is known).
  const Json& view_of(const GameState& match, int seat);

  std::string room_id_;
  Rng rng_;
  std::vector<Json> views_;  // per seat
};

}  // namespace parlor::server
