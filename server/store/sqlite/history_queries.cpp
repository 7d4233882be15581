#include "server/store/sqlite/history_queries.hpp"

#include <algorithm>
#include <memory>
#include <unordered_map>

#include "server/store/row_readers.hpp"
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
  return sql::all_rows(row, [](const sql::Columns& c) { return rows::seat(c, 0); });
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
  while (row.step()) actions[row.get_text(0)].push_back(rows::action(sql::Columns{row}, 1));
  auto by_seq = [](const ActionRow& a, const ActionRow& b) { return a.seq < b.seq; };
  auto same_seq = [](const ActionRow& a, const ActionRow& b) { return a.seq == b.seq; };
  for (auto& [id, list] : actions) {
    std::stable_sort(list.begin(), list.end(), by_seq);
    list.erase(std::unique(list.begin(), list.end(), same_seq), list.end());
  }
  return actions;
}

// A finished or aborted match's actions, as the history API lists them. Stored as one

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
    return sql::all_rows(row, rows::player<sql::Columns>);
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
    return rows::player(sql::Columns{row});
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
    std::vector<UnfinishedMatch> matches = sql::all_rows(row, [](const sql::Columns& c) {
      return UnfinishedMatch{.start = rows::match_start(c), .actions = {}, .commitments = {}};
    });
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
    return sql::all_rows(row, rows::open_room<sql::Columns>);
  }

  std::vector<SummaryValues> match_summaries(const SummaryFilter& filter) override {
    std::string text = R"sql(
      SELECT m.id, m.room_id, m.game, m.status, m.started_at, m.ended_at,
             (SELECT count(*) FROM match_rounds r WHERE r.match_id = m.id)
      FROM matches m WHERE 1)sql";
    if (!filter.game.empty()) text += " AND m.game = :game";
    if (!filter.room_id.empty()) text += " AND m.room_id = :room_id";
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
    if (!filter.room_id.empty()) row.bind(":room_id", filter.room_id);
    if (!filter.seat_name.empty()) row.bind(":name", filter.seat_name);
    if (!filter.player_id.empty()) row.bind(":player_id", filter.player_id);
    if (filter.before) {
      row.bind(":before_at", filter.before->started_at);
      row.bind(":before_id", filter.before->match_id);
    }
    row.bind(":limit", filter.limit);

    return sql::all_rows(row, rows::summary<sql::Columns>);
  }

  std::vector<SeatValues> seats(const std::string& match_id) override {
    sql::Statement row(db_, R"sql(
      SELECT seat, kind, player_id, name, bot_level, score, placing, winner, left_early
      FROM match_seats WHERE match_id = ?1 ORDER BY seat)sql");
    row.bind(1, match_id);
    return sql::all_rows(row, rows::seat_values<sql::Columns>);
  }

  std::optional<MatchRecordRow> match_row(const std::string& match_id) override {
    sql::Statement row(db_, R"sql(
      SELECT id, room_id, match_number, game, options, status, started_at, ended_at,
             first_dealer, lower_score_wins, results, abort_reason, seed_hex
      FROM matches WHERE id = ?1)sql");
    row.bind(1, match_id);
    if (!row.step()) return std::nullopt;
    return rows::record(sql::Columns{row});
  }

  std::vector<std::string> round_results(const std::string& match_id) override {
    sql::Statement row(db_, R"sql(
      SELECT result FROM match_rounds WHERE match_id = ?1 ORDER BY round)sql");
    row.bind(1, match_id);
    return sql::all_rows(row, rows::first_text<sql::Columns>);
  }

  std::vector<CommitmentRow> commitments(const std::string& match_id) override {
    sql::Statement row(db_, R"sql(
      SELECT deal, sha256 FROM commitments WHERE match_id = ?1 ORDER BY deal)sql");
    row.bind(1, match_id);
    return sql::all_rows(row, rows::commitment<sql::Columns>);
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
    return sql::all_rows(row, rows::leaderboard<sql::Columns>);
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
    return sql::all_rows(namesake, rows::namesake<sql::Columns>);
  }

  std::vector<GameStatsRow> player_game_stats(const std::string& player_id) override {
    sql::Statement row(db_, R"sql(
      SELECT m.game, count(*), sum(s.placing = 1), avg(s.score), min(s.score), max(s.score),
             avg(s.placing)
      FROM match_seats s JOIN matches m ON m.id = s.match_id
      WHERE m.status = 'over' AND s.player_id = ?1
      GROUP BY m.game ORDER BY m.game)sql");
    row.bind(1, player_id);
    return sql::all_rows(row, rows::game_stats<sql::Columns>);
  }

  std::vector<FigureRow> player_figures(const std::string& player_id, int per_game) override {
    sql::Statement row(db_, R"sql(
      SELECT game, figures FROM (
        SELECT m.game, s.figures,
               row_number() OVER (PARTITION BY m.game ORDER BY m.ended_at DESC, m.id DESC)
                 AS newest
        FROM match_seats s JOIN matches m ON m.id = s.match_id
        WHERE m.status = 'over' AND s.player_id = ?1 AND s.figures IS NOT NULL)
      WHERE newest <= ?2 ORDER BY game, newest)sql");
    row.bind(1, player_id);
    row.bind(2, per_game);
    return sql::all_rows(row, rows::figure<sql::Columns>);
  }

  std::vector<RatingRow> game_ratings(const std::string& game) override {
    sql::Statement row(
        db_, std::string(sql_text::kRatingRowSql) + " WHERE r.game = ?1 ORDER BY r.player_id");
    row.bind(1, game);
    return sql::all_rows(row, rows::rating<sql::Columns>);
  }

  std::vector<RatingRow> player_ratings(const std::string& player_id) override {
    sql::Statement row(
        db_, std::string(sql_text::kRatingRowSql) + " WHERE r.player_id = ?1 ORDER BY r.game");
    row.bind(1, player_id);
    return sql::all_rows(row, rows::rating<sql::Columns>);
  }

  std::vector<RatingPoint> rating_history(const std::string& player_id, const std::string& game,
                                          int limit) override {
    sql::Statement row(db_, R"sql(
      SELECT match_id, at, mu, sigma, place FROM (
        SELECT match_id, at, mu, sigma, place FROM rating_history
        WHERE player_id = ?1 AND game = ?2 ORDER BY at DESC, match_id DESC LIMIT ?3)
      ORDER BY at, match_id)sql");
    row.bind(1, player_id);
    row.bind(2, game);
    row.bind(3, limit);
    return sql::all_rows(row, rows::rating_point<sql::Columns>);
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
