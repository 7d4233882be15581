#include "server/store/postgres/pg_history_queries.hpp"

#include <algorithm>
#include <memory>
#include <unordered_map>

#include "server/store/postgres/pg_account_queries.hpp"
#include "server/store/shared_sql.hpp"

namespace parlor::server::store::pg {

using namespace store::history;

namespace {

std::optional<std::string> optional_string(const Result& row, int r, int c) {
  if (row.is_null(r, c)) return std::nullopt;
  return row.string(r, c);
}

std::optional<double> optional_double(const Result& row, int r, int c) {
  if (row.is_null(r, c)) return std::nullopt;
  return row.number(r, c);
}

// Columns `c` to `c + 4`: count, wins, average, lowest and highest score.
std::vector<RatingRow> rating_rows(const Result& rows) {
  std::vector<RatingRow> ratings;
  for (int r = 0; r < rows.rows(); ++r) {
    ratings.push_back({rows.string(r, 0), rows.string(r, 1), rows.string(r, 2), rows.number(r, 3),
                       rows.number(r, 4), rows.int64(r, 5)});
  }
  return ratings;
}

ScoreTotals score_totals(const Result& row, int r, int c) {
  return ScoreTotals{row.int64(r, c), row.int64(r, c + 1), optional_double(row, r, c + 2),
                     optional_double(row, r, c + 3), optional_double(row, r, c + 4)};
}

int int_of(const Result& row, int r, int c) { return static_cast<int>(row.int64(r, c)); }

PlayerRow player_row(const Result& row, int r) {
  return PlayerRow{.id = row.string(r, 0),
                   .name = row.string(r, 1),
                   .token_hash = row.string(r, 2),
                   .first_seen = row.int64(r, 3),
                   .last_seen = row.int64(r, 4)};
}

// A match's start from the columns every recovery read selects, in this order: id,
// room_id, match_number, game, options, room_settings, seed_hex, first_dealer,
// lower_score_wins, started_at (its seats are read apart).
MatchStart match_start_of(const Result& row, int r) {
  MatchStart start;
  start.id = row.string(r, 0);
  start.room_id = row.string(r, 1);
  start.match_number = int_of(row, r, 2);
  start.game = row.string(r, 3);
  start.options = parse_json(row.string(r, 4));
  start.room_settings = parse_json(row.string(r, 5));
  start.seed_hex = row.string(r, 6);
  start.first_dealer = int_of(row, r, 7);
  start.lower_score_wins = row.boolean(r, 8);
  start.started_at = row.int64(r, 9);
  return start;
}

class PgReads final : public StoreReads {
 public:
  explicit PgReads(Connection& db) : db_(db), accounts_(db) {}

  std::vector<PlayerRow> load_players() override {
    // Each player's first token, then the tokens other devices claimed (player_tokens).
    // (A UNION may be ordered only by its bare columns: the collation needs a subquery.)
    // A first token that has ended (session_ended) reads as "": the player is still known.
    Result row = db_.exec(R"sql(
      SELECT id, name, token_hash, first_seen, last_seen FROM (
        SELECT id, name,
               CASE WHEN substr(token_hash, 1, 6) = 'ended:' THEN '' ELSE token_hash END
                 AS token_hash,
               first_seen, last_seen
        FROM players
        UNION ALL
        SELECT p.id, p.name, t.token_hash, p.first_seen, p.last_seen
        FROM player_tokens t JOIN players p ON p.id = t.player_id) tokens
      ORDER BY first_seen, id COLLATE "C", token_hash COLLATE "C")sql");
    std::vector<PlayerRow> players;
    for (int r = 0; r < row.rows(); ++r) players.push_back(player_row(row, r));
    return players;
  }

