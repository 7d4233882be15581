// The history API's pages (shapes: protocol/README.md) assembled from a backend's rows
// (store_reads.hpp): the paging, the record's parts in order, what a live match never
// shows, a profile's sections. Written once for both databases, so only their SQL
// differs. Each runs inside the caller's read snapshot.
#pragma once

#include <optional>
#include <string>

#include "server/store/store.hpp"
#include "server/store/store_reads.hpp"

namespace parlor::server::store::history {

// {"matches": [summary...], "next": cursor|null}, newest first. A malformed cursor gives
// {"error": "bad_request", "message": ...} instead.
Json list_matches(StoreReads& reads, const MatchQuery& query);
std::optional<Json> match_record(StoreReads& reads, const std::string& match_id);
Json leaderboard(StoreReads& reads, const std::string& game);  // empty: all games
std::optional<Json> player_profile(StoreReads& reads, const std::string& name);
std::optional<Json> player_profile_by_id(StoreReads& reads, const std::string& player_id);

}  // namespace parlor::server::store::history
