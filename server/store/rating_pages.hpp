// The ratings' parts of the history API's pages (protocol/README.md, "History API"): the
// leaderboard's `ratings` (established players first, each part by rating) and a player
// page's `ratings` (per game: the rating now and its history). Built from a backend's
// rows (store_reads.hpp), once for both databases. Numbers are rounded (rating 2 places,
// mu and sigma 3) so that both give the same bytes.
#pragma once

#include <string>

#include "server/store/store_reads.hpp"

namespace parlor::server::store::history {

// At most this many points of a game's rating history on a player's page (the newest).
inline constexpr int kRatingHistoryPoints = 200;

Json game_ratings_json(StoreReads& reads, const std::string& game);
Json player_ratings_json(StoreReads& reads, const std::string& player_id);

}  // namespace parlor::server::store::history
