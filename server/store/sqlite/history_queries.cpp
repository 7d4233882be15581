#include "server/store/sqlite/history_queries.hpp"

#include <algorithm>
#include <memory>
#include <unordered_map>

#include "server/store/shared_sql.hpp"

#include "server/store/sqlite/account_queries.hpp"
#include "server/store/sqlite/statement.hpp"

namespace parlor::server::store {

using namespace history;

namespace {

std::vector<SeatRow> seat_rows(sql::Database& db, const std::string& match_id) {
  sql::Statement row(db, R"sql(
    SELECT seat, kind, player_id, name, bot_level
    FROM match_seats WHERE match_id = ?1 ORDER BY seat)sql");
  row.bind(1, match_id);
  std::vector<SeatRow> seats;
  while (row.step()) {
    seats.push_back(SeatRow{.seat = row.get_int(0),
                            .kind = row.get_text(1),
                            .player_id = row.get_text(2),
                            .name = row.get_text(3),
                            .bot_level = row.get_text(4)});
  }
  return seats;
}

// A match's start from the columns every recovery read selects, in this order: id,
// room_id, match_number, game, options, room_settings, seed_hex, first_dealer,
// lower_score_wins, started_at (its seats are read apart).
MatchStart match_start_of(const sql::Statement& row) {
  MatchStart start;
  start.id = row.get_text(0);
  start.room_id = row.get_text(1);
  start.match_number = row.get_int(2);
  start.game = row.get_text(3);
  start.options = parse_json(row.get_text(4));
  start.room_settings = parse_json(row.get_text(5));
  start.seed_hex = row.get_text(6);
  start.first_dealer = row.get_int(7);
  start.lower_score_wins = row.get_bool(8);
  start.started_at = row.get_int64(9);
  return start;
}

// Every live match's journal rows, by match id, each list by seq. A seq journaled twice
// keeps its first row, as the writer does (write_statements.hpp).
// The filter on rooms of the unfinished-match reads: ?1 is a JSON array of room ids, or
// NULL for every room.
constexpr const char* kInRooms = "(?1 IS NULL OR room_id IN (SELECT value FROM json_each(?1)))";

// `rooms_json`: the rooms whose journals to read (kInRooms), or null for all.
std::unordered_map<std::string, std::vector<ActionRow>> live_action_rows(
    sql::Database& db, const std::optional<std::string>& rooms_json) {
  sql::Statement row(db, std::string(R"sql(
    SELECT match_id, seq, seat, action, timeout, at FROM live_actions
    WHERE match_id IN (SELECT id FROM matches WHERE status = 'playing' AND )sql") +
                             kInRooms + ") ORDER BY id");
  row.bind(1, rooms_json);
  std::unordered_map<std::string, std::vector<ActionRow>> actions;
  while (row.step()) {
    actions[row.get_text(0)].push_back(ActionRow{.seq = row.get_int64(1),
                                                 .seat = row.get_int(2),
                                                 .action = parse_json(row.get_text(3)),
                                                 .timeout = row.get_bool(4),
                                                 .at = row.get_int64(5)});
  }
  auto by_seq = [](const ActionRow& a, const ActionRow& b) { return a.seq < b.seq; };
  auto same_seq = [](const ActionRow& a, const ActionRow& b) { return a.seq == b.seq; };
  for (auto& [id, list] : actions) {
    std::stable_sort(list.begin(), list.end(), by_seq);
    list.erase(std::unique(list.begin(), list.end(), same_seq), list.end());
  }
  return actions;
}

// A finished or aborted match's actions, as the history API lists them. Stored as one

std::optional<double> optional_double(const sql::Statement& row, int column) {
  if (row.is_null(column)) return std::nullopt;
  return row.get_double(column);
}

// Columns `first` to `first + 4`: count, wins, average, lowest and highest score.
std::vector<RatingRow> rating_rows(sql::Statement& rows) {
  std::vector<RatingRow> ratings;
  while (rows.step()) {
    ratings.push_back({rows.get_text(0), rows.get_text(1), rows.get_text(2), rows.get_double(3),
                       rows.get_double(4), rows.get_int64(5)});
  }
  return ratings;
}

ScoreTotals score_totals(const sql::Statement& row, int first) {
  return ScoreTotals{row.get_int64(first), row.get_int64(first + 1),
                     optional_double(row, first + 2), optional_double(row, first + 3),
                     optional_double(row, first + 4)};
}

std::optional<std::string> optional_text(const sql::Statement& row, int column) {
  if (row.is_null(column)) return std::nullopt;
  return row.get_text(column);
}

class SqliteReads final : public StoreReads {
 public:
  explicit SqliteReads(sql::Database& db) : db_(db), accounts_(db) {}

  std::vector<PlayerRow> load_players() override {
    // Each player's first token, then the tokens other devices claimed (player_tokens).
    // A first token that has ended (session_ended) reads as "": the player is still known.
    sql::Statement row(db_, R"sql(
      SELECT id, name,
             CASE WHEN substr(token_hash, 1, 6) = 'ended:' THEN '' ELSE token_hash END,
             first_seen, last_seen
      FROM players
      UNION ALL
      SELECT p.id, p.name, t.token_hash, p.first_seen, p.last_seen
      FROM player_tokens t JOIN players p ON p.id = t.player_id
      ORDER BY 4, 1, 3)sql");
    std::vector<PlayerRow> players;
    while (row.step()) {
      players.push_back(PlayerRow{.id = row.get_text(0),
                                  .name = row.get_text(1),
                                  .token_hash = row.get_text(2),
                                  .first_seen = row.get_int64(3),
                                  .last_seen = row.get_int64(4)});
    }
    return players;
  }

  std::optional<PlayerRow> find_player_by_token(const std::string& token_hash) override {
    sql::Statement row(db_, R"sql(
      SELECT id, name, token_hash, first_seen, last_seen FROM players
      WHERE token_hash = ?1 AND substr(token_hash, 1, 6) <> 'ended:'
      UNION ALL
      SELECT p.id, p.name, t.token_hash, p.first_seen, p.last_seen
      FROM player_tokens t JOIN players p ON p.id = t.player_id WHERE t.token_hash = ?1)sql");
    row.bind(1, token_hash);
    if (!row.step()) return std::nullopt;
    return PlayerRow{.id = row.get_text(0),
                     .name = row.get_text(1),
                     .token_hash = row.get_text(2),
                     .first_seen = row.get_int64(3),
                     .last_seen = row.get_int64(4)};
  }

  std::vector<UnfinishedMatch> load_unfinished_matches(
      const std::vector<std::string>* rooms) override {
    std::optional<std::string> rooms_json;
    if (rooms) rooms_json = Json(*rooms).dump();
    sql::Statement row(db_, std::string(R"sql(
      SELECT id, room_id, match_number, game, options, room_settings, seed_hex, first_dealer,
             lower_score_wins, started_at
      FROM matches WHERE status = 'playing' AND )sql") +
                                kInRooms + " ORDER BY started_at, id");
    row.bind(1, rooms_json);
    std::vector<UnfinishedMatch> matches;
    while (row.step()) {
      UnfinishedMatch match;
      match.start = match_start_of(row);
      matches.push_back(std::move(match));
    }
    // One pass over the journal: it holds no index by match.
    std::unordered_map<std::string, std::vector<ActionRow>> actions =
        live_action_rows(db_, rooms_json);
    for (UnfinishedMatch& match : matches) {
      match.start.seats = seat_rows(db_, match.start.id);
      if (auto it = actions.find(match.start.id); it != actions.end()) {
        match.actions = std::move(it->second);
      }
      match.commitments = commitments(match.start.id);
    }
    return matches;
  }

  std::vector<OpenRoomRow> load_open_rooms() override {
    sql::Statement row(
        db_, "SELECT room_id, saved, updated_at FROM open_rooms ORDER BY updated_at, room_id");
    std::vector<OpenRoomRow> rooms;
    while (row.step()) rooms.push_back({row.get_text(0), row.get_text(1), row.get_int64(2)});
    return rooms;
  }

  std::vector<SummaryValues> match_summaries(const SummaryFilter& filter) override {
    std::string text = R"sql(
      SELECT m.id, m.room_id, m.game, m.status, m.started_at, m.ended_at,
             (SELECT count(*) FROM match_rounds r WHERE r.match_id = m.id)
      FROM matches m WHERE 1)sql";
    if (!filter.game.empty()) text += " AND m.game = :game";
    if (!filter.seat_name.empty()) {
      text +=
          " AND EXISTS (SELECT 1 FROM match_seats s WHERE s.match_id = m.id"
          " AND s.name = :name COLLATE NOCASE)";
    }
    if (!filter.player_id.empty()) {
      text +=
          " AND EXISTS (SELECT 1 FROM match_seats s WHERE s.match_id = m.id"
          " AND s.player_id = :player_id)";
    }
    if (filter.before) {
      text +=
          " AND (m.started_at < :before_at OR (m.started_at = :before_at AND m.id < :before_id))";
    }
    text += " ORDER BY m.started_at DESC, m.id DESC LIMIT :limit";

    sql::Statement row(db_, text);
    if (!filter.game.empty()) row.bind(":game", filter.game);
    if (!filter.seat_name.empty()) row.bind(":name", filter.seat_name);
    if (!filter.player_id.empty()) row.bind(":player_id", filter.player_id);
    if (filter.before) {
      row.bind(":before_at", filter.before->started_at);
      row.bind(":before_id", filter.before->match_id);
    }
    row.bind(":limit", filter.limit);

    std::vector<SummaryValues> summaries;
    while (row.step()) {
      SummaryValues values{row.get_text(0),  row.get_text(1), row.get_text(2), row.get_text(3),
                           row.get_int64(4), std::nullopt,    row.get_int64(6)};
      if (!row.is_null(5)) values.ended_at = row.get_int64(5);
      summaries.push_back(std::move(values));
    }
    return summaries;
  }

  std::vector<SeatValues> seats(const std::string& match_id) override {
    sql::Statement row(db_, R"sql(
      SELECT seat, kind, player_id, name, bot_level, score, placing, winner
      FROM match_seats WHERE match_id = ?1 ORDER BY seat)sql");
    row.bind(1, match_id);
    std::vector<SeatValues> seats;
    while (row.step()) {
      SeatValues seat;
      seat.seat = row.get_int(0);
      seat.kind = row.get_text(1);
      seat.player_id = optional_text(row, 2);
      seat.name = row.get_text(3);
      seat.bot_level = optional_text(row, 4);
      seat.score = optional_double(row, 5);
      if (!row.is_null(6)) seat.placing = row.get_int(6);
      if (!row.is_null(7)) seat.winner = row.get_bool(7);
      seats.push_back(std::move(seat));
    }
    return seats;
  }

  std::optional<MatchRecordRow> match_row(const std::string& match_id) override {
    sql::Statement row(db_, R"sql(
      SELECT id, room_id, match_number, game, options, status, started_at, ended_at,
             first_dealer, lower_score_wins, results, abort_reason, seed_hex
      FROM matches WHERE id = ?1)sql");
    row.bind(1, match_id);
    if (!row.step()) return std::nullopt;
    MatchRecordRow record;
    RecordValues& values = record.values;
    values.id = row.get_text(0);
    values.room_id = row.get_text(1);
    values.match_number = row.get_int(2);
    values.game = row.get_text(3);
    values.options_text = row.get_text(4);
    values.status = row.get_text(5);
    values.started_at = row.get_int64(6);
    if (!row.is_null(7)) values.ended_at = row.get_int64(7);
    values.first_dealer = row.get_int(8);
    values.lower_score_wins = row.get_bool(9);
    values.results_text = optional_text(row, 10);
    values.abort_reason = optional_text(row, 11);
    record.seed_hex = row.get_text(12);
    return record;
  }

  std::vector<std::string> round_results(const std::string& match_id) override {
    sql::Statement row(db_, R"sql(
      SELECT result FROM match_rounds WHERE match_id = ?1 ORDER BY round)sql");
    row.bind(1, match_id);
    std::vector<std::string> rounds;
    while (row.step()) rounds.push_back(row.get_text(0));
    return rounds;
  }

  std::vector<CommitmentRow> commitments(const std::string& match_id) override {
    sql::Statement row(db_, R"sql(
      SELECT deal, sha256 FROM commitments WHERE match_id = ?1 ORDER BY deal)sql");
    row.bind(1, match_id);
    std::vector<CommitmentRow> commitments;
    while (row.step()) {
      commitments.push_back(CommitmentRow{.deal = row.get_int64(0), .sha256 = row.get_text(1)});
    }
    return commitments;
  }

  std::optional<std::string> stored_actions(const std::string& match_id) override {
    sql::Statement row(db_, "SELECT actions FROM match_actions WHERE match_id = ?1");
    row.bind(1, match_id);
    if (!row.step()) return std::nullopt;
    return row.get_text(0);
  }

  std::vector<LeaderboardRow> leaderboard_rows(const std::string& game) override {
    std::string text = std::string("SELECT s.player_id,") + sql_text::kSeatPlayerName + R"sql(,
             count(*), sum(s.placing = 1), avg(s.score), min(s.score), max(s.score)
      FROM match_seats s
      JOIN matches m ON m.id = s.match_id
      LEFT JOIN players p ON p.id = s.player_id
      WHERE m.status = 'over' AND s.kind = 'human' AND s.player_id IS NOT NULL)sql";
    if (!game.empty()) text += " AND m.game = :game";
    text += " GROUP BY s.player_id";
    sql::Statement row(db_, text);
    if (!game.empty()) row.bind(":game", game);
    std::vector<LeaderboardRow> rows;
    while (row.step()) {
      rows.push_back(LeaderboardRow{row.get_text(0), row.get_text(1), score_totals(row, 2)});
    }
    return rows;
  }

