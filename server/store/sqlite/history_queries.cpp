#include "server/store/sqlite/history_queries.hpp"

#include <algorithm>
#include <unordered_map>

#include "server/store/sqlite/statement.hpp"
#include "server/store/time_format.hpp"

namespace parlor::server::store::history {

namespace {

Json seats_json(sql::Database& db, const std::string& match_id) {
  sql::Statement row(db, R"sql(
    SELECT seat, kind, player_id, name, bot_level, score, placing, winner
    FROM match_seats WHERE match_id = ?1 ORDER BY seat)sql");
  row.bind(1, match_id);
  Json seats = Json::array();
  while (row.step()) {
    history::SeatValues seat;
    seat.seat = row.get_int(0);
    seat.kind = row.get_text(1);
    if (!row.is_null(2)) seat.player_id = row.get_text(2);
    seat.name = row.get_text(3);
    if (!row.is_null(4)) seat.bot_level = row.get_text(4);
    if (!row.is_null(5)) seat.score = row.get_double(5);
    if (!row.is_null(6)) seat.placing = row.get_int(6);
    if (!row.is_null(7)) seat.winner = row.get_bool(7);
    seats.push_back(seat_json(seat));
  }
  return seats;
}

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
// array of [seq, seat, action, timeout, at]; a row that does not parse lists none.
Json stored_actions_json(sql::Database& db, const std::string& match_id) {
  sql::Statement row(db, "SELECT actions FROM match_actions WHERE match_id = ?1");
  row.bind(1, match_id);
  if (!row.step()) return Json::array();
  return history::finished_actions_json(row.get_text(0));
}

std::vector<CommitmentRow> commitment_rows(sql::Database& db, const std::string& match_id) {
  sql::Statement row(db, R"sql(
    SELECT deal, sha256 FROM commitments WHERE match_id = ?1 ORDER BY deal)sql");
  row.bind(1, match_id);
  std::vector<CommitmentRow> commitments;
  while (row.step()) {
    commitments.push_back(CommitmentRow{.deal = row.get_int64(0), .sha256 = row.get_text(1)});
  }
  return commitments;
}

Json round_results(sql::Database& db, const std::string& match_id) {
  sql::Statement row(db, R"sql(
    SELECT result FROM match_rounds WHERE match_id = ?1 ORDER BY round)sql");
  row.bind(1, match_id);
  Json rounds = Json::array();
  while (row.step()) rounds.push_back(parse_json(row.get_text(0)));
  return rounds;
}

// Which matches a listing shows; empty strings mean "any".
struct SummaryFilter {
  std::string game;
  std::string seat_name;  // case-insensitive
  std::string player_id;
  std::optional<Cursor> before;
  int limit = kDefaultLimit;
};

struct Summary {
  Cursor position;
  Json json;
};

std::vector<Summary> match_summaries(sql::Database& db, const SummaryFilter& filter) {
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
    text += " AND (m.started_at < :before_at OR (m.started_at = :before_at AND m.id < :before_id))";
  }
  text += " ORDER BY m.started_at DESC, m.id DESC LIMIT :limit";

  sql::Statement row(db, text);
  if (!filter.game.empty()) row.bind(":game", filter.game);
  if (!filter.seat_name.empty()) row.bind(":name", filter.seat_name);
  if (!filter.player_id.empty()) row.bind(":player_id", filter.player_id);
  if (filter.before) {
    row.bind(":before_at", filter.before->started_at);
    row.bind(":before_id", filter.before->match_id);
  }
  row.bind(":limit", filter.limit);

  std::vector<Summary> summaries;
  while (row.step()) {
    std::string id = row.get_text(0);
    Millis started_at = row.get_int64(4);
    SummaryValues values{id,         row.get_text(1), row.get_text(2), row.get_text(3),
                         started_at, std::nullopt,    row.get_int64(6)};
    if (!row.is_null(5)) values.ended_at = row.get_int64(5);
    Json json = summary_json(values);
    summaries.push_back(Summary{Cursor{started_at, id}, std::move(json)});
  }
  // Seats after the listing's statement is done, one short indexed query per match.
  for (Summary& summary : summaries) {
    summary.json["seats"] = seats_json(db, summary.position.match_id);
  }
  return summaries;
}

std::optional<bool> game_lower_score_wins(sql::Database& db, const std::string& game) {
  sql::Statement row(db, R"sql(
    SELECT lower_score_wins FROM matches WHERE game = ?1 AND status = 'over'
    ORDER BY started_at DESC LIMIT 1)sql");
  row.bind(1, game);
  if (!row.step()) return std::nullopt;
  return row.get_bool(0);
}

std::optional<double> optional_double(const sql::Statement& row, int column) {
  if (row.is_null(column)) return std::nullopt;
  return row.get_double(column);
}

}  // namespace

