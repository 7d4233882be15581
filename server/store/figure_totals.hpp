// A player's figures over many matches (issue 49: the player page's `figures` per game).
// Each finished match keeps, per seat, the object GameDefinition::seat_figures gave it
// (match_seats.figures: {"knocks": 3, ...}); a player's page shows those objects combined
// by each figure's name alone (engine/core/seat_figures.hpp, figure_aggregation):
// `biggest_...` and `most_...` by max, `lowest_...` by min, anything else summed. The
// store never knows a game's figures: a new figure needs no change here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace parlor::server::store {

// How many of a player's latest finished matches of one game are combined on the page:
// the read stays bounded however long a player has played (older matches no longer count).
inline constexpr int kFigureMatchesPerGame = 1000;

// The longest figures text a seat keeps. A seat's figures are a few short names and
// numbers (under 200 bytes in every game); anything longer is not what a game wrote.
inline constexpr std::size_t kMaxFiguresText = 4096;

using FigureTotals = std::map<std::string, std::int64_t>;

// What a seat's row keeps of `text` (its figures as the server wrote them): the text when
// it is one JSON object of at most kMaxFiguresText bytes, else nothing (NULL), so that a
// bad text never fails the match's write (PostgreSQL refuses a text that is not UTF-8).
std::optional<std::string> storable_figures(std::string_view text);

// The figures of many matches combined by name. A text that is not a JSON object is
// skipped whole; a value that is not an integer (a float, a bool, a string, beyond 64
// bits) is skipped alone, as is a sum that would overflow.
FigureTotals figure_totals(const std::vector<std::string>& figure_texts);

// {name: value, ...}, by name.
nlohmann::json figures_json(const FigureTotals& totals);

}  // namespace parlor::server::store
