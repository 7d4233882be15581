// What every game's seat-figures test reads (GameDefinition::seat_figures): a finished
// match's round results as the texts the game kept, and one figure summed over the seats.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/game.hpp"

namespace parlor::testing {

inline std::vector<std::string> round_result_texts(const GameState& state) {
  std::vector<std::string> texts;
  for (std::size_t i = 0; i < state.rounds_finished(); ++i) {
    texts.push_back(state.round_result_text(i));
  }
  return texts;
}

// `key` summed over the seats of seat_figures' array (each seat must have it).
inline std::int64_t figure_total(const Json& figures, const std::string& key) {
  std::int64_t sum = 0;
  for (const Json& seat : figures) sum += seat.at(key).get<std::int64_t>();
  return sum;
}

}  // namespace parlor::testing
