// What results are worth: place points, duplicate matchpoints, the check of a round's
// results and the standings (event_rules.hpp has the rules and why).
#include "server/events/event_rules.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <set>
#include <string>
#include <unordered_map>

namespace parlor::server::events {
namespace {

constexpr double kPointsTolerance = 1e-9;

bool well_formed(const TableResult& table) {
  const std::size_t n = table.players.size();
  return table.placings.size() == n && table.scores.size() == n && table.absent.size() == n;
}

Error bad_result(std::size_t table, std::string message) {
  return Error{"bad_result", "table " + std::to_string(table + 1) + ": " + std::move(message)};
}

// A seat's place among the others: present seats by placing, absent ones after them all.
// Returns the seats' group keys, lower is better, equal is a tie.
std::vector<long> order_keys(const TableResult& table) {
  std::vector<long> keys(table.players.size());
  for (std::size_t s = 0; s < keys.size(); ++s) {
    keys[s] = table.absent[s] ? std::numeric_limits<long>::max() : table.placings[s];
  }
  return keys;
}

// The seat's matchpoint against another seat: absent lowest, then by score.
double matchpoint(const TableResult& mine, const TableResult& theirs, std::size_t seat) {
  const bool i_absent = mine.absent[seat];
  const bool they_absent = theirs.absent[seat];
  if (i_absent || they_absent) return i_absent == they_absent ? 0.5 : (i_absent ? 0.0 : 1.0);
  if (mine.scores[seat] > theirs.scores[seat]) return 1.0;
  return mine.scores[seat] == theirs.scores[seat] ? 0.5 : 0.0;
}

// Each seat's points for the round: place points, or matchpoints in a duplicate event.
std::vector<std::vector<double>> round_points(const EventShape& shape, const RoundResult& round) {
  if (shape.duplicate) return matchpoints(round);
  std::vector<std::vector<double>> points;
  for (const TableResult& table : round.tables) points.push_back(place_points(table));
  return points;
}

double bye_points(const EventShape& shape, const std::vector<std::vector<double>>& points) {
  if (!shape.duplicate) return (shape.seats_per_table - 1) / 2.0;
  double sum = 0;
  std::size_t seats = 0;
  for (const std::vector<double>& table : points) {
    sum = std::accumulate(table.begin(), table.end(), sum);
    seats += table.size();
  }
  return seats == 0 ? 0.0 : sum / static_cast<double>(seats);
}

bool is_win(const TableResult& table, std::size_t seat) {
  if (table.absent[seat]) return false;
  for (std::size_t other = 0; other < table.players.size(); ++other) {
    if (!table.absent[other] && table.placings[other] < table.placings[seat]) return false;
  }
  return true;
}

bool same_merit(const Standing& a, const Standing& b) {
  return std::abs(a.points - b.points) <= kPointsTolerance &&
         std::abs(a.buchholz - b.buchholz) <= kPointsTolerance && a.wins == b.wins;
}

bool ranks_before(const Standing& a, const Standing& b) {
  if (std::abs(a.points - b.points) > kPointsTolerance) return a.points > b.points;
  if (std::abs(a.buchholz - b.buchholz) > kPointsTolerance) return a.buchholz > b.buchholz;
  if (a.wins != b.wins) return a.wins > b.wins;
  return a.player_id < b.player_id;
}

}  // namespace

std::vector<double> place_points(const TableResult& table) {
  const std::size_t n = table.players.size();
  std::vector<double> points(n, 0.0);
  if (!well_formed(table)) return points;
  const std::vector<long> keys = order_keys(table);
  for (std::size_t s = 0; s < n; ++s) {
    // The tied group covers places better+1 .. better+tied; its share is their average.
    std::size_t better = 0, tied = 0;
    for (long key : keys) {
      better += key < keys[s] ? 1 : 0;
      tied += key == keys[s] ? 1 : 0;
    }
    const double mean_place = static_cast<double>(better) + (static_cast<double>(tied) + 1) / 2;
    points[s] = static_cast<double>(n) - mean_place;
  }
  return points;
}

std::vector<std::vector<double>> matchpoints(const RoundResult& round) {
  std::vector<std::vector<double>> points;
  for (const TableResult& table : round.tables) points.emplace_back(table.players.size(), 0.0);
  for (std::size_t t = 0; t < round.tables.size(); ++t) {
    const TableResult& mine = round.tables[t];
    if (!well_formed(mine)) continue;
    for (std::size_t u = 0; u < round.tables.size(); ++u) {
      const TableResult& theirs = round.tables[u];
      if (u == t || !well_formed(theirs)) continue;
      const std::size_t shared = std::min(mine.players.size(), theirs.players.size());
      for (std::size_t s = 0; s < shared; ++s) points[t][s] += matchpoint(mine, theirs, s);
    }
  }
  return points;
}

std::vector<int> table_sizes(int players, int seats_per_table, int min_seats_per_table) {
  const int full = seats_per_table;
  const int least = min_seats_per_table;
  if (full < 2 || least < 2 || least > full) return {};
  // The most players that can be seated, then the most full tables, then the fewest and
  // most even smaller tables (each at least `least`, at most full - 1).
  for (int seated = players; seated >= least; --seated) {
    for (int full_tables = seated / full; full_tables >= 0; --full_tables) {
      const int rest = seated - full_tables * full;
      std::vector<int> sizes(static_cast<std::size_t>(full_tables), full);
      if (rest == 0) return sizes;
      if (full - 1 < least) continue;
      const int small_tables = (rest + full - 2) / (full - 1);
      if (small_tables * least > rest) continue;
      for (int k = 0; k < small_tables; ++k) {
        sizes.push_back(rest / small_tables + (k < rest % small_tables ? 1 : 0));
      }
      return sizes;
    }
  }
  return {};
}

Expected<bool> check_round_result(const RoundResult& round) {
  std::set<std::string> seen;
  for (std::size_t t = 0; t < round.tables.size(); ++t) {
    const TableResult& table = round.tables[t];
    if (table.players.size() < 2) return bad_result(t, "a table needs at least 2 seats");
    if (!well_formed(table)) {
      return bad_result(t, "players, placings, scores and absent must have one entry per seat");
    }
    for (std::size_t s = 0; s < table.players.size(); ++s) {
      if (table.placings[s] < 1) return bad_result(t, "placings start at 1");
      if (!std::isfinite(table.scores[s])) return bad_result(t, "a score is not a number");
      const std::string& id = table.players[s];
      if (!id.empty() && !seen.insert(id).second) {
        return bad_result(t, "player " + id + " is seated twice in the round");
      }
    }
  }
  for (const std::string& id : round.byes) {
    if (id.empty() || !seen.insert(id).second) {
      return Error{"bad_result", "bye for \"" + id + "\": empty, or already seated this round"};
    }
  }
  return true;
}

std::vector<Standing> standings(const EventShape& shape, const std::vector<Entrant>& entrants,
                                const std::vector<RoundResult>& rounds) {
  std::vector<Standing> table;
  std::unordered_map<std::string, std::size_t> index;
  for (const Entrant& entrant : entrants) {
    if (!index.emplace(entrant.player_id, table.size()).second) continue;
    table.push_back(
        Standing{.player_id = entrant.player_id, .name = entrant.name, .dropped = entrant.dropped});
  }
  // Every tablemate met, per time met, for Buchholz once all points are in.
  std::vector<std::vector<std::size_t>> met(table.size());
  for (const RoundResult& round : rounds) {
    if (!check_round_result(round)) continue;
    const std::vector<std::vector<double>> points = round_points(shape, round);
    for (std::size_t t = 0; t < round.tables.size(); ++t) {
      const TableResult& result = round.tables[t];
      for (std::size_t s = 0; s < result.players.size(); ++s) {
        auto me = index.find(result.players[s]);
        if (me == index.end()) continue;
        Standing& standing = table[me->second];
        standing.points += points[t][s];
        standing.wins += is_win(result, s) ? 1 : 0;
        ++standing.matches;
        for (std::size_t other = 0; other < result.players.size(); ++other) {
          auto mate = index.find(result.players[other]);
          if (other != s && mate != index.end()) met[me->second].push_back(mate->second);
        }
      }
    }
    const double bye = bye_points(shape, points);
    for (const std::string& id : round.byes) {
      auto me = index.find(id);
      if (me == index.end()) continue;
      table[me->second].points += bye;
      ++table[me->second].byes;
    }
  }
  for (std::size_t p = 0; p < table.size(); ++p) {
    for (std::size_t mate : met[p]) table[p].buchholz += table[mate].points;
  }
  std::sort(table.begin(), table.end(), ranks_before);
  for (std::size_t p = 0; p < table.size(); ++p) {
    const bool shares = p > 0 && same_merit(table[p], table[p - 1]);
    table[p].rank = shares ? table[p - 1].rank : static_cast<int>(p) + 1;
  }
  return table;
}

}  // namespace parlor::server::events