  std::optional<bool> game_lower_score_wins(const std::string& game) override {
    sql::Statement row(db_, R"sql(
      SELECT lower_score_wins FROM matches WHERE game = ?1 AND status = 'over'
      ORDER BY started_at DESC LIMIT 1)sql");
    row.bind(1, game);
    if (!row.step()) return std::nullopt;
    return row.get_bool(0);
  }

  std::optional<std::string> player_id_named(const std::string& name) override {
    sql::Statement player(db_, R"sql(
      SELECT id FROM players WHERE name = ?1 COLLATE NOCASE
      ORDER BY last_seen DESC, id DESC LIMIT 1)sql");
    player.bind(1, name);
    if (!player.step()) return std::nullopt;
    return player.get_text(0);
  }

  std::optional<PlayerRow> player(const std::string& player_id) override {
    sql::Statement player(db_, "SELECT name, first_seen, last_seen FROM players WHERE id = ?1");
    player.bind(1, player_id);
    if (!player.step()) return std::nullopt;
    return PlayerRow{.id = player_id,
                     .name = player.get_text(0),
                     .token_hash = "",
                     .first_seen = player.get_int64(1),
                     .last_seen = player.get_int64(2)};
  }

  std::vector<PlayerRow> namesakes(const std::string& name,
                                   const std::string& except_player_id) override {
    sql::Statement namesake(db_, R"sql(
      SELECT id, name, last_seen FROM players
      WHERE name = ?1 COLLATE NOCASE AND id <> ?2
      ORDER BY last_seen DESC, id DESC LIMIT 50)sql");
    namesake.bind(1, name);
    namesake.bind(2, except_player_id);
    std::vector<PlayerRow> namesakes;
    while (namesake.step()) {
      namesakes.push_back(PlayerRow{.id = namesake.get_text(0),
                                    .name = namesake.get_text(1),
                                    .token_hash = "",
                                    .first_seen = 0,
                                    .last_seen = namesake.get_int64(2)});
    }
    return namesakes;
  }

