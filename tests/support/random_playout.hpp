// One random-playout harness for every game (in the manner of OpenSpiel's RandomSimTest):
// a match played to its end by random legal moves, bots and timeouts' defaults, with
// the invariants every game keeps checked after every action. A game's own tests add
// what only that game knows (where every card is, its chips or points) through
// PlayoutChecks: hooks at the start, before each move (the state the move finds, which
// an invariant after it may compare with), after it (with its events) and at the end;
// they may also choose the moves themselves and try bad moves of their own.
//
// Checked at every step:
// - who acts: over means nobody; otherwise at least one seat, all distinct and real,
//   exactly one on a turn; a waiting seat has legal moves, any other seat none;
// - the view's common fields say what the state says (round, over, scores, waiting);
//   the two view halves never share a key; a spectator has no own fields;
// - no seat's own fields name a card another seat holds, unless the seat holds one
//   too or the table shows it;
// - a legal move (or a timeout's default) is accepted; bad moves (not an object, an
//   unknown type, no such seat, a waiting seat's move made by another, and the game's
//   own) are rejected with the same snake_case code twice, changing no view and
//   emitting no event;
// - at the end: apply says match_over, placings are 1..seats with a winner, and the
//   same seed and moves (the bad ones too, refused again) replay to the same events,
//   views, scores and results (a clone taken halfway goes on the same way).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/rng.hpp"

namespace parlor::testing {

// A move made or tried: who, and what.
struct PlayoutMove {
  Seat seat = 0;
  Json action;
};

// What a game's own tests add to the shared checks (report with GoogleTest's EXPECT/ASSERT;
// a fatal failure in a hook ends the playout). `rng` is the playout's own, so that a seed
// plays the same match every time.
class PlayoutChecks {
 public:
  virtual ~PlayoutChecks() = default;
  // The match as started, with the events its start emitted.
  virtual void at_start(const GameState& state, const std::vector<Event>& events) {
    (void)state, (void)events;
  }
  // Asked at every step: a bad move of the game's own to try first (a card the seat does
  // not hold, a step's wrong action), rejected as the harness's own must be; none by default.
  virtual std::optional<PlayoutMove> bad_move(const GameState& state, Rng& rng) {
    (void)state, (void)rng;
    return std::nullopt;
  }
  // `seat`'s move, when the game's tests choose it themselves (bots of their own per seat,
  // a view cheaper than the whole); none by default: the harness chooses.
  virtual std::optional<Json> choose_move(const GameState& state, Seat seat, Rng& rng) {
    (void)state, (void)seat, (void)rng;
    return std::nullopt;
  }
  // Before each move is applied, with the state it finds: what an invariant after the move
  // compares with (who held which cards, the chips, the results so far) is taken here.
  virtual void before_move(const GameState& state, Seat seat, const Json& action) {
    (void)state, (void)seat, (void)action;
  }
  // After every accepted move, with the events it emitted.
  virtual void after_move(const GameState& state, Seat seat, const Json& action,
                          const std::vector<Event>& events) {
    (void)state, (void)seat, (void)action, (void)events;
  }
  // The match is over and passed the harness's end checks (the replay comes after).
  virtual void at_end(const GameState& state) { (void)state; }
};

// The match a playout plays.
struct PlayoutTable {
  Json options;  // validated by the playout
  int seats = 0;
  std::uint64_t seed = 0;
  std::optional<Seat> dealer;  // the first dealer; chosen from the seed when absent
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

// Plays one match of `game` from `table.seed` to its end.
void random_playout(const GameDefinition& game, const PlayoutTable& table,
                    const PlayoutSettings& settings = {}, PlayoutChecks* checks = nullptr,
                    PlayoutStats* stats = nullptr);

// The option sets worth a playout: the defaults, then each choice or boolean option at
// each of its other values (the rest at their defaults).
std::vector<Json> option_variants(const GameDefinition& game);

}  // namespace parlor::testing
