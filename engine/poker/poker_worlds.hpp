// Poker's determinizer for the expert bot (engine/search/world_sampler.hpp): from a
// seat's view, the worlds where the cards it has not seen (the other live hands, the
// stock, the folded and discarded cards) are dealt at random, with the chips, bets, pots,
// draw counts and the deal's public action log as the view shows them (the betting
// round's who-has-acted and who-may-raise are read from that log).
//
// Inference: in the first betting round the opener's sampled hand must be one that may
// open (jacks or better); a world is dealt again, up to kOpenerRedeals times, until it is.
//
// Not known from a view: the options "figures" and "ace_straight_over_flush" (they rank
// hands at a showdown): the worlds use their defaults (off, off).
#pragma once

#include <memory>

#include "engine/search/world_sampler.hpp"

namespace parlor::poker {

std::unique_ptr<search::WorldSampler> make_world_sampler(const Json& seat_view);

// The sensible bot's move for a seat waited for, read from the state rather than from a
// view (search::StateRollout): the same move, for the expert's rollouts.
std::optional<Json> sensible_move_on_state(const GameState& world, Seat seat, Rng& rng);

}  // namespace parlor::poker
