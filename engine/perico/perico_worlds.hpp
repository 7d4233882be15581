// Perico's determinizer for the expert bot (engine/search/world_sampler.hpp): from a
// seat's view, the worlds where the cards it has not seen (the other hands and the
// stock) are dealt at random, with each hand's size, the whole discard pile, the turn,
// any running knock and the scores as the view shows them.
//
// Not inferred: what a player took from the pile earlier is public in play but not in
// the view (which keeps no history), so those cards are sampled like any other.
#pragma once

#include <memory>

#include "engine/search/world_sampler.hpp"

namespace parlor::perico {

std::unique_ptr<search::WorldSampler> make_world_sampler(const Json& seat_view);

// The sensible bot's move for the seat on turn, read from the state rather than from a
// view (search::StateRollout): the same move, for the expert's rollouts.
std::optional<Json> sensible_move_on_state(const GameState& world, Seat seat, Rng& rng);

}  // namespace parlor::perico
