// What the games' GameDefinition::seat_figures share: per-seat named integer figures
// read from a match's round results, one round at a time, a round that cannot be read
// being skipped whole, and checked accessors for reading a round (each throws
// UnreadableRound where the round is not what the game wrote).
//
// A figure's name says how the server aggregates it over many matches without knowing
// the game: `biggest_...` and `most_...` by max, `lowest_...` by min, anything else by
// sum (figure_aggregation below).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace parlor {

using Json = nlohmann::json;

// More seats than any game has: a larger (or negative) count gives no seats at all,
// so no input can make seat_figures allocate without bound.
inline constexpr int kMaxFigureSeats = 64;

// `seats` when it is 0..kMaxFigureSeats, else 0.
int figure_seat_count(int seats);

// An array of figure_seat_count(seats) empty objects: GameDefinition's default.
Json empty_seat_figures(int seats);

enum class FigureAggregation { kSum, kMax, kMin };
// By the name's prefix: "biggest_" or "most_" -> max, "lowest_" -> min, else sum.
FigureAggregation figure_aggregation(std::string_view key);

// A round a game's reader cannot read: thrown by the accessors below (or the game's
// own checks); the round is skipped.
struct UnreadableRound : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Each seat's figures: name -> value.
class SeatFigures {
 public:
  // Every seat starts with each of `zeroed` at 0 (figures without a neutral start, a
  // `lowest_...`, are left out and appear once a round sets them).
  SeatFigures(int seats, const std::vector<std::string>& zeroed);

  int seats() const { return static_cast<int>(figures_.size()); }
  // Combines `value` into `seat`'s figure `key` by the key's aggregation (a sum adds
  // it; a max or min keeps the larger or smaller, the first value setting it).
  // UnreadableRound for a seat out of range.
  void add(int seat, const std::string& key, std::int64_t value = 1);

  // [{key: value, ...} per seat]
  Json to_json() const;

 private:
  std::vector<std::map<std::string, std::int64_t>> figures_;
};

// Reads each text as a JSON object and gives it to `read_round` with the figures so
// far; a round that is not an object, or for which read_round throws (anything), leaves
// the figures as they were before it. Never throws: on a failure outside any round
// (memory) it returns empty_seat_figures(seats).
Json figures_from_rounds(
    const std::vector<std::string>& round_result_texts, int seats,
    const std::vector<std::string>& zeroed,
    const std::function<void(const Json& round, SeatFigures& figures)>& read_round);

// Checked reading of a round (each throws UnreadableRound):
// `object`'s member `key` (object must be an object holding it).
const Json& member_of(const Json& object, std::string_view key);
// An integer (not a float, not a bool).
std::int64_t integer_of(const Json& value);
bool bool_of(const Json& value);
const std::string& string_of(const Json& value);
// An array, of exactly `size` elements when given.
const Json& array_of(const Json& value, std::optional<std::size_t> size = std::nullopt);
// An integer 0..seats-1.
int seat_of(const Json& value, int seats);
// null, or a seat as seat_of.
std::optional<int> optional_seat_of(const Json& value, int seats);

}  // namespace parlor
