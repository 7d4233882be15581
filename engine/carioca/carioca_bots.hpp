// Carioca's bots. Both decide from the seat's view alone (hand, melds on the table,
// contract, "legal"), so they cannot cheat.
//
// Random: a uniformly random move among the draw sources, steal/decline, and in the
// play phase the best lowering the meld finder sees, every lay-off and every discard.
// Sensible: takes a discard (or steals) only when it helps its contract, lowers as
// soon as the finder builds the contract, lays off everything it can, and discards the
// card least tied to its contract (the costliest once it has lowered).
#pragma once

#include <memory>
#include <vector>

#include "engine/core/game.hpp"

namespace parlor::carioca {

std::unique_ptr<BotPolicy> make_random_bot();
std::unique_ptr<BotPolicy> make_sensible_bot();

// The play-phase moves a seat's view allows that the bots consider (a found lowering,
// every lay-off, every discard), each one legal.
std::vector<Json> play_moves_from_view(const Json& view);

}  // namespace parlor::carioca
