// Pairing a round: the checks, then Swiss or round robin (event_rules.hpp has the rules).
#include "server/events/event_rules.hpp"

#include <algorithm>
#include <numeric>
#include <set>
#include <unordered_map>

#include "server/events/seating_search.hpp"

namespace parlor::server::events {
namespace {

Error error(const char* code, std::string message) { return Error{code, std::move(message)}; }

Expected<bool> check_inputs(const EventShape& shape, const std::vector<Entrant>& entrants,
                            const std::vector<RoundResult>& previous, int round) {
  if (shape.seats_per_table < 2 || shape.min_seats_per_table < 2 ||
      shape.min_seats_per_table > shape.seats_per_table || shape.rounds < 1) {
    return error("bad_shape", "need 2 <= min_seats_per_table <= seats_per_table and rounds >= 1");
  }
  std::set<std::string> ids;
  for (const Entrant& entrant : entrants) {
    if (entrant.player_id.empty()) return error("bad_entrants", "an entrant has no player id");
    if (!ids.insert(entrant.player_id).second) {
      return error("bad_entrants", "player " + entrant.player_id + " is entered twice");
    }
  }
  if (round < 1 || round > shape.rounds) {
    return error("bad_round", "round " + std::to_string(round) + " is not in 1.." +
                                  std::to_string(shape.rounds));
  }
  if (static_cast<std::size_t>(round) != previous.size() + 1) {
    return error("bad_round", "round " + std::to_string(round) + " after " +
                                  std::to_string(previous.size()) + " rounds played");
  }
  for (const RoundResult& played : previous) {
    auto valid = check_round_result(played);
    if (!valid) return valid.error();
  }
  return true;
}

std::vector<std::string> active_ids(const std::vector<Entrant>& entrants) {
  std::vector<std::string> ids;
  for (const Entrant& entrant : entrants) {
    if (!entrant.dropped) ids.push_back(entrant.player_id);
  }
  return ids;
}

// The active players best first: round 1 the seeded order, later the standings.
std::vector<std::string> ranked_ids(const EventShape& shape, const std::vector<Entrant>& entrants,
                                    const std::vector<RoundResult>& previous, int round,
                                    std::uint64_t seed) {
  std::vector<std::string> ids = active_ids(entrants);
  if (round == 1) {
    SeededOrder(seed, 1).shuffle(ids);
    return ids;
  }
  std::set<std::string> active(ids.begin(), ids.end());
  ids.clear();
  for (const Standing& standing : standings(shape, entrants, previous)) {
    if (active.count(standing.player_id) != 0) ids.push_back(standing.player_id);
  }
  return ids;
}

// Takes `count` byes out of `ranked` (best first): the fewest byes so far, then the lowest.
std::vector<std::string> take_byes(std::vector<std::string>& ranked,
                                   const std::vector<RoundResult>& previous, std::size_t count) {
  std::unordered_map<std::string, int> byes_so_far;
  for (const RoundResult& played : previous) {
    for (const std::string& id : played.byes) ++byes_so_far[id];
  }
  std::vector<int> byes_had(ranked.size(), 0);
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    auto found = byes_so_far.find(ranked[i]);
    if (found != byes_so_far.end()) byes_had[i] = found->second;
  }
  // Lowest first, then stably by byes had: the lowest of those with the fewest byes.
  std::vector<std::size_t> candidates(ranked.size());
  for (std::size_t i = 0; i < ranked.size(); ++i) candidates[i] = ranked.size() - 1 - i;
  std::stable_sort(candidates.begin(), candidates.end(),
                   [&](std::size_t a, std::size_t b) { return byes_had[a] < byes_had[b]; });
  candidates.resize(count);
  std::vector<std::string> byes;
  std::set<std::size_t> out(candidates.begin(), candidates.end());
  std::vector<std::string> kept;
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    (out.count(i) != 0 ? byes : kept).push_back(ranked[i]);
  }
  ranked = std::move(kept);
  return byes;
}

RoundPlan to_plan(const std::vector<std::string>& ids, const Tables& tables,
                  std::vector<std::string> byes) {
  RoundPlan plan;
  for (const std::vector<int>& table : tables) {
    std::vector<std::string>& seats = plan.tables.emplace_back();
    for (int player : table) seats.push_back(ids[static_cast<std::size_t>(player)]);
  }
  plan.byes = std::move(byes);
  return plan;
}

