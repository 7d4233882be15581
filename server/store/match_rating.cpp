#include "server/store/match_rating.hpp"

#include <algorithm>
#include <map>

namespace parlor::server::store {

ratings::Rating bot_reference(const std::string& level) {
  if (level == "random") return {10.0, kBotSigma};
  if (level == "expert") return {27.0, kBotSigma};
  return {25.0, kBotSigma};
}

namespace {

// The seats of each team of the model, in order of each team's first seat.
std::vector<std::vector<std::size_t>> model_teams(const std::vector<RatedSeat>& seats) {
  std::vector<std::vector<std::size_t>> teams;
  std::map<int, std::size_t> team_of_partnership;
  for (std::size_t s = 0; s < seats.size(); ++s) {
    if (seats[s].team < 0) {
      teams.push_back({s});
      continue;
    }
    auto [it, fresh] = team_of_partnership.try_emplace(seats[s].team, teams.size());
    if (fresh) teams.emplace_back();
    teams[it->second].push_back(s);
  }
  return teams;
}

bool any_left(const std::vector<RatedSeat>& seats, const std::vector<std::size_t>& members) {
  return std::any_of(members.begin(), members.end(), [&](std::size_t s) { return seats[s].left; });
}

}  // namespace

Expected<std::vector<RatingChange>> rate_match(
    const std::vector<RatedSeat>& seats,
    const std::function<ratings::Rating(const std::string& player_id)>& current) {
  const bool has_human =
      std::any_of(seats.begin(), seats.end(), [](const RatedSeat& seat) { return seat.human; });
  if (!has_human) return std::vector<RatingChange>{};

  int last_place = 1;
  for (const RatedSeat& seat : seats) last_place = std::max(last_place, seat.placing + 1);

  const std::vector<std::vector<std::size_t>> teams = model_teams(seats);
  std::vector<ratings::Team> before;
  std::vector<int> ranks;
  for (const std::vector<std::size_t>& members : teams) {
    ratings::Team team;
    int rank = last_place;
    for (std::size_t s : members) {
      team.push_back(seats[s].human ? current(seats[s].player_id)
                                    : bot_reference(seats[s].bot_level));
      rank = std::min(rank, seats[s].placing);
    }
    before.push_back(std::move(team));
    ranks.push_back(any_left(seats, members) ? last_place : rank);
  }

  Expected<std::vector<ratings::Team>> after = ratings::rate(before, ranks);
  if (!after) return after.error();

  std::vector<RatingChange> changes;
  for (std::size_t t = 0; t < teams.size(); ++t) {
    const bool team_left = any_left(seats, teams[t]);
    for (std::size_t m = 0; m < teams[t].size(); ++m) {
      const RatedSeat& seat = seats[teams[t][m]];
      if (!seat.human) continue;
      if (team_left && !seat.left) continue;  // the partner of a leaver keeps their rating
      changes.push_back({seat.player_id, before[t][m], after.value()[t][m], ranks[t]});
    }
  }
  std::sort(changes.begin(), changes.end(), [&](const RatingChange& a, const RatingChange& b) {
    return a.player_id < b.player_id;
  });
  return changes;
}

}  // namespace parlor::server::store
