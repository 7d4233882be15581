// Pedro's, King Pedro's and Cinch's determinizer for the expert bot
// (engine/search/world_sampler.hpp), for the tricks: from a seat's view in the play
// phase, the worlds where the cards it has not seen (the other hands, the dead stock,
// the kitty, the cards dumped face down) are dealt at random, consistent with the play:
// a seat that did not follow suit holds none of the suit led (read from the view's
// "tricks" with the game's own follow rule, check_follow). The bids, trumps, discards
// face up, tricks, points and scores are as the view shows them.
//
// The bidding, the trump call, the rob and the discards are left to the sensible bot
// (no sampler: the expert plays its move): their views hold no trick to search, and a
// search there would need the hands after a refill nobody has seen yet.
// Not known from a view: Cinch's cinch_scoring option (the worlds use its default).
#pragma once

#include <memory>

#include "engine/search/world_sampler.hpp"

namespace parlor::pedro {

std::unique_ptr<search::WorldSampler> make_world_sampler(const Json& seat_view);

// The sensible bot's play to a trick for the seat on turn, read from the state rather
// than from a view (search::StateRollout); std::nullopt at the other steps.
std::optional<Json> sensible_move_on_state(const GameState& world, Seat seat, Rng& rng);

}  // namespace parlor::pedro
