// The match history over HTTP (JSON): /api/matches, /api/matches/ID,
// /api/matches/ID/replay (a finished match's cards, server/http/match_replay.hpp),
// /api/leaderboard, /api/players/NAME. Shapes: protocol/README.md, "History API". The store never
// serves a live match's seed or journal, so nothing private leaves while a match is running.
//
// These read the database, so the HTTP session runs them off the network threads (on the
// history pool) and posts the response back.
#pragma once

#include <boost/beast/http.hpp>

#include <string_view>

#include "server/http/match_replay.hpp"
#include "server/http/replay_cache.hpp"
#include "server/store/store.hpp"

namespace parlor::server {

namespace http = boost::beast::http;

bool is_history_path(std::string_view path);

// `find_game` serves the replay route (without it the route answers 404); replays of
// finished matches are kept in `replay_cache` when there is one.
http::response<http::string_body> handle_history(const http::request<http::string_body>& request,
                                                 store::Store& store,
                                                 const FindGameByName& find_game = {},
                                                 ReplayCache* replay_cache = nullptr);

}  // namespace parlor::server
