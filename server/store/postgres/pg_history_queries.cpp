#include "server/store/postgres/pg_history_queries.hpp"

#include <algorithm>
#include <unordered_map>

#include "server/store/time_format.hpp"

namespace parlor::server::store::pg::history {

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

Json seats_json(Connection& db, const std::string& match_id) {
  Result row = db.exec(R"sql(
    SELECT seat, kind, player_id, name, bot_level, score, "placing", winner
    FROM match_seats WHERE match_id = $1 ORDER BY seat)sql",
                       Params().add(match_id));
  Json seats = Json::array();
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
    seats.push_back(seat_json(seat));
  }
  return seats;
}

std::vector<CommitmentRow> commitment_rows(Connection& db, const std::string& match_id) {
  Result row = db.exec("SELECT deal, sha256 FROM commitments WHERE match_id = $1 ORDER BY deal",
                       Params().add(match_id));
  std::vector<CommitmentRow> commitments;
  for (int r = 0; r < row.rows(); ++r) {
    commitments.push_back(CommitmentRow{.deal = row.int64(r, 0), .sha256 = row.string(r, 1)});
  }
  return commitments;
}

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

std::vector<Summary> match_summaries(Connection& db, const SummaryFilter& filter) {
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
    text += " AND EXISTS (SELECT 1 FROM match_seats s WHERE s.match_id = m.id AND s.player_id = " +
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

  Result row = db.exec(text, params);
  std::vector<Summary> summaries;
  for (int r = 0; r < row.rows(); ++r) {
    SummaryValues values{row.string(r, 0), row.string(r, 1), row.string(r, 2), row.string(r, 3),
                         row.int64(r, 4),  std::nullopt,     row.int64(r, 6)};
    if (!row.is_null(r, 5)) values.ended_at = row.int64(r, 5);
    summaries.push_back(Summary{Cursor{values.started_at, values.id}, summary_json(values)});
  }
  for (Summary& summary : summaries) {
    summary.json["seats"] = seats_json(db, summary.position.match_id);
  }
  return summaries;
}

std::optional<bool> game_lower_score_wins(Connection& db, const std::string& game) {
  Result row = db.exec(R"sql(
    SELECT lower_score_wins FROM matches WHERE game = $1 AND status = 'over'
    ORDER BY started_at DESC LIMIT 1)sql",
                       Params().add(game));
  if (row.rows() == 0) return std::nullopt;
  return row.boolean(0, 0);
}

}  // namespace

std::vector<PlayerRow> load_players(Connection& db) {
  // Each player's first token, then the tokens other devices claimed (player_tokens).
  // (A UNION may be ordered only by its bare columns: the collation needs a subquery.)
  Result row = db.exec(R"sql(
    SELECT id, name, token_hash, first_seen, last_seen FROM (
      SELECT id, name, token_hash, first_seen, last_seen FROM players
      UNION ALL
      SELECT p.id, p.name, t.token_hash, p.first_seen, p.last_seen
      FROM player_tokens t JOIN players p ON p.id = t.player_id) tokens
    ORDER BY first_seen, id COLLATE "C", token_hash COLLATE "C")sql");
  std::vector<PlayerRow> players;
  for (int r = 0; r < row.rows(); ++r) players.push_back(player_row(row, r));
  return players;
}

std::optional<PlayerRow> find_player_by_token(Connection& db, const std::string& token_hash) {
  Result row = db.exec(R"sql(
    SELECT id, name, token_hash, first_seen, last_seen FROM players WHERE token_hash = $1
    UNION ALL
    SELECT p.id, p.name, t.token_hash, p.first_seen, p.last_seen
    FROM player_tokens t JOIN players p ON p.id = t.player_id WHERE t.token_hash = $1)sql",
                       Params().add(token_hash));
  if (row.rows() == 0) return std::nullopt;
  return player_row(row, 0);
}

std::vector<UnfinishedMatch> load_unfinished_matches(Connection& db) {
  return load_unfinished_matches_in_rooms(db, nullptr);
}

