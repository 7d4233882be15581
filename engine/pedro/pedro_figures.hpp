// Pedro's per-seat figures of a finished match (GameDefinition::seat_figures); the
// figures and what each counts are listed in pedro_figures.cpp.
#pragma once

#include <string>
#include <vector>

#include "engine/core/game.hpp"

namespace parlor::pedro {

Json seat_figures(const std::vector<std::string>& round_result_texts, int seats);

}  // namespace parlor::pedro
