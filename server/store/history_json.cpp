#include "server/store/history_json.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "server/store/time_format.hpp"

namespace parlor::server::store::history {

std::string encode_cursor(const Cursor& cursor) {
  return std::to_string(cursor.started_at) + "_" + cursor.match_id;
}

std::optional<Cursor> decode_cursor(const std::string& text) {
  auto separator = text.find('_');
  if (separator == std::string::npos || separator == 0 || separator + 1 >= text.size()) {
    return std::nullopt;
  }
  Cursor cursor;
  const char* begin = text.data();
  const char* end = begin + separator;
  auto [parsed_to, error] = std::from_chars(begin, end, cursor.started_at);
  if (error != std::errc() || parsed_to != end) return std::nullopt;
  cursor.match_id = text.substr(separator + 1);
  return cursor;
}

Json parse_json(const std::string& text) {
  Json value = Json::parse(text, nullptr, false);
  if (value.is_discarded()) return nullptr;
  return value;
}

Json number_json(double value) {
  if (std::isfinite(value) && std::floor(value) == value && std::fabs(value) < 9.0e15) {
    return static_cast<std::int64_t>(value);
  }
  return value;
}

double round_to(double value, int decimals) {
  double scale = std::pow(10.0, decimals);
  return std::round(value * scale) / scale;
}

namespace {

template <class T>
Json optional_json(const std::optional<T>& value) {
  return value ? Json(*value) : Json(nullptr);
}

}  // namespace

Json seat_json(const SeatValues& seat) {
  return {{"seat", seat.seat},
          {"kind", seat.kind},
          {"player", optional_json(seat.player_id)},
          {"name", seat.name},
          {"bot_level", optional_json(seat.bot_level)},
          {"score", seat.score ? number_json(*seat.score) : Json(nullptr)},
          {"placing", optional_json(seat.placing)},
          {"winner", optional_json(seat.winner)}};
}

Json summary_json(const SummaryValues& match) {
  return {{"id", match.id},
          {"room", match.room_id},
          {"game", match.game},
          {"status", match.status},
          {"started_at", iso8601_utc(match.started_at)},
          {"ended_at", match.ended_at ? Json(iso8601_utc(*match.ended_at)) : Json(nullptr)},
          {"rounds", match.rounds},
          {"seats", Json::array()}};
}

Json record_json(const RecordValues& match) {
  return {{"id", match.id},
          {"room", match.room_id},
          {"match_number", match.match_number},
          {"game", match.game},
          {"options", parse_json(match.options_text)},
          {"status", match.status},
          {"started_at", iso8601_utc(match.started_at)},
          {"ended_at", match.ended_at ? Json(iso8601_utc(*match.ended_at)) : Json(nullptr)},
          {"first_dealer", match.first_dealer},
          {"lower_score_wins", match.lower_score_wins},
          {"results", match.results_text ? parse_json(*match.results_text) : Json(nullptr)},
          {"abort_reason", optional_json(match.abort_reason)}};
}

Json finished_actions_json(const std::string& stored_text) {
  Json actions = Json::array();
  Json stored = parse_json(stored_text);
  if (!stored.is_array()) return actions;
  for (Json& element : stored) {
    if (!element.is_array() || element.size() != 5 || !element[0].is_number_integer() ||
        !element[4].is_number_integer()) {
      continue;
    }
    const Json& timeout = element[3];
    actions.push_back(
        {{"seq", element[0].get<std::int64_t>()},
         {"seat", element[1].is_number_integer() ? element[1].get<int>() : 0},
         {"action", std::move(element[2])},
         {"timeout", timeout.is_boolean() ? timeout.get<bool>()
                                          : timeout.is_number() && timeout.get<double>() != 0},
         {"at", iso8601_utc(element[4].get<std::int64_t>())}});
  }
  return actions;
}

Json stats_json(std::int64_t matches, std::int64_t wins, std::optional<double> average,
                std::optional<double> best, std::optional<bool> lower_score_wins) {
  double win_rate = matches > 0 ? static_cast<double>(wins) / static_cast<double>(matches) : 0.0;
  return {{"matches", matches},
          {"wins", wins},
          {"win_rate", round_to(win_rate, 3)},
          {"average_score", average ? Json(round_to(*average, 2)) : Json(nullptr)},
          {"best_score", best ? number_json(*best) : Json(nullptr)},
          {"lower_score_wins", lower_score_wins ? Json(*lower_score_wins) : Json(nullptr)}};
}

std::optional<double> best_score(std::optional<double> lowest, std::optional<double> highest,
                                 bool lower_score_wins) {
  return lower_score_wins ? lowest : highest;
}

Json leaderboard_json(const std::string& game, std::optional<bool> lower_score_wins,
                      const std::vector<LeaderboardRow>& rows) {
  struct Entry {
    std::int64_t wins;
    double win_rate;
    std::int64_t matches;
    std::string player;
    Json json;
  };
  std::vector<Entry> entries;
  for (const LeaderboardRow& row : rows) {
    const ScoreTotals& totals = row.totals;
    std::optional<double> average;
    std::optional<double> best;
    if (lower_score_wins && totals.average) {
      average = totals.average;
      best = best_score(totals.lowest, totals.highest, *lower_score_wins);
    }
    Json json = stats_json(totals.matches, totals.wins, average, best, lower_score_wins);
    json["player"] = row.player_id;
    json["name"] = row.name;
    double win_rate = static_cast<double>(totals.wins) / static_cast<double>(totals.matches);
    entries.push_back(Entry{totals.wins, win_rate, totals.matches, row.player_id, std::move(json)});
  }
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    if (a.wins != b.wins) return a.wins > b.wins;
    if (a.win_rate != b.win_rate) return a.win_rate > b.win_rate;
    if (a.matches != b.matches) return a.matches > b.matches;
    return a.player < b.player;
  });
  Json players = Json::array();
  for (Entry& entry : entries) players.push_back(std::move(entry.json));
  return {{"game", game.empty() ? Json(nullptr) : Json(game)}, {"players", std::move(players)}};
}

}  // namespace parlor::server::store::history
