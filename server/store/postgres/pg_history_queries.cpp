#include "server/store/postgres/pg_history_queries.hpp"

#include <algorithm>
#include <memory>
#include <unordered_map>

#include "server/store/postgres/pg_account_queries.hpp"
#include "server/store/row_readers.hpp"
#include "server/store/shared_sql.hpp"

namespace parlor::server::store::pg {

using namespace store::history;

namespace {

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
    return all_rows(row, rows::player<Columns>);
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
    return rows::player(Columns{row, 0});
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
      match.start = rows::match_start(Columns{row, r});
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
      matches[it->second].start.seats.push_back(rows::seat(Columns{seats, r}, 1));
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
      matches[it->second].actions.push_back(rows::action(Columns{actions, r}, 1));
    }
    for (UnfinishedMatch& match : matches) match.commitments = commitments(match.start.id);
    return matches;
  }

  std::vector<OpenRoomRow> load_open_rooms() override {
    Result row = db_.exec(
        "SELECT room_id, saved, updated_at FROM open_rooms ORDER BY updated_at, room_id COLLATE "
        "\"C\"");
    return all_rows(row, rows::open_room<Columns>);
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
    if (!filter.room_id.empty()) {
      params.add(filter.room_id);
      text += " AND m.room_id = " + next();
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
    return all_rows(row, rows::summary<Columns>);
  }

  std::vector<SeatValues> seats(const std::string& match_id) override {
    Result row = db_.exec(R"sql(
      SELECT seat, kind, player_id, name, bot_level, score, "placing", winner, left_early
      FROM match_seats WHERE match_id = $1 ORDER BY seat)sql",
                          Params().add(match_id));
    return all_rows(row, rows::seat_values<Columns>);
  }

  std::optional<MatchRecordRow> match_row(const std::string& match_id) override {
    Result row = db_.exec(R"sql(
      SELECT id, room_id, match_number, game, options, status, started_at, ended_at,
             first_dealer, lower_score_wins, results, abort_reason, seed_hex
      FROM matches WHERE id = $1)sql",
                          Params().add(match_id));
    if (row.rows() == 0) return std::nullopt;
    return rows::record(Columns{row, 0});
  }

  std::vector<std::string> round_results(const std::string& match_id) override {
    Result row = db_.exec("SELECT result FROM match_rounds WHERE match_id = $1 ORDER BY round",
                          Params().add(match_id));
    return all_rows(row, rows::first_text<Columns>);
  }

  std::vector<CommitmentRow> commitments(const std::string& match_id) override {
    Result row = db_.exec("SELECT deal, sha256 FROM commitments WHERE match_id = $1 ORDER BY deal",
                          Params().add(match_id));
    return all_rows(row, rows::commitment<Columns>);
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
    return all_rows(row, rows::leaderboard<Columns>);
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
    return all_rows(namesake, rows::namesake<Columns>);
  }

  std::vector<GameStatsRow> player_game_stats(const std::string& player_id) override {
    Result row = db_.exec(R"sql(
      SELECT m.game, count(*), count(*) FILTER (WHERE s."placing" = 1), avg(s.score),
             min(s.score), max(s.score), avg(s."placing")::double precision
      FROM match_seats s JOIN matches m ON m.id = s.match_id
      WHERE m.status = 'over' AND s.player_id = $1
      GROUP BY m.game ORDER BY m.game COLLATE "C")sql",
                          Params().add(player_id));
    return all_rows(row, rows::game_stats<Columns>);
  }

  std::vector<FigureRow> player_figures(const std::string& player_id, int per_game) override {
    Result row = db_.exec(R"sql(
      SELECT game, figures FROM (
        SELECT m.game, s.figures,
               row_number() OVER (PARTITION BY m.game
                                  ORDER BY m.ended_at DESC, m.id COLLATE "C" DESC) AS newest
        FROM match_seats s JOIN matches m ON m.id = s.match_id
        WHERE m.status = 'over' AND s.player_id = $1 AND s.figures IS NOT NULL) latest
      WHERE newest <= $2 ORDER BY game COLLATE "C", newest)sql",
                          Params().add(player_id).add(per_game));
    return all_rows(row, rows::figure<Columns>);
  }

  std::vector<RatingRow> game_ratings(const std::string& game) override {
    Result row = db_.exec(std::string(sql_text::kRatingRowSql) +
                              " WHERE r.game = $1 ORDER BY r.player_id COLLATE \"C\"",
                          Params().add(game));
    return all_rows(row, rows::rating<Columns>);
  }

  std::vector<RatingRow> player_ratings(const std::string& player_id) override {
    Result row = db_.exec(std::string(sql_text::kRatingRowSql) +
                              " WHERE r.player_id = $1 ORDER BY r.game COLLATE \"C\"",
                          Params().add(player_id));
    return all_rows(row, rows::rating<Columns>);
  }

  std::vector<RatingPoint> rating_history(const std::string& player_id, const std::string& game,
                                          int limit) override {
    Result row = db_.exec(R"sql(
      SELECT match_id, at, mu, sigma, place FROM (
        SELECT match_id, at, mu, sigma, place FROM rating_history
        WHERE player_id = $1 AND game = $2
        ORDER BY at DESC, match_id COLLATE "C" DESC LIMIT $3) newest
      ORDER BY at, match_id COLLATE "C")sql",
                          Params().add(player_id).add(game).add(limit));
    return all_rows(row, rows::rating_point<Columns>);
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