  std::vector<GameStatsRow> player_game_stats(const std::string& player_id) override {
    sql::Statement row(db_, R"sql(
      SELECT m.game, count(*), sum(s.placing = 1), avg(s.score), min(s.score), max(s.score),
             avg(s.placing)
      FROM match_seats s JOIN matches m ON m.id = s.match_id
      WHERE m.status = 'over' AND s.player_id = ?1
      GROUP BY m.game ORDER BY m.game)sql");
    row.bind(1, player_id);
    std::vector<GameStatsRow> games;
    while (row.step()) {
      std::optional<double> place;
      if (!row.is_null(6)) place = row.get_double(6);
      games.push_back(GameStatsRow{row.get_text(0), score_totals(row, 1), place});
    }
    return games;
  }

  std::vector<FigureRow> player_figures(const std::string& player_id, int per_game) override {
    sql::Statement rows(db_, R"sql(
      SELECT game, figures FROM (
        SELECT m.game, s.figures,
               row_number() OVER (PARTITION BY m.game ORDER BY m.ended_at DESC, m.id DESC)
                 AS newest
        FROM match_seats s JOIN matches m ON m.id = s.match_id
        WHERE m.status = 'over' AND s.player_id = ?1 AND s.figures IS NOT NULL)
      WHERE newest <= ?2 ORDER BY game, newest)sql");
    rows.bind(1, player_id);
    rows.bind(2, per_game);
    std::vector<FigureRow> figures;
    while (rows.step()) figures.push_back({rows.get_text(0), rows.get_text(1)});
    return figures;
  }

