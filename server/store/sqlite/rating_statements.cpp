#include "server/store/sqlite/rating_statements.hpp"

namespace parlor::server::store {

RatingStatements::RatingStatements(sql::Database& db)
    : db_(db),
      match_(db, R"sql(
        SELECT game, ended_at FROM matches m
        WHERE id = ?1 AND status = 'over' AND rated <> 0
          AND NOT EXISTS (SELECT 1 FROM rating_history h WHERE h.match_id = m.id))sql"),
      seats_(db, R"sql(
        SELECT seat, kind, player_id, bot_level, placing, team, left_early
        FROM match_seats WHERE match_id = ?1 ORDER BY seat)sql"),
      rating_(db, "SELECT mu, sigma FROM ratings WHERE player_id = ?1 AND game = ?2"),
      upsert_rating_(db, R"sql(
        INSERT INTO ratings (player_id, game, mu, sigma, matches, updated_at)
        VALUES (?1, ?2, ?3, ?4, 1, ?5)
        ON CONFLICT (player_id, game) DO UPDATE SET
          mu = excluded.mu, sigma = excluded.sigma, matches = ratings.matches + 1,
          updated_at = excluded.updated_at)sql"),
      insert_history_(db, R"sql(
        INSERT INTO rating_history (match_id, player_id, game, mu, sigma, place, at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7))sql"),
      rated_matches_(db, R"sql(
        SELECT id FROM matches WHERE status = 'over' AND rated <> 0
        ORDER BY ended_at, id)sql") {}

std::optional<MatchToRate> RatingStatements::match_to_rate(const std::string& match_id) {
  sql::ResetWhenDone reset_match(match_);
  match_.bind(1, match_id);
  if (!match_.step()) return std::nullopt;
  MatchToRate match{match_id, match_.get_text(0), match_.get_int64(1), {}};
  sql::ResetWhenDone reset_seats(seats_);
  seats_.bind(1, match_id);
  while (seats_.step()) {
    RatedSeat seat;
    seat.seat = seats_.get_int(0);
    seat.human = seats_.text_view(1) == "human";
    seat.player_id = seats_.get_optional_text(2).value_or("");
    seat.bot_level = seats_.get_optional_text(3).value_or("");
    seat.placing = seats_.is_null(4) ? 0 : seats_.get_int(4);
    seat.team = seats_.is_null(5) ? -1 : seats_.get_int(5);
    seat.left = seats_.get_bool(6);
    match.seats.push_back(std::move(seat));
  }
  return match;
}

std::optional<ratings::Rating> RatingStatements::rating_of(const std::string& player_id,
                                                           const std::string& game) {
  sql::ResetWhenDone reset(rating_);
  rating_.bind(1, player_id);
  rating_.bind(2, game);
  if (!rating_.step()) return std::nullopt;
  return ratings::Rating{rating_.get_double(0), rating_.get_double(1)};
}

void RatingStatements::save_change(const MatchToRate& match, const RatingChange& change) {
  upsert_rating_.reset();
  upsert_rating_.bind(1, change.player_id);
  upsert_rating_.bind(2, match.game);
  upsert_rating_.bind(3, change.after.mu);
  upsert_rating_.bind(4, change.after.sigma);
  upsert_rating_.bind(5, match.ended_at);
  upsert_rating_.run();
  insert_history_.reset();
  insert_history_.bind(1, match.match_id);
  insert_history_.bind(2, change.player_id);
  insert_history_.bind(3, match.game);
  insert_history_.bind(4, change.after.mu);
  insert_history_.bind(5, change.after.sigma);
  insert_history_.bind(6, change.place);
  insert_history_.bind(7, match.ended_at);
  insert_history_.run();
}

std::vector<std::string> RatingStatements::clear_ratings() {
  db_.exec("DELETE FROM ratings");
  db_.exec("DELETE FROM rating_history");
  std::vector<std::string> ids;
  sql::ResetWhenDone reset(rated_matches_);
  while (rated_matches_.step()) ids.push_back(rated_matches_.get_text(0));
  return ids;
}

}  // namespace parlor::server::store
