// Loc's bots. Both read only the seat's view (its "hand", "deck", "play" and "legal").
#pragma once

#include <memory>

#include "engine/core/game.hpp"

namespace parlor::loc {

// kRandom: any legal card. kSensible: discards its weakest card; keeps its strongest
// card for play 5; in plays 1-4 shows a pot-taker when it has one to spare, else a
// King or better to be excused, else dumps its weakest card. kExpert: searches worlds
// sampled from its view (loc_worlds.hpp, engine/search/expert_policy.hpp) with the
// sensible bot as its rollout.
std::unique_ptr<BotPolicy> make_loc_bot(BotLevel level);

}  // namespace parlor::loc
