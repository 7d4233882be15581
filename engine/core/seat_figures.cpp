#include "engine/core/seat_figures.hpp"

#include <algorithm>
#include <limits>

namespace parlor {

int figure_seat_count(int seats) { return seats >= 0 && seats <= kMaxFigureSeats ? seats : 0; }

Json empty_seat_figures(int seats) {
  Json out = Json::array();
  for (int seat = 0; seat < figure_seat_count(seats); ++seat) out.push_back(Json::object());
  return out;
}

FigureAggregation figure_aggregation(std::string_view key) {
  if (key.starts_with("biggest_") || key.starts_with("most_")) return FigureAggregation::kMax;
  if (key.starts_with("lowest_")) return FigureAggregation::kMin;
  return FigureAggregation::kSum;
}

SeatFigures::SeatFigures(int seats, const std::vector<std::string>& zeroed)
    : figures_(static_cast<std::size_t>(figure_seat_count(seats))) {
  for (auto& seat : figures_) {
    for (const std::string& key : zeroed) seat[key] = 0;
  }
}

void SeatFigures::add(int seat, const std::string& key, std::int64_t value) {
  if (seat < 0 || seat >= seats()) throw UnreadableRound("no such seat");
  auto& figures = figures_[static_cast<std::size_t>(seat)];
  auto [it, added] = figures.try_emplace(key, value);
  if (added) return;
  switch (figure_aggregation(key)) {
    case FigureAggregation::kSum:
      if (__builtin_add_overflow(it->second, value, &it->second)) {
        throw UnreadableRound("a figure out of range");
      }
      break;
    case FigureAggregation::kMax:
      it->second = std::max(it->second, value);
      break;
    case FigureAggregation::kMin:
      it->second = std::min(it->second, value);
      break;
  }
}

Json SeatFigures::to_json() const {
  Json out = Json::array();
  for (const auto& seat : figures_) {
    Json figures = Json::object();
    for (const auto& [key, value] : seat) figures[key] = value;
    out.push_back(std::move(figures));
  }
  return out;
}

Json figures_from_rounds(
    const std::vector<std::string>& round_result_texts, int seats,
    const std::vector<std::string>& zeroed,
    const std::function<void(const Json& round, SeatFigures& figures)>& read_round) {
  try {
    SeatFigures figures(seats, zeroed);
    for (const std::string& text : round_result_texts) {
      try {
        const Json round = Json::parse(text, nullptr, /*allow_exceptions=*/false);
        if (!round.is_object()) continue;  // not JSON (a discarded parse), or not an object
        SeatFigures with_round = figures;
        read_round(round, with_round);
        figures = std::move(with_round);
      } catch (...) {
        // A round this game cannot read: skipped.
      }
    }
    return figures.to_json();
  } catch (...) {
    try {
      return empty_seat_figures(seats);
    } catch (...) {
      return Json::array();
    }
  }
}

const Json& member_of(const Json& object, std::string_view key) {
  if (!object.is_object()) throw UnreadableRound("not an object");
  auto it = object.find(key);
  if (it == object.end()) throw UnreadableRound("a member is missing");
  return *it;
}

std::int64_t integer_of(const Json& value) {
  if (value.is_number_unsigned()) {
    const auto unsigned_value = value.get<std::uint64_t>();
    if (unsigned_value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      throw UnreadableRound("an integer out of range");
    }
    return static_cast<std::int64_t>(unsigned_value);
  }
  if (!value.is_number_integer()) throw UnreadableRound("not an integer");
  return value.get<std::int64_t>();
}

bool bool_of(const Json& value) {
  if (!value.is_boolean()) throw UnreadableRound("not a boolean");
  return value.get<bool>();
}

const std::string& string_of(const Json& value) {
  if (!value.is_string()) throw UnreadableRound("not a string");
  return value.get_ref<const std::string&>();
}

const Json& array_of(const Json& value, std::optional<std::size_t> size) {
  if (!value.is_array()) throw UnreadableRound("not an array");
  if (size && value.size() != *size) throw UnreadableRound("an array of the wrong size");
  return value;
}

int seat_of(const Json& value, int seats) {
  const std::int64_t seat = integer_of(value);
  if (seat < 0 || seat >= seats) throw UnreadableRound("no such seat");
  return static_cast<int>(seat);
}

std::optional<int> optional_seat_of(const Json& value, int seats) {
  if (value.is_null()) return std::nullopt;
  return seat_of(value, seats);
}

}  // namespace parlor