// Seats `ranked` (best first, byes already out) at `sizes` and, after round 1, lowers
// the repeats: Swiss and the n-seat round robin differ only in how `ranked` was ordered.
RoundPlan seat_with_search(std::vector<std::string> ranked, std::vector<std::string> byes,
                           const std::vector<int>& sizes,
                           const std::vector<RoundResult>& previous) {
  std::vector<int> order(ranked.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  Tables tables = fill_tables(order, sizes);
  if (!previous.empty()) reduce_repeats(tables, count_meetings(ranked, previous), order);
  return to_plan(ranked, tables, std::move(byes));
}

// The players still in, best first, with the round's byes taken out and the tables'
// sizes for the rest: where Swiss and the n-seat round robin start.
struct RankedRound {
  std::vector<std::string> ranked;
  std::vector<std::string> byes;
  std::vector<int> sizes;
};

RankedRound rank_and_take_byes(const EventShape& shape, const std::vector<Entrant>& entrants,
                               const std::vector<RoundResult>& previous, int round,
                               std::uint64_t seed) {
  RankedRound out;
  out.ranked = ranked_ids(shape, entrants, previous, round, seed);
  out.sizes = table_sizes(static_cast<int>(out.ranked.size()), shape.seats_per_table,
                          shape.min_seats_per_table);
  const int seated = std::accumulate(out.sizes.begin(), out.sizes.end(), 0);
  out.byes = take_byes(out.ranked, previous, out.ranked.size() - static_cast<std::size_t>(seated));
  return out;
}

RoundPlan swiss_round(const EventShape& shape, const std::vector<Entrant>& entrants,
                      const std::vector<RoundResult>& previous, int round, std::uint64_t seed) {
  RankedRound next = rank_and_take_byes(shape, entrants, previous, round, seed);
  return seat_with_search(std::move(next.ranked), std::move(next.byes), next.sizes, previous);
}

// The n-seat round robin: a fresh seeded order each round; the byes still follow the
// standings (who has sat out least, then the lowest), so they rotate as in Swiss.
RoundPlan greedy_round_robin(const EventShape& shape, const std::vector<Entrant>& entrants,
                             const std::vector<RoundResult>& previous, int round,
                             std::uint64_t seed) {
  RankedRound next = rank_and_take_byes(shape, entrants, previous, round, seed);
  SeededOrder(seed, static_cast<std::uint64_t>(round)).shuffle(next.ranked);
  return seat_with_search(std::move(next.ranked), std::move(next.byes), next.sizes, previous);
}

Expected<RoundPlan> circle_round_robin(const std::vector<Entrant>& entrants, int round,
                                       std::uint64_t seed) {
  // The whole roster, dropped players included, so that a drop leaves the rest of the
  // schedule as it was.
  std::vector<std::size_t> roster(entrants.size());
  for (std::size_t i = 0; i < roster.size(); ++i) roster[i] = i;
  SeededOrder(seed, 0).shuffle(roster);
  const int count = static_cast<int>(roster.size());
  if (round > circle_rounds(count)) {
    return error("too_many_rounds", "a round robin of " + std::to_string(count) + " players has " +
                                        std::to_string(circle_rounds(count)) + " rounds");
  }
  auto playing = [&](int position) {
    return position >= 0 && !entrants[roster[static_cast<std::size_t>(position)]].dropped;
  };
  auto id = [&](int position) {
    return entrants[roster[static_cast<std::size_t>(position)]].player_id;
  };
  RoundPlan plan;
  for (auto [a, b] : circle_round(count, round)) {
    if (playing(a) && playing(b)) {
      plan.tables.push_back({id(a), id(b)});
    } else if (playing(a) || playing(b)) {
      plan.byes.push_back(id(playing(a) ? a : b));
    }
  }
  return plan;
}

}  // namespace

std::optional<Pairing> parse_pairing(std::string_view name) {
  if (name == "swiss") return Pairing::kSwiss;
  if (name == "round_robin") return Pairing::kRoundRobin;
  return std::nullopt;
}

std::string_view pairing_name(Pairing pairing) {
  return pairing == Pairing::kSwiss ? "swiss" : "round_robin";
}

Expected<RoundPlan> pair_round(const EventShape& shape, const std::vector<Entrant>& entrants,
                               const std::vector<RoundResult>& previous, int round,
                               std::uint64_t seed) {
  auto valid = check_inputs(shape, entrants, previous, round);
  if (!valid) return valid.error();
  const std::size_t active = active_ids(entrants).size();
  if (active < static_cast<std::size_t>(shape.min_seats_per_table)) {
    return error("too_few_entrants", std::to_string(active) + " active entrants, a table needs " +
                                         std::to_string(shape.min_seats_per_table));
  }
  if (shape.pairing == Pairing::kSwiss) return swiss_round(shape, entrants, previous, round, seed);
  if (shape.seats_per_table == 2) return circle_round_robin(entrants, round, seed);
  return greedy_round_robin(shape, entrants, previous, round, seed);
}

}  // namespace parlor::server::events
