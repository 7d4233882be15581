#include "server/store/postgres/pg_rating_step.hpp"

namespace parlor::server::store::pg {

std::optional<MatchToRate> PgRatingStep::match_to_rate(const std::string& match_id) {
  Result match = connection_.exec(R"sql(
    SELECT game, ended_at FROM matches m
    WHERE id = $1 AND status = 'over' AND rated
      AND NOT EXISTS (SELECT 1 FROM rating_history h WHERE h.match_id = m.id))sql",
                                  Params().add(match_id));
  if (match.rows() == 0) return std::nullopt;
  MatchToRate rated{match_id, match.string(0, 0), match.int64(0, 1), {}};
  Result seats = connection_.exec(R"sql(
    SELECT seat, kind, player_id, bot_level, "placing", team, left_early
    FROM match_seats WHERE match_id = $1 ORDER BY seat)sql",
                                  Params().add(match_id));
  for (int row = 0; row < seats.rows(); ++row) {
    RatedSeat seat;
    seat.seat = static_cast<int>(seats.int64(row, 0));
    seat.human = seats.text(row, 1) == "human";
    seat.player_id = seats.string(row, 2);
    seat.bot_level = seats.string(row, 3);
    seat.placing = seats.is_null(row, 4) ? 0 : static_cast<int>(seats.int64(row, 4));
    seat.team = seats.is_null(row, 5) ? -1 : static_cast<int>(seats.int64(row, 5));
    seat.left = seats.boolean(row, 6);
    rated.seats.push_back(std::move(seat));
  }
  return rated;
}

std::optional<ratings::Rating> PgRatingStep::rating_of(const std::string& player_id,
                                                       const std::string& game) {
  Result row = connection_.exec("SELECT mu, sigma FROM ratings WHERE player_id = $1 AND game = $2",
                                Params().add(player_id).add(game));
  if (row.rows() == 0) return std::nullopt;
  return ratings::Rating{row.number(0, 0), row.number(0, 1)};
}

void PgRatingStep::save_change(const MatchToRate& match, const RatingChange& change) {
  connection_.exec(R"sql(
    INSERT INTO ratings (player_id, game, mu, sigma, matches, updated_at)
    VALUES ($1, $2, $3, $4, 1, $5)
    ON CONFLICT (player_id, game) DO UPDATE SET
      mu = excluded.mu, sigma = excluded.sigma, matches = ratings.matches + 1,
      updated_at = excluded.updated_at)sql",
                   Params()
                       .add(change.player_id)
                       .add(match.game)
                       .add(change.after.mu)
                       .add(change.after.sigma)
                       .add(match.ended_at));
  connection_.exec(R"sql(
    INSERT INTO rating_history (match_id, player_id, game, mu, sigma, place, at)
    VALUES ($1, $2, $3, $4, $5, $6, $7))sql",
                   Params()
                       .add(match.match_id)
                       .add(change.player_id)
                       .add(match.game)
                       .add(change.after.mu)
                       .add(change.after.sigma)
                       .add(change.place)
                       .add(match.ended_at));
}

std::vector<std::string> PgRatingStep::clear_ratings() {
  connection_.exec("DELETE FROM ratings");
  connection_.exec("DELETE FROM rating_history");
  Result rows = connection_.exec(
      "SELECT id FROM matches WHERE status = 'over' AND rated ORDER BY ended_at, id");
  std::vector<std::string> ids;
  for (int row = 0; row < rows.rows(); ++row) ids.push_back(rows.string(row, 0));
  return ids;
}

}  // namespace parlor::server::store::pg