// `rooms`: only the matches of these rooms (a NULL array: every room). The three reads
// filter alike, so a takeover reads only the journals of the rooms it takes.
std::vector<UnfinishedMatch> load_unfinished_matches_in_rooms(
    Connection& db, const std::vector<std::string>* rooms) {
  Params filter;
  if (rooms) {
    filter.add(text_array(*rooms));
  } else {
    filter.add_null();
  }
  Result row = db.exec(R"sql(
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
  Result seats = db.exec(R"sql(
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
  Result actions = db.exec(R"sql(
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
  for (UnfinishedMatch& match : matches) match.commitments = commitment_rows(db, match.start.id);
  return matches;
}

std::vector<OpenRoomRow> load_open_rooms(Connection& db) {
  Result row = db.exec(
      "SELECT room_id, saved, updated_at FROM open_rooms ORDER BY updated_at, room_id COLLATE "
      "\"C\"");
  std::vector<OpenRoomRow> rooms;
  for (int r = 0; r < row.rows(); ++r) {
    rooms.push_back({row.string(r, 0), row.string(r, 1), row.int64(r, 2)});
  }
  return rooms;
}

Json list_matches(Connection& db, const MatchQuery& query) {
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

std::optional<Json> match_record(Connection& db, const std::string& match_id) {
  Result row = db.exec(R"sql(
    SELECT id, room_id, match_number, game, options, status, started_at, ended_at,
           first_dealer, lower_score_wins, results, abort_reason, seed_hex
    FROM matches WHERE id = $1)sql",
                       Params().add(match_id));
  if (row.rows() == 0) return std::nullopt;
  RecordValues values;
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
  const std::string seed_hex = row.string(0, 12);
  Json record = record_json(values);

  record["seats"] = seats_json(db, match_id);
  Result rounds = db.exec("SELECT result FROM match_rounds WHERE match_id = $1 ORDER BY round",
                          Params().add(match_id));
  Json round_results = Json::array();
  for (int r = 0; r < rounds.rows(); ++r) round_results.push_back(parse_json(rounds.string(r, 0)));
  record["rounds"] = std::move(round_results);
  Json commitments = Json::array();
  for (const CommitmentRow& commitment : commitment_rows(db, match_id)) {
    commitments.push_back({{"deal", commitment.deal}, {"sha256", commitment.sha256}});
  }
  record["commitments"] = std::move(commitments);
  // A live match's seed and journal would reveal hands and future deals: never served.
  if (values.status != "playing") {
    record["seed"] = seed_hex;
    Result stored =
        db.exec("SELECT actions FROM match_actions WHERE match_id = $1", Params().add(match_id));
    record["actions"] =
        stored.rows() == 0 ? Json::array() : finished_actions_json(stored.string(0, 0));
  }
  return record;
}

Json leaderboard(Connection& db, const std::string& game) {
  std::string text = R"sql(
    SELECT s.player_id,
           COALESCE(p.name, (SELECT s2.name FROM match_seats s2 JOIN matches m2
                               ON m2.id = s2.match_id
                             WHERE s2.player_id = s.player_id
                             ORDER BY m2.started_at DESC LIMIT 1)),
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
  Result row = db.exec(text, params);
  std::optional<bool> lower_score_wins;
  if (!game.empty()) lower_score_wins = game_lower_score_wins(db, game).value_or(false);
  std::vector<LeaderboardRow> rows;
  for (int r = 0; r < row.rows(); ++r) {
    rows.push_back(LeaderboardRow{row.string(r, 0), row.string(r, 1), row.int64(r, 2),
                                  row.int64(r, 3), optional_double(row, r, 4),
                                  optional_double(row, r, 5), optional_double(row, r, 6)});
  }
  return leaderboard_json(game, lower_score_wins, rows);
}

std::optional<Json> player_profile(Connection& db, const std::string& name) {
  Result player = db.exec(R"sql(
    SELECT id FROM players WHERE lower(name) = lower($1)
    ORDER BY last_seen DESC, id COLLATE "C" DESC LIMIT 1)sql",
                          Params().add(name));
  if (player.rows() == 0) return std::nullopt;
  return player_profile_by_id(db, player.string(0, 0));
}

std::optional<Json> player_profile_by_id(Connection& db, const std::string& player_id) {
  Result player = db.exec("SELECT id, name, first_seen, last_seen FROM players WHERE id = $1",
                          Params().add(player_id));
  if (player.rows() == 0) return std::nullopt;
  Json profile = {{"player", player_id},
                  {"name", player.string(0, 1)},
                  {"first_seen", iso8601_utc(player.int64(0, 2))},
                  {"last_seen", iso8601_utc(player.int64(0, 3))}};
  // Others who chose the same name: a page by name shows one of them, and says so.
  Result namesake = db.exec(R"sql(
    SELECT id, name, last_seen FROM players WHERE lower(name) = lower($1) AND id <> $2
    ORDER BY last_seen DESC, id COLLATE "C" DESC LIMIT 50)sql",
                            Params().add(player.string(0, 1)).add(player_id));
  Json namesakes = Json::array();
  for (int r = 0; r < namesake.rows(); ++r) {
    namesakes.push_back({{"player", namesake.string(r, 0)},
                         {"name", namesake.string(r, 1)},
                         {"last_seen", iso8601_utc(namesake.int64(r, 2))}});
  }
  profile["namesakes"] = std::move(namesakes);
  Result row = db.exec(R"sql(
    SELECT m.game, count(*), count(*) FILTER (WHERE s."placing" = 1), avg(s.score),
           min(s.score), max(s.score)
    FROM match_seats s JOIN matches m ON m.id = s.match_id
    WHERE m.status = 'over' AND s.player_id = $1
    GROUP BY m.game ORDER BY m.game COLLATE "C")sql",
                       Params().add(player_id));
  Json games = Json::object();
  for (int r = 0; r < row.rows(); ++r) {
    const std::string game = row.string(r, 0);
    const bool lower_score_wins = game_lower_score_wins(db, game).value_or(false);
    games[game] = stats_json(
        row.int64(r, 1), row.int64(r, 2), optional_double(row, r, 3),
        best_score(optional_double(row, r, 4), optional_double(row, r, 5), lower_score_wins),
        lower_score_wins);
  }
  profile["games"] = std::move(games);
  SummaryFilter recent_filter;
  recent_filter.player_id = player_id;
  recent_filter.limit = kRecentMatches;
  Json recent = Json::array();
  for (Summary& summary : match_summaries(db, recent_filter))
    recent.push_back(std::move(summary.json));
  profile["recent"] = std::move(recent);
  return profile;
}

}  // namespace parlor::server::store::pg::history
