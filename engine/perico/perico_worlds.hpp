// Perico's determinizer for the expert bot (engine/search/world_sampler.hpp): from a
// seat's view, the worlds where the cards it has not seen (the other hands and the
// stock) are dealt at random, with each hand's size, the whole discard pile, the turn,
// any running knock and the scores as the view shows them.
//
// Not inferred: what a player took from the pile earlier is public in play but not in
// the view (which keeps no history), so those cards are sampled like any other.
#pragma once

#include <memory>
#include <vector>

#include "engine/search/world_sampler.hpp"

namespace parlor::perico {

std::unique_ptr<search::WorldSampler> make_world_sampler(const Json& seat_view);

// The sensible bot's move for the seat on turn, read from the state rather than from a
// view (search::StateRollout): the same move, for the expert's rollouts.
std::optional<Json> sensible_move_on_state(const GameState& world, Seat seat, Rng& rng);

// The expert's candidates (search::CandidateMoves): in the play phase, drawing, knocking
// and the best take of each count (the one that leaves the best hand among the takes of
// that many cards, no joker on top where that can be avoided), the moves a player
// weighs, where the legal list holds every ordering of every choice of discards (hundreds
// of takes, a random few of which the search used to try). None in the discard phase:
// its few moves are searched as they are.
std::vector<Json> candidate_moves(const GameState& world, Seat seat);

}  // namespace parlor::perico