std::vector<PlayerRow> load_players(sql::Database& db) {
  // Each player's first token, then the tokens other devices claimed (player_tokens).
  sql::Statement row(db, R"sql(
    SELECT id, name, token_hash, first_seen, last_seen FROM players
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

std::optional<PlayerRow> find_player_by_token(sql::Database& db, const std::string& token_hash) {
  sql::Statement row(db, R"sql(
    SELECT id, name, token_hash, first_seen, last_seen FROM players WHERE token_hash = ?1
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

std::vector<UnfinishedMatch> load_unfinished_matches(sql::Database& db) {
  return load_unfinished_matches_in_rooms(db, nullptr);
}

std::vector<UnfinishedMatch> load_unfinished_matches_in_rooms(
    sql::Database& db, const std::vector<std::string>* rooms) {
  std::optional<std::string> rooms_json;
  if (rooms) rooms_json = Json(*rooms).dump();
  sql::Statement row(db, std::string(R"sql(
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
      live_action_rows(db, rooms_json);
  for (UnfinishedMatch& match : matches) {
    match.start.seats = seat_rows(db, match.start.id);
    if (auto it = actions.find(match.start.id); it != actions.end()) {
      match.actions = std::move(it->second);
    }
    match.commitments = commitment_rows(db, match.start.id);
  }
  return matches;
}

std::vector<OpenRoomRow> load_open_rooms(sql::Database& db) {
  sql::Statement row(
      db, "SELECT room_id, saved, updated_at FROM open_rooms ORDER BY updated_at, room_id");
  std::vector<OpenRoomRow> rooms;
  while (row.step()) rooms.push_back({row.get_text(0), row.get_text(1), row.get_int64(2)});
  return rooms;
}

Json list_matches(sql::Database& db, const MatchQuery& query) {
  SummaryFilter filter;
  filter.game = query.game;
  filter.seat_name = query.player_name;
  filter.player_id = query.player_id;
  if (!query.before.empty()) {
    filter.before = decode_cursor(query.before);
    if (!filter.before) {
      return {{"error", "bad_request"}, {"message", "malformed paging cursor (before)"}};
    }
  }
  int limit = query.limit <= 0 ? kDefaultLimit : std::min(query.limit, kMaxLimit);
  filter.limit = limit + 1;  // one more tells whether there is a next page
  std::vector<Summary> summaries = match_summaries(db, filter);

  Json next = nullptr;
  if (static_cast<int>(summaries.size()) > limit) {
    summaries.resize(static_cast<std::size_t>(limit));
    next = encode_cursor(summaries.back().position);
  }
  Json matches = Json::array();
  for (Summary& summary : summaries) matches.push_back(std::move(summary.json));
  return {{"matches", std::move(matches)}, {"next", std::move(next)}};
}

std::optional<Json> match_record(sql::Database& db, const std::string& match_id) {
  sql::Statement row(db, R"sql(
    SELECT id, room_id, match_number, game, options, status, started_at, ended_at,
           first_dealer, lower_score_wins, results, abort_reason, seed_hex
    FROM matches WHERE id = ?1)sql");
  row.bind(1, match_id);
  if (!row.step()) return std::nullopt;
  RecordValues values;
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
  if (!row.is_null(10)) values.results_text = row.get_text(10);
  if (!row.is_null(11)) values.abort_reason = row.get_text(11);
  const std::string status = values.status;
  Json record = record_json(values);
  std::string seed_hex = row.get_text(12);

  record["seats"] = seats_json(db, match_id);
  record["rounds"] = round_results(db, match_id);
  Json commitments = Json::array();
  for (const CommitmentRow& commitment : commitment_rows(db, match_id)) {
    commitments.push_back({{"deal", commitment.deal}, {"sha256", commitment.sha256}});
  }
  record["commitments"] = std::move(commitments);

  // A live match's seed and journal would reveal hands and future deals: never served.
  if (status != "playing") {
    record["seed"] = seed_hex;
    record["actions"] = stored_actions_json(db, match_id);
  }
  return record;
}

Json leaderboard(sql::Database& db, const std::string& game) {
  std::string text = R"sql(
    SELECT s.player_id,
           COALESCE(p.name, (SELECT s2.name FROM match_seats s2 JOIN matches m2
                               ON m2.id = s2.match_id
                             WHERE s2.player_id = s.player_id
                             ORDER BY m2.started_at DESC LIMIT 1)),
           count(*), sum(s.placing = 1), avg(s.score), min(s.score), max(s.score)
    FROM match_seats s
    JOIN matches m ON m.id = s.match_id
    LEFT JOIN players p ON p.id = s.player_id
    WHERE m.status = 'over' AND s.kind = 'human' AND s.player_id IS NOT NULL)sql";
  if (!game.empty()) text += " AND m.game = :game";
  text += " GROUP BY s.player_id";
  sql::Statement row(db, text);
  if (!game.empty()) row.bind(":game", game);

  std::optional<bool> lower_score_wins;
  if (!game.empty()) lower_score_wins = game_lower_score_wins(db, game).value_or(false);
  std::vector<LeaderboardRow> rows;
  while (row.step()) {
    rows.push_back(LeaderboardRow{row.get_text(0), row.get_text(1), row.get_int64(2),
                                  row.get_int64(3), optional_double(row, 4),
                                  optional_double(row, 5), optional_double(row, 6)});
  }
  return leaderboard_json(game, lower_score_wins, rows);
}

std::optional<Json> player_profile(sql::Database& db, const std::string& name) {
  sql::Statement player(db, R"sql(
    SELECT id FROM players WHERE name = ?1 COLLATE NOCASE
    ORDER BY last_seen DESC, id DESC LIMIT 1)sql");
  player.bind(1, name);
  if (!player.step()) return std::nullopt;
  return player_profile_by_id(db, player.get_text(0));
}

std::optional<Json> player_profile_by_id(sql::Database& db, const std::string& player_id) {
  sql::Statement player(db, R"sql(
    SELECT id, name, first_seen, last_seen FROM players WHERE id = ?1)sql");
  player.bind(1, player_id);
  if (!player.step()) return std::nullopt;
  Json profile = {{"player", player_id},
                  {"name", player.get_text(1)},
                  {"first_seen", iso8601_utc(player.get_int64(2))},
                  {"last_seen", iso8601_utc(player.get_int64(3))}};

  // Others who chose the same name: a page by name shows one of them, and says so.
  sql::Statement namesake(db, R"sql(
    SELECT id, name, last_seen FROM players
    WHERE name = ?1 COLLATE NOCASE AND id <> ?2
    ORDER BY last_seen DESC, id DESC LIMIT 50)sql");
  namesake.bind(1, player.get_text(1));
  namesake.bind(2, player_id);
  Json namesakes = Json::array();
  while (namesake.step()) {
    namesakes.push_back({{"player", namesake.get_text(0)},
                         {"name", namesake.get_text(1)},
                         {"last_seen", iso8601_utc(namesake.get_int64(2))}});
  }
  profile["namesakes"] = std::move(namesakes);

  sql::Statement row(db, R"sql(
    SELECT m.game, count(*), sum(s.placing = 1), avg(s.score), min(s.score), max(s.score)
    FROM match_seats s JOIN matches m ON m.id = s.match_id
    WHERE m.status = 'over' AND s.player_id = ?1
    GROUP BY m.game ORDER BY m.game)sql");
  row.bind(1, player_id);
  Json games = Json::object();
  while (row.step()) {
    std::string game = row.get_text(0);
    bool lower_score_wins = game_lower_score_wins(db, game).value_or(false);
    games[game] =
        stats_json(row.get_int64(1), row.get_int64(2), optional_double(row, 3),
                   best_score(optional_double(row, 4), optional_double(row, 5), lower_score_wins),
                   lower_score_wins);
  }
  profile["games"] = std::move(games);

  SummaryFilter recent_filter;
  recent_filter.player_id = player_id;
  recent_filter.limit = kRecentMatches;
  Json recent = Json::array();
  for (Summary& summary : match_summaries(db, recent_filter)) {
    recent.push_back(std::move(summary.json));
  }
  profile["recent"] = std::move(recent);
  return profile;
}

}  // namespace parlor::server::store::history
