// Helpers for the club-night tests: rosters, and results played out by a fixed strength.
#pragma once

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "server/events/event_rules.hpp"

namespace parlor::server::events {

// Players p01, p02, ... (two digits, so id order is number order).
inline std::vector<Entrant> roster(int count) {
  std::vector<Entrant> entrants;
  for (int i = 1; i <= count; ++i) {
    std::string id = (i < 10 ? "p0" : "p") + std::to_string(i);
    entrants.push_back(Entrant{id, "Player " + std::to_string(i)});
  }
  return entrants;
}

// A table every player attended, placed in the order given (1 = first).
inline TableResult table(std::vector<std::string> players, std::vector<int> placings) {
  TableResult result;
  result.players = std::move(players);
  result.placings = std::move(placings);
  result.scores.assign(result.players.size(), 0.0);
  result.absent.assign(result.players.size(), false);
  return result;
}

// The plan played out: the lower id always places better (a stable club).
inline RoundResult play(const RoundPlan& plan) {
  RoundResult result;
  for (const std::vector<std::string>& seats : plan.tables) {
    std::vector<std::string> by_strength = seats;
    std::sort(by_strength.begin(), by_strength.end());
    std::vector<int> placings;
    for (const std::string& id : seats) {
      placings.push_back(1 +
                         static_cast<int>(std::find(by_strength.begin(), by_strength.end(), id) -
                                          by_strength.begin()));
    }
    TableResult t = table(seats, placings);
    for (std::size_t s = 0; s < seats.size(); ++s) t.scores[s] = -placings[s];
    result.tables.push_back(std::move(t));
  }
  result.byes = plan.byes;
  return result;
}

// Each pair of ids (a < b) and how often it has sat together.
inline std::map<std::pair<std::string, std::string>, int> pair_counts(
    const std::vector<RoundResult>& rounds) {
  std::map<std::pair<std::string, std::string>, int> counts;
  for (const RoundResult& round : rounds) {
    for (const TableResult& t : round.tables) {
      for (std::size_t a = 0; a < t.players.size(); ++a) {
        for (std::size_t b = a + 1; b < t.players.size(); ++b) {
          ++counts[std::minmax(t.players[a], t.players[b])];
        }
      }
    }
  }
  return counts;
}

// Every active player exactly once, at a table or with a bye; nobody else.
inline bool seats_everyone_once(const RoundPlan& plan, const std::vector<Entrant>& entrants) {
  std::multiset<std::string> seen;
  for (const auto& t : plan.tables) seen.insert(t.begin(), t.end());
  seen.insert(plan.byes.begin(), plan.byes.end());
  std::multiset<std::string> active;
  for (const Entrant& e : entrants) {
    if (!e.dropped) active.insert(e.player_id);
  }
  return seen == active;
}

}  // namespace parlor::server::events
