// The history API's JSON (shapes: protocol/README.md), built from plain values, so that
// every backend's queries (sqlite/history_queries.cpp, postgres/pg_history_queries.cpp)
// give byte-identical answers for the same data: they read rows, this builds the JSON.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/store/store.hpp"

namespace parlor::server::store::history {

inline constexpr int kDefaultLimit = 20;
inline constexpr int kMaxLimit = 100;
inline constexpr int kRecentMatches = 20;  // in a player's profile

// A listing's position (opaque to clients): matches are listed newest first, by (started_at, id).
struct Cursor {
  Millis started_at = 0;
  std::string match_id;
};
std::string encode_cursor(const Cursor& cursor);
std::optional<Cursor> decode_cursor(const std::string& text);

// A stored JSON column; a row that does not parse reads as null rather than failing the
// whole read (recovery then rejects that match alone).
Json parse_json(const std::string& text);
// Scores are stored as floating point; whole numbers (chips, points) read as integers.
Json number_json(double value);
double round_to(double value, int decimals);

struct SeatValues {
  int seat = 0;
  std::string kind;
  std::optional<std::string> player_id;
  std::string name;
  std::optional<std::string> bot_level;
  std::optional<double> score;
  std::optional<int> placing;
  std::optional<bool> winner;
  // The human left before the end (ranked last, as match_seats.left_early says); not in
  // the history API's seat (seat_json), read by an event resuming a table's result.
  bool left_early = false;
};
Json seat_json(const SeatValues& seat);

struct SummaryValues {
  std::string id;
  std::string room_id;
  std::string game;
  std::string status;
  Millis started_at = 0;
  std::optional<Millis> ended_at;
  std::int64_t rounds = 0;
};
// A listing's entry, with an empty "seats" array for the caller to fill.
Json summary_json(const SummaryValues& match);

struct RecordValues {
  std::string id;
  std::string room_id;
  int match_number = 0;
  std::string game;
  std::string options_text;
  std::string status;
  Millis started_at = 0;
  std::optional<Millis> ended_at;
  int first_dealer = 0;
  bool lower_score_wins = false;
  std::optional<std::string> results_text;
  std::optional<std::string> abort_reason;
};
// A match record without its seats, rounds, commitments, seed and actions (added by the
// caller, in that order).
Json record_json(const RecordValues& match);

// A finished match's stored action list ([[seq, seat, action, timeout, at], ...]) as the
// history API lists it; a list that does not parse lists none.
Json finished_actions_json(const std::string& stored);

// A player's (or everyone's) matches, wins and score measure over finished matches.
Json stats_json(std::int64_t matches, std::int64_t wins, std::optional<double> average,
                std::optional<double> best, std::optional<bool> lower_score_wins);
// The best of a lowest and highest score, by the game's direction.
std::optional<double> best_score(std::optional<double> lowest, std::optional<double> highest,
                                 bool lower_score_wins);

// A player's finished matches (of one game, or all): counts and scores.
struct ScoreTotals {
  std::int64_t matches = 0;
  std::int64_t wins = 0;
  std::optional<double> average;
  std::optional<double> lowest;
  std::optional<double> highest;
};

struct LeaderboardRow {
  std::string player_id;
  std::string name;
  ScoreTotals totals;
};
// `lower_score_wins` is known (set) only when `game` is not empty; rows in any order.
Json leaderboard_json(const std::string& game, std::optional<bool> lower_score_wins,
                      const std::vector<LeaderboardRow>& rows);

}  // namespace parlor::server::store::history
