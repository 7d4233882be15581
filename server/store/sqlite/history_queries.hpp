// The store's read side: start-up loading and the history API's JSON (shapes fixed by
// the persistence spec). Each function runs its SELECTs on the connection it is given;
// the caller holds that connection's lock and a read transaction. Throws on SQL errors.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "server/store/history_json.hpp"
#include "server/store/sqlite/database.hpp"
#include "server/store/store.hpp"

namespace parlor::server::store::history {

std::vector<PlayerRow> load_players(sql::Database& db);
std::optional<PlayerRow> find_player_by_token(sql::Database& db, const std::string& token_hash);
std::vector<UnfinishedMatch> load_unfinished_matches(sql::Database& db);
// Those of `rooms` only; every room when `rooms` is null.
std::vector<UnfinishedMatch> load_unfinished_matches_in_rooms(
    sql::Database& db, const std::vector<std::string>* rooms);
std::vector<OpenRoomRow> load_open_rooms(sql::Database& db);

// {"matches": [summary...], "next": cursor|null}, newest first. A malformed cursor gives
// {"error": "bad_request", "message": ...} instead.
Json list_matches(sql::Database& db, const MatchQuery& query);
std::optional<Json> match_record(sql::Database& db, const std::string& match_id);
Json leaderboard(sql::Database& db, const std::string& game);
std::optional<Json> player_profile(sql::Database& db, const std::string& name);
std::optional<Json> player_profile_by_id(sql::Database& db, const std::string& player_id);

}  // namespace parlor::server::store::history