  std::vector<RatingRow> game_ratings(const std::string& game) override {
    sql::Statement rows(
        db_, std::string(sql_text::kRatingRowSql) + " WHERE r.game = ?1 ORDER BY r.player_id");
    rows.bind(1, game);
    return rating_rows(rows);
  }

  std::vector<RatingRow> player_ratings(const std::string& player_id) override {
    sql::Statement rows(
        db_, std::string(sql_text::kRatingRowSql) + " WHERE r.player_id = ?1 ORDER BY r.game");
    rows.bind(1, player_id);
    return rating_rows(rows);
  }

  std::vector<RatingPoint> rating_history(const std::string& player_id, const std::string& game,
                                          int limit) override {
    sql::Statement rows(db_, R"sql(
      SELECT match_id, at, mu, sigma, place FROM (
        SELECT match_id, at, mu, sigma, place FROM rating_history
        WHERE player_id = ?1 AND game = ?2 ORDER BY at DESC, match_id DESC LIMIT ?3)
      ORDER BY at, match_id)sql");
    rows.bind(1, player_id);
    rows.bind(2, game);
    rows.bind(3, limit);
    std::vector<RatingPoint> points;
    while (rows.step()) {
      points.push_back({rows.get_text(0), rows.get_int64(1), rows.get_double(2), rows.get_double(3),
                        rows.get_int(4)});
    }
    return points;
  }

  // A club's server's (account_queries.hpp).
  AccountReads& accounts() override { return accounts_; }

 private:
  sql::Database& db_;
  SqliteAccountQueries accounts_;
};

}  // namespace

std::unique_ptr<StoreReads> sqlite_reads(sql::Database& db) {
  return std::make_unique<SqliteReads>(db);
}

}  // namespace parlor::server::store
