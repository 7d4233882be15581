// Every game Parlor can host, by name. A game is registered by having its folder under
// engine/ with a CMakeLists.txt defining parlor_game_NAME and the function
// parlor::NAME::definition() (see engine/CMakeLists.txt).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.hpp"

namespace parlor {

const std::vector<const GameDefinition*>& all_games();
const GameDefinition* find_game(std::string_view name);
std::vector<std::string> all_game_names();  // in all_games() order

}  // namespace parlor
