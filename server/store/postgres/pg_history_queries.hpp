// The store's reads on PostgreSQL: recovery's (players, unfinished matches) and the
// history API's. Same answers as sqlite/history_queries.hpp for the same data: the rows
// are read here, the JSON is built by the shared history_json.hpp. Each runs inside the
// caller's read transaction (one snapshot). Throw PgError on failure.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "server/store/history_json.hpp"
#include "server/store/postgres/pg_connection.hpp"
#include "server/store/store.hpp"

namespace parlor::server::store::pg::history {

std::vector<PlayerRow> load_players(Connection& db);
std::optional<PlayerRow> find_player_by_token(Connection& db, const std::string& token_hash);
std::vector<UnfinishedMatch> load_unfinished_matches(Connection& db);
std::vector<OpenRoomRow> load_open_rooms(Connection& db);
// Those of `rooms` only; every room when `rooms` is null.
std::vector<UnfinishedMatch> load_unfinished_matches_in_rooms(
    Connection& db, const std::vector<std::string>* rooms);

Json list_matches(Connection& db, const MatchQuery& query);
std::optional<Json> match_record(Connection& db, const std::string& match_id);
Json leaderboard(Connection& db, const std::string& game);
std::optional<Json> player_profile(Connection& db, const std::string& name);
std::optional<Json> player_profile_by_id(Connection& db, const std::string& player_id);

}  // namespace parlor::server::store::pg::history
