// Loc's determinizer for the expert bot (engine/search/world_sampler.hpp): from a
// seat's view, the worlds where the cards it has not seen (the other hands, their
// hidden choices in this step, every face-down discard and the cards set aside) are
// dealt at random. The cards revealed in this hand's plays (its ledger), each hand's
// size, who has chosen, the pot and the balances are as the view shows them. Simultaneous
// steps stay as the game defines them: a seat that has chosen holds a sampled hidden
// choice, and the others choose in the search's rollout, none seeing another's choice.
//
// The seat's own discard is not in its view once the discard step is over (the view
// shows no discard to anyone), so it is sampled like the other unseen cards.
#pragma once

#include <memory>

#include "engine/search/world_sampler.hpp"

namespace parlor::loc {

std::unique_ptr<search::WorldSampler> make_world_sampler(const Json& seat_view);

// The sensible bot's move for a seat waited for, read from the state rather than from a
// view (search::StateRollout): the same move, for the expert's rollouts.
std::optional<Json> sensible_move_on_state(const GameState& world, Seat seat, Rng& rng);

}  // namespace parlor::loc
