// The ratings' part of a write transaction (match_rating.hpp says how a match is rated):
// what a backend lets the shared steps below read and write inside the transaction that
// records a finished match, or that recomputes every rating from the history. SQLite runs
// them on its write connection as the batch goes (sqlite/rating_statements.hpp);
// PostgreSQL, whose batches are one pipelined round trip, runs them after the batch's
// statements and before its COMMIT, under a database-wide lock so that two nodes never
// rate from the same old values (postgres/pg_rating_step.hpp).
//
// Tables (SQLite migration 8, PostgreSQL 6): matches.rated (the room's choice when the
// match started), match_seats.team and match_seats.left_early, ratings (a player's current
// mu and sigma per game, with how many rated matches), rating_history (one row per rated
// player per match: the rating after it, and the place it was rated with).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/ratings/ratings.hpp"
#include "server/store/match_rating.hpp"

namespace parlor::server::store {

// A finished rated match as the rating step reads it.
struct MatchToRate {
  std::string match_id;
  std::string game;
  std::int64_t ended_at = 0;
  std::vector<RatedSeat> seats;  // by seat
};

class RatingTransaction {
 public:
  virtual ~RatingTransaction() = default;
  // The match, if it is over, rated, and not yet in rating_history.
  virtual std::optional<MatchToRate> match_to_rate(const std::string& match_id) = 0;
  // The player's rating in `game`, if they have one.
  virtual std::optional<ratings::Rating> rating_of(const std::string& player_id,
                                                   const std::string& game) = 0;
  // Stores `change` as the player's rating in `game` (one more match) and its history row.
  virtual void save_change(const MatchToRate& match, const RatingChange& change) = 0;
  // For a recomputation: every rating and history row goes, and the finished rated
  // matches' ids come back, oldest end first.
  virtual std::vector<std::string> clear_ratings() = 0;
};

// Rates `match_id` if it is over, rated and not yet rated: the changes are saved, or (the
// model refused the seats: logged) nothing is. Database errors propagate: the transaction
// fails and is retried.
void rate_finished_match(RatingTransaction& transaction, const std::string& match_id);
// Every rating again from the history, match by match in the order they ended; how many
// matches were rated.
std::int64_t recompute_ratings(RatingTransaction& transaction);

}  // namespace parlor::server::store
