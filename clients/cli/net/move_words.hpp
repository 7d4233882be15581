// Moves typed in the rules files' words, turned into the rules' action JSON:
//   draw | draw stock | knock | bid 9 | raise 2 | play AH | discard 9C 4D |
//   take 2 7C 2C | lower 7C 7D 7H / KC KD JK | lay_off seat=2 meld=1 card=8S end=high
// The first word is the action's "type". A number is "amount" ("count" for take);
// cards are "card" (one) or "cards" (several; "discard" after take's count); groups
// split by "/" are "melds"; key=value sets any field; a lone word is "from" after
// draw and "suit" after trump. `{...}` is taken as the action JSON itself.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace parlor::cli::net {

std::optional<nlohmann::json> parse_move(const std::string& line, std::string* error);
bool looks_like_card(const std::string& word);

}  // namespace parlor::cli::net
