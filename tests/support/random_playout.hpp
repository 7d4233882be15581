// One random-playout harness for every game (in the manner of OpenSpiel's RandomSimTest):
// a match played to its end by random legal moves, bots and timeouts' defaults, with
// the invariants every game keeps checked after every action. A game's own tests add
// what only that game knows (where every card is, its chips or points) through
// PlayoutChecks.
//
// Checked at every step:
// - who acts: over means nobody; otherwise at least one seat, all distinct and real,
//   exactly one on a turn; a waiting seat has legal moves, any other seat none;
// - the view's common fields say what the state says (round, over, scores, waiting);
//   the two view halves never share a key; a spectator has no own fields;
// - no seat's own fields name a card another seat holds, unless the seat holds one
//   too or the table shows it;
// - a legal move (or a timeout's default) is accepted; bad moves (not an object, an
//   unknown type, no such seat, a waiting seat's move made by another) are rejected
//   with the same snake_case code twice, changing no view and emitting no event;
// - at the end: apply says match_over, placings are 1..seats with a winner, and the
//   same seed and moves replay to the same views and results (a clone taken halfway
//   goes on the same way).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/game.hpp"

namespace parlor::testing {

// What a game's own tests add to the shared checks (report with GoogleTest's EXPECT/ASSERT).
class PlayoutChecks {
 public:
  virtual ~PlayoutChecks() = default;
  // After every accepted move, with the events it emitted.
  virtual void after_move(const GameState& state, Seat seat, const Json& action,
                          const std::vector<Event>& events) {
    (void)state, (void)seat, (void)action, (void)events;
  }
};

struct PlayoutSettings {
  int max_actions = 100000;     // a match longer than this fails ("does not end")
  int bad_move_percent = 5;     // of steps that first try a bad move
  int default_percent = 5;      // of moves made by default_action (a timeout)
  int legal_list_percent = 10;  // of moves drawn from legal_actions(); the rest by bots
  // Views are costly: checked at each of the first steps, then every Nth.
  int views_checked_first = 300;
  int view_check_every = 1;
  bool check_replay = true;
};

struct PlayoutStats {
  long matches = 0;
  long actions = 0;
  long rejections = 0;
};

// Plays one match of `game` (options validated here) from `seed` to its end.
void random_playout(const GameDefinition& game, const Json& options, int seats, std::uint64_t seed,
                    const PlayoutSettings& settings = {}, PlayoutChecks* checks = nullptr,
                    PlayoutStats* stats = nullptr);

// The option sets worth a playout: the defaults, then each choice or boolean option at
// each of its other values (the rest at their defaults).
std::vector<Json> option_variants(const GameDefinition& game);

}  // namespace parlor::testing
