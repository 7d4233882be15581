// Bots for the Pedro family. Both decide from the seat's view JSON alone (its hand, the
// public state and the "legal" section), so they can never cheat.
//
// Random: a uniformly random legal move, except that it bids sparingly (passes half
// the time, and bids at most two above the lowest legal bid) so random matches end.
// Sensible: bids its best suit's strength, names that suit, robs and discards the
// strongest cards, leads trumps from the top when it holds the ace, gives points to a
// partner who is winning the trick, wins cheaply and keeps its pedros out of danger.
#pragma once

#include <memory>

#include "engine/core/game.hpp"

namespace parlor::pedro {

std::unique_ptr<BotPolicy> make_random_bot();
std::unique_ptr<BotPolicy> make_sensible_bot();

}  // namespace parlor::pedro
