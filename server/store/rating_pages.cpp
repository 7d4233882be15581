#include "server/store/rating_pages.hpp"

#include <algorithm>

#include "engine/ratings/ratings.hpp"
#include "server/store/history_json.hpp"
#include "server/store/time_format.hpp"

namespace parlor::server::store::history {

namespace {

Json rating_members(double mu, double sigma) {
  const ratings::Rating rating{mu, sigma};
  return {{"rating", round_to(ratings::ordinal(rating), 2)},
          {"mu", round_to(mu, 3)},
          {"sigma", round_to(sigma, 3)},
          {"provisional", ratings::provisional(rating)}};
}

}  // namespace

Json game_ratings_json(StoreReads& reads, const std::string& game) {
  std::vector<RatingRow> rows = reads.game_ratings(game);
  auto shown = [](const RatingRow& row) { return ratings::ordinal({row.mu, row.sigma}); };
  auto settling = [](const RatingRow& row) { return ratings::provisional({row.mu, row.sigma}); };
  std::stable_sort(rows.begin(), rows.end(), [&](const RatingRow& a, const RatingRow& b) {
    if (settling(a) != settling(b)) return !settling(a);
    return shown(a) > shown(b);
  });
  Json list = Json::array();
  for (const RatingRow& row : rows) {
    Json entry = rating_members(row.mu, row.sigma);
    entry["player"] = row.player_id;
    entry["name"] = row.name;
    entry["matches"] = row.matches;
    list.push_back(std::move(entry));
  }
  return list;
}

Json player_ratings_json(StoreReads& reads, const std::string& player_id) {
  Json games = Json::object();
  for (const RatingRow& row : reads.player_ratings(player_id)) {
    Json game = rating_members(row.mu, row.sigma);
    game["matches"] = row.matches;
    Json history = Json::array();
    for (const RatingPoint& point :
         reads.rating_history(player_id, row.game, kRatingHistoryPoints)) {
      history.push_back({{"match", point.match_id},
                         {"at", iso8601_utc(point.at)},
                         {"rating", round_to(ratings::ordinal({point.mu, point.sigma}), 2)},
                         {"mu", round_to(point.mu, 3)},
                         {"sigma", round_to(point.sigma, 3)},
                         {"place", point.place}});
    }
    game["history"] = std::move(history);
    games[row.game] = std::move(game);
  }
  return games;
}

}  // namespace parlor::server::store::history
