// Carioca's determinizer and rollout valuation for the expert bot
// (engine/search/world_sampler.hpp): from a seat's view, the worlds where the cards it
// has not seen (the other hands, the stock, the discard pile under its top card) are
// dealt at random, with the melds on the table, each hand's size, the steal window,
// the steals and the scores as the view shows them.
//
// Not inferred: what a player picked up from the pile earlier (public in play, but the
// view keeps no history and shows only the pile's top card), so those cards are
// sampled like any other.
//
// A Carioca round runs for dozens of turns, longer than a rollout can afford at the
// default budget; a rollout is cut off and valued by provisional_scores: the scores with
// every card still in hand charged as if the round ended now.
#pragma once

#include <memory>

#include "engine/search/world_sampler.hpp"

namespace parlor::carioca {

std::unique_ptr<search::WorldSampler> make_world_sampler(const Json& seat_view);
// The scores if the round ended now (a CariocaState's), for the search's cut-off rollouts.
std::vector<std::int64_t> provisional_scores(const GameState& world);

}  // namespace parlor::carioca
