// Poker's bots. Both decide from the seat's view alone (its "hand", "hand_category",
// "can_open", the public table and "legal"), so they can play as network clients.
// - Random: a uniformly chosen kind of legal move; amounts and discards at random.
// - Sensible: opens and calls by hand strength, raises strong hands, and draws to its
//   best hand (keeps a straight or better, pairs and trips, four to a flush,
//   otherwise its highest card and a joker).
#pragma once

#include <memory>

#include "engine/core/game.hpp"

namespace parlor::poker {

std::unique_ptr<BotPolicy> make_random_bot();
std::unique_ptr<BotPolicy> make_sensible_bot();

}  // namespace parlor::poker
