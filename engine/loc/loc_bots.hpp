// Loc's bots. Both read only the seat's view (its "hand", "deck", "play" and "legal").
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/core/card.hpp"
#include "engine/core/game.hpp"

namespace parlor::loc {

// kRandom: any legal card. kSensible: discards its weakest card; keeps its strongest
// card for play 5; in plays 1-4 shows a pot-taker when it has one to spare, else a
// King or better to be excused, else dumps its weakest card. kExpert: searches worlds
// sampled from its view (loc_worlds.hpp, engine/search/expert_policy.hpp) with the
// sensible bot as its rollout.
std::unique_ptr<BotPolicy> make_loc_bot(BotLevel level);

// The sensible bot's move from its view's legal section: the step ("discard" or
// "play", empty when it may not act) and the cards it may show.
Json sensible_move(const std::string& step, std::vector<Card> cards);

}  // namespace parlor::loc
