#include "server/store/figure_totals.hpp"

#include <algorithm>
#include <limits>

#include "engine/core/seat_figures.hpp"

namespace parlor::server::store {

namespace {

using Json = nlohmann::json;

// The value as a 64-bit integer, if it is one (nlohmann reads a positive integer as
// unsigned, so one beyond int64's range would wrap).
std::optional<std::int64_t> integer_figure(const Json& value) {
  if (value.is_number_unsigned()) {
    const auto unsigned_value = value.get<std::uint64_t>();
    if (unsigned_value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      return std::nullopt;
    }
    return static_cast<std::int64_t>(unsigned_value);
  }
  if (value.is_number_integer()) return value.get<std::int64_t>();
  return std::nullopt;  // floats, bools, strings, null, arrays, objects
}

void combine(FigureTotals& totals, const std::string& key, std::int64_t value) {
  auto [it, added] = totals.try_emplace(key, value);
  if (added) return;
  std::int64_t& total = it->second;
  switch (figure_aggregation(key)) {
    case FigureAggregation::kSum: {
      std::int64_t sum = 0;
      if (!__builtin_add_overflow(total, value, &sum)) total = sum;
      break;
    }
    case FigureAggregation::kMax:
      total = std::max(total, value);
      break;
    case FigureAggregation::kMin:
      total = std::min(total, value);
      break;
  }
}

}  // namespace

std::optional<std::string> storable_figures(std::string_view text) {
  if (text.empty() || text.size() > kMaxFiguresText) return std::nullopt;
  const Json parsed = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!parsed.is_object()) return std::nullopt;  // also a parse that failed (discarded)
  return std::string(text);
}

FigureTotals figure_totals(const std::vector<std::string>& figure_texts) {
  FigureTotals totals;
  for (const std::string& text : figure_texts) {
    const Json figures = Json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (!figures.is_object()) continue;
    for (const auto& [key, value] : figures.items()) {
      if (std::optional<std::int64_t> number = integer_figure(value)) combine(totals, key, *number);
    }
  }
  return totals;
}

Json figures_json(const FigureTotals& totals) {
  Json out = Json::object();
  for (const auto& [key, value] : totals) out[key] = value;
  return out;
}

}  // namespace parlor::server::store