  std::optional<PlayerRow> find_player_by_token(const std::string& token_hash) override {
    Result row = db_.exec(R"sql(
      SELECT id, name, token_hash, first_seen, last_seen FROM players
      WHERE token_hash = $1 AND substr(token_hash, 1, 6) <> 'ended:'
      UNION ALL
      SELECT p.id, p.name, t.token_hash, p.first_seen, p.last_seen
      FROM player_tokens t JOIN players p ON p.id = t.player_id WHERE t.token_hash = $1)sql",
                          Params().add(token_hash));
    if (row.rows() == 0) return std::nullopt;
    return player_row(row, 0);
  }

  // `rooms`: only the matches of these rooms (a NULL array: every room). The three reads
  // filter alike, so a takeover reads only the journals of the rooms it takes.
  std::vector<UnfinishedMatch> load_unfinished_matches(
      const std::vector<std::string>* rooms) override {
    Params filter;
    if (rooms) {
      filter.add(text_array(*rooms));
    } else {
      filter.add_null();
    }
    Result row = db_.exec(R"sql(
      SELECT id, room_id, match_number, game, options, room_settings, seed_hex, first_dealer,
             lower_score_wins, started_at
      FROM matches
      WHERE status = 'playing' AND ($1::text[] IS NULL OR room_id = ANY($1::text[]))
      ORDER BY started_at, id COLLATE "C")sql",
                          filter);
    std::vector<UnfinishedMatch> matches;
    std::unordered_map<std::string, std::size_t> index;
    for (int r = 0; r < row.rows(); ++r) {
      UnfinishedMatch match;
      match.start = match_start_of(row, r);
      index[match.start.id] = matches.size();
      matches.push_back(std::move(match));
    }
    Result seats = db_.exec(R"sql(
      SELECT s.match_id, s.seat, s.kind, s.player_id, s.name, s.bot_level
      FROM match_seats s JOIN matches m ON m.id = s.match_id
      WHERE m.status = 'playing' AND ($1::text[] IS NULL OR m.room_id = ANY($1::text[]))
      ORDER BY s.match_id, s.seat)sql",
                            filter);
    for (int r = 0; r < seats.rows(); ++r) {
      auto it = index.find(seats.string(r, 0));
      if (it == index.end()) continue;
      matches[it->second].start.seats.push_back(SeatRow{.seat = int_of(seats, r, 1),
                                                        .kind = seats.string(r, 2),
                                                        .player_id = seats.string(r, 3),
                                                        .name = seats.string(r, 4),
                                                        .bot_level = seats.string(r, 5)});
    }
    Result actions = db_.exec(R"sql(
      SELECT a.match_id, a.seq, a.seat, a.action, a.timeout, a.at
      FROM live_actions a JOIN matches m ON m.id = a.match_id
      WHERE m.status = 'playing' AND ($1::text[] IS NULL OR m.room_id = ANY($1::text[]))
      ORDER BY a.match_id, a.seq)sql",
                              filter);
    for (int r = 0; r < actions.rows(); ++r) {
      auto it = index.find(actions.string(r, 0));
      if (it == index.end()) continue;
      matches[it->second].actions.push_back(ActionRow{.seq = actions.int64(r, 1),
                                                      .seat = int_of(actions, r, 2),
                                                      .action = parse_json(actions.string(r, 3)),
                                                      .timeout = actions.boolean(r, 4),
                                                      .at = actions.int64(r, 5)});
    }
    for (UnfinishedMatch& match : matches) match.commitments = commitments(match.start.id);
    return matches;
  }

  std::vector<OpenRoomRow> load_open_rooms() override {
    Result row = db_.exec(
        "SELECT room_id, saved, updated_at FROM open_rooms ORDER BY updated_at, room_id COLLATE "
        "\"C\"");
    std::vector<OpenRoomRow> rooms;
    for (int r = 0; r < row.rows(); ++r) {
      rooms.push_back({row.string(r, 0), row.string(r, 1), row.int64(r, 2)});
    }
    return rooms;
  }

  std::vector<SummaryValues> match_summaries(const SummaryFilter& filter) override {
    std::string text = R"sql(
      SELECT m.id, m.room_id, m.game, m.status, m.started_at, m.ended_at,
             (SELECT count(*) FROM match_rounds r WHERE r.match_id = m.id)
      FROM matches m WHERE true)sql";
    Params params;
    auto next = [&params] { return "$" + std::to_string(params.size()); };
    if (!filter.game.empty()) {
      params.add(filter.game);
      text += " AND m.game = " + next();
    }
    if (!filter.seat_name.empty()) {
      params.add(filter.seat_name);
      text +=
          " AND EXISTS (SELECT 1 FROM match_seats s WHERE s.match_id = m.id AND lower(s.name) = "
          "lower(" +
          next() + "))";
    }
    if (!filter.player_id.empty()) {
      params.add(filter.player_id);
      text +=
          " AND EXISTS (SELECT 1 FROM match_seats s WHERE s.match_id = m.id AND s.player_id = " +
          next() + ")";
    }
    if (filter.before) {
      params.add(filter.before->started_at);
      const std::string at = next();
      params.add(filter.before->match_id);
      const std::string id = next();
      text += " AND (m.started_at < " + at + " OR (m.started_at = " + at +
              " AND m.id COLLATE \"C\" < " + id + "))";
    }
    params.add(filter.limit);
    text += " ORDER BY m.started_at DESC, m.id COLLATE \"C\" DESC LIMIT " + next();

    Result row = db_.exec(text, params);
    std::vector<SummaryValues> summaries;
    for (int r = 0; r < row.rows(); ++r) {
      SummaryValues values{row.string(r, 0), row.string(r, 1), row.string(r, 2), row.string(r, 3),
                           row.int64(r, 4),  std::nullopt,     row.int64(r, 6)};
      if (!row.is_null(r, 5)) values.ended_at = row.int64(r, 5);
      summaries.push_back(std::move(values));
    }
    return summaries;
  }

  std::vector<SeatValues> seats(const std::string& match_id) override {
    Result row = db_.exec(R"sql(
      SELECT seat, kind, player_id, name, bot_level, score, "placing", winner
      FROM match_seats WHERE match_id = $1 ORDER BY seat)sql",
                          Params().add(match_id));
    std::vector<SeatValues> seats;
    for (int r = 0; r < row.rows(); ++r) {
      SeatValues seat;
      seat.seat = int_of(row, r, 0);
      seat.kind = row.string(r, 1);
      seat.player_id = optional_string(row, r, 2);
      seat.name = row.string(r, 3);
      seat.bot_level = optional_string(row, r, 4);
      seat.score = optional_double(row, r, 5);
      if (!row.is_null(r, 6)) seat.placing = int_of(row, r, 6);
      if (!row.is_null(r, 7)) seat.winner = row.boolean(r, 7);
      seats.push_back(std::move(seat));
    }
    return seats;
  }

  std::optional<MatchRecordRow> match_row(const std::string& match_id) override {
    Result row = db_.exec(R"sql(
      SELECT id, room_id, match_number, game, options, status, started_at, ended_at,
             first_dealer, lower_score_wins, results, abort_reason, seed_hex
      FROM matches WHERE id = $1)sql",
                          Params().add(match_id));
    if (row.rows() == 0) return std::nullopt;
    MatchRecordRow record;
    RecordValues& values = record.values;
    values.id = row.string(0, 0);
    values.room_id = row.string(0, 1);
    values.match_number = int_of(row, 0, 2);
    values.game = row.string(0, 3);
    values.options_text = row.string(0, 4);
    values.status = row.string(0, 5);
    values.started_at = row.int64(0, 6);
    if (!row.is_null(0, 7)) values.ended_at = row.int64(0, 7);
    values.first_dealer = int_of(row, 0, 8);
    values.lower_score_wins = row.boolean(0, 9);
    values.results_text = optional_string(row, 0, 10);
    values.abort_reason = optional_string(row, 0, 11);
    record.seed_hex = row.string(0, 12);
    return record;
  }

  std::vector<std::string> round_results(const std::string& match_id) override {
    Result row = db_.exec("SELECT result FROM match_rounds WHERE match_id = $1 ORDER BY round",
                          Params().add(match_id));
    std::vector<std::string> rounds;
    for (int r = 0; r < row.rows(); ++r) rounds.push_back(row.string(r, 0));
    return rounds;
  }

  std::vector<CommitmentRow> commitments(const std::string& match_id) override {
    Result row = db_.exec("SELECT deal, sha256 FROM commitments WHERE match_id = $1 ORDER BY deal",
                          Params().add(match_id));
    std::vector<CommitmentRow> commitments;
    for (int r = 0; r < row.rows(); ++r) {
      commitments.push_back(CommitmentRow{.deal = row.int64(r, 0), .sha256 = row.string(r, 1)});
    }
    return commitments;
  }

  std::optional<std::string> stored_actions(const std::string& match_id) override {
    Result row =
        db_.exec("SELECT actions FROM match_actions WHERE match_id = $1", Params().add(match_id));
    if (row.rows() == 0) return std::nullopt;
    return row.string(0, 0);
  }

  std::vector<LeaderboardRow> leaderboard_rows(const std::string& game) override {
    std::string text = std::string("SELECT s.player_id,") + sql_text::kSeatPlayerName + R"sql(,
             count(*), count(*) FILTER (WHERE s."placing" = 1), avg(s.score), min(s.score),
             max(s.score)
      FROM match_seats s
      JOIN matches m ON m.id = s.match_id
      LEFT JOIN players p ON p.id = s.player_id
      WHERE m.status = 'over' AND s.kind = 'human' AND s.player_id IS NOT NULL)sql";
    Params params;
    if (!game.empty()) {
      params.add(game);
      text += " AND m.game = $1";
    }
    text += " GROUP BY s.player_id, p.name";
    Result row = db_.exec(text, params);
    std::vector<LeaderboardRow> rows;
    for (int r = 0; r < row.rows(); ++r) {
      rows.push_back(LeaderboardRow{row.string(r, 0), row.string(r, 1), score_totals(row, r, 2)});
    }
    return rows;
  }

  std::optional<bool> game_lower_score_wins(const std::string& game) override {
    Result row = db_.exec(R"sql(
      SELECT lower_score_wins FROM matches WHERE game = $1 AND status = 'over'
      ORDER BY started_at DESC LIMIT 1)sql",
                          Params().add(game));
    if (row.rows() == 0) return std::nullopt;
    return row.boolean(0, 0);
  }

  std::optional<std::string> player_id_named(const std::string& name) override {
    Result player = db_.exec(R"sql(
      SELECT id FROM players WHERE lower(name) = lower($1)
      ORDER BY last_seen DESC, id COLLATE "C" DESC LIMIT 1)sql",
                             Params().add(name));
    if (player.rows() == 0) return std::nullopt;
    return player.string(0, 0);
  }

  std::optional<PlayerRow> player(const std::string& player_id) override {
    Result player = db_.exec("SELECT name, first_seen, last_seen FROM players WHERE id = $1",
                             Params().add(player_id));
    if (player.rows() == 0) return std::nullopt;
    return PlayerRow{.id = player_id,
                     .name = player.string(0, 0),
                     .token_hash = "",
                     .first_seen = player.int64(0, 1),
                     .last_seen = player.int64(0, 2)};
  }

  std::vector<PlayerRow> namesakes(const std::string& name,
                                   const std::string& except_player_id) override {
    Result namesake = db_.exec(R"sql(
      SELECT id, name, last_seen FROM players WHERE lower(name) = lower($1) AND id <> $2
      ORDER BY last_seen DESC, id COLLATE "C" DESC LIMIT 50)sql",
                               Params().add(name).add(except_player_id));
    std::vector<PlayerRow> namesakes;
    for (int r = 0; r < namesake.rows(); ++r) {
      namesakes.push_back(PlayerRow{.id = namesake.string(r, 0),
                                    .name = namesake.string(r, 1),
                                    .token_hash = "",
                                    .first_seen = 0,
                                    .last_seen = namesake.int64(r, 2)});
    }
    return namesakes;
  }

  std::vector<GameStatsRow> player_game_stats(const std::string& player_id) override {
    Result row = db_.exec(R"sql(
      SELECT m.game, count(*), count(*) FILTER (WHERE s."placing" = 1), avg(s.score),
             min(s.score), max(s.score), avg(s."placing")::double precision
      FROM match_seats s JOIN matches m ON m.id = s.match_id
      WHERE m.status = 'over' AND s.player_id = $1
      GROUP BY m.game ORDER BY m.game COLLATE "C")sql",
                          Params().add(player_id));
    std::vector<GameStatsRow> games;
    for (int r = 0; r < row.rows(); ++r) {
      std::optional<double> place;
      if (!row.is_null(r, 6)) place = row.number(r, 6);
      games.push_back(GameStatsRow{row.string(r, 0), score_totals(row, r, 1), place});
    }
    return games;
  }

  std::vector<FigureRow> player_figures(const std::string& player_id, int per_game) override {
    Result rows = db_.exec(R"sql(
      SELECT game, figures FROM (
        SELECT m.game, s.figures,
               row_number() OVER (PARTITION BY m.game
                                  ORDER BY m.ended_at DESC, m.id COLLATE "C" DESC) AS newest
        FROM match_seats s JOIN matches m ON m.id = s.match_id
        WHERE m.status = 'over' AND s.player_id = $1 AND s.figures IS NOT NULL) latest
      WHERE newest <= $2 ORDER BY game COLLATE "C", newest)sql",
                           Params().add(player_id).add(per_game));
    std::vector<FigureRow> figures;
    for (int r = 0; r < rows.rows(); ++r) figures.push_back({rows.string(r, 0), rows.string(r, 1)});
    return figures;
  }

  std::vector<RatingRow> game_ratings(const std::string& game) override {
    return rating_rows(db_.exec(std::string(sql_text::kRatingRowSql) +
                                    " WHERE r.game = $1 ORDER BY r.player_id COLLATE \"C\"",
                                Params().add(game)));
  }

  std::vector<RatingRow> player_ratings(const std::string& player_id) override {
    return rating_rows(db_.exec(std::string(sql_text::kRatingRowSql) +
                                    " WHERE r.player_id = $1 ORDER BY r.game COLLATE \"C\"",
                                Params().add(player_id)));
  }

  std::vector<RatingPoint> rating_history(const std::string& player_id, const std::string& game,
                                          int limit) override {
    Result rows = db_.exec(R"sql(
      SELECT match_id, at, mu, sigma, place FROM (
        SELECT match_id, at, mu, sigma, place FROM rating_history
        WHERE player_id = $1 AND game = $2
        ORDER BY at DESC, match_id COLLATE "C" DESC LIMIT $3) newest
      ORDER BY at, match_id COLLATE "C")sql",
                           Params().add(player_id).add(game).add(limit));
    std::vector<RatingPoint> points;
    for (int r = 0; r < rows.rows(); ++r) {
      points.push_back({rows.string(r, 0), rows.int64(r, 1), rows.number(r, 2), rows.number(r, 3),
                        static_cast<int>(rows.int64(r, 4))});
    }
    return points;
  }

  // A club's server's (pg_account_queries.hpp).
  AccountReads& accounts() override { return accounts_; }

 private:
  Connection& db_;
  PgAccountQueries accounts_;
};

}  // namespace

std::unique_ptr<StoreReads> pg_reads(Connection& db) { return std::make_unique<PgReads>(db); }

}  // namespace parlor::server::store::pg
