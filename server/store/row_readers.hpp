// The store's rows read from a query's columns, written once for both backends: their
// statements' text differs, what each column of a row means does not. `Columns` is one
// row of a result with text(c), int64(c), number(c) (a double), boolean(c) and
// is_null(c): sqlite/statement.hpp's sql::Columns (the statement's current row) or
// postgres/pg_connection.hpp's pg::Columns (one row of a Result), each with an
// all_rows(result, reader). Each reader names the columns it reads, in order (or
// shared_sql.hpp's list it follows); `first` is the column it starts at where a query
// puts others before.
#pragma once

#include <optional>
#include <string>

#include "server/store/account_rows.hpp"
#include "server/store/history_json.hpp"
#include "server/store/store.hpp"
#include "server/store/store_reads.hpp"

namespace parlor::server::store::rows {

template <class Columns>
std::optional<std::string> optional_text(const Columns& row, int column) {
  if (row.is_null(column)) return std::nullopt;
  return row.text(column);
}

template <class Columns>
std::optional<double> optional_number(const Columns& row, int column) {
  if (row.is_null(column)) return std::nullopt;
  return row.number(column);
}

template <class Columns>
int integer(const Columns& row, int column) {
  return static_cast<int>(row.int64(column));
}

// id, name, token_hash, first_seen, last_seen.
template <class Columns>
PlayerRow player(const Columns& row) {
  return PlayerRow{.id = row.text(0),
                   .name = row.text(1),
                   .token_hash = row.text(2),
                   .first_seen = row.int64(3),
                   .last_seen = row.int64(4)};
}

// id, name, last_seen: another player of the same name.
template <class Columns>
PlayerRow namesake(const Columns& row) {
  return PlayerRow{.id = row.text(0),
                   .name = row.text(1),
                   .token_hash = "",
                   .first_seen = 0,
                   .last_seen = row.int64(2)};
}

// The columns every recovery read selects: id, room_id, match_number, game, options,
// room_settings, seed_hex, first_dealer, lower_score_wins, started_at (its seats are read
// apart).
template <class Columns>
MatchStart match_start(const Columns& row) {
  MatchStart start;
  start.id = row.text(0);
  start.room_id = row.text(1);
  start.match_number = integer(row, 2);
  start.game = row.text(3);
  start.options = history::parse_json(row.text(4));
  start.room_settings = history::parse_json(row.text(5));
  start.seed_hex = row.text(6);
  start.first_dealer = integer(row, 7);
  start.lower_score_wins = row.boolean(8);
  start.started_at = row.int64(9);
  return start;
}

// From `first`: seat, kind, player_id, name, bot_level.
template <class Columns>
SeatRow seat(const Columns& row, int first) {
  return SeatRow{.seat = integer(row, first),
                 .kind = row.text(first + 1),
                 .player_id = row.text(first + 2),
                 .name = row.text(first + 3),
                 .bot_level = row.text(first + 4)};
}

// From `first`: seq, seat, action, timeout, at.
template <class Columns>
ActionRow action(const Columns& row, int first) {
  return ActionRow{.seq = row.int64(first),
                   .seat = integer(row, first + 1),
                   .action = history::parse_json(row.text(first + 2)),
                   .timeout = row.boolean(first + 3),
                   .at = row.int64(first + 4)};
}

// deal, sha256.
template <class Columns>
CommitmentRow commitment(const Columns& row) {
  return CommitmentRow{.deal = row.int64(0), .sha256 = row.text(1)};
}

// room_id, saved, updated_at.
template <class Columns>
OpenRoomRow open_room(const Columns& row) {
  return OpenRoomRow{row.text(0), row.text(1), row.int64(2)};
}

// id, room_id, game, status, started_at, ended_at, the count of its rounds.
template <class Columns>
history::SummaryValues summary(const Columns& row) {
  history::SummaryValues values{row.text(0),  row.text(1),  row.text(2), row.text(3),
                                row.int64(4), std::nullopt, row.int64(6)};
  if (!row.is_null(5)) values.ended_at = row.int64(5);
  return values;
}

// seat, kind, player_id, name, bot_level, score, placing, winner, left_early.
template <class Columns>
history::SeatValues seat_values(const Columns& row) {
  history::SeatValues seat;
  seat.seat = integer(row, 0);
  seat.kind = row.text(1);
  seat.player_id = optional_text(row, 2);
  seat.name = row.text(3);
  seat.bot_level = optional_text(row, 4);
  seat.score = optional_number(row, 5);
  if (!row.is_null(6)) seat.placing = integer(row, 6);
  if (!row.is_null(7)) seat.winner = row.boolean(7);
  seat.left_early = row.boolean(8);
  return seat;
}

// id, room_id, match_number, game, options, status, started_at, ended_at, first_dealer,
// lower_score_wins, results, abort_reason, seed_hex.
template <class Columns>
MatchRecordRow record(const Columns& row) {
  MatchRecordRow record;
  history::RecordValues& values = record.values;
  values.id = row.text(0);
  values.room_id = row.text(1);
  values.match_number = integer(row, 2);
  values.game = row.text(3);
  values.options_text = row.text(4);
  values.status = row.text(5);
  values.started_at = row.int64(6);
  if (!row.is_null(7)) values.ended_at = row.int64(7);
  values.first_dealer = integer(row, 8);
  values.lower_score_wins = row.boolean(9);
  values.results_text = optional_text(row, 10);
  values.abort_reason = optional_text(row, 11);
  record.seed_hex = row.text(12);
  return record;
}

// From `first`: the count of matches, wins, average, lowest and highest score.
template <class Columns>
history::ScoreTotals score_totals(const Columns& row, int first) {
  return history::ScoreTotals{row.int64(first), row.int64(first + 1),
                              optional_number(row, first + 2), optional_number(row, first + 3),
                              optional_number(row, first + 4)};
}

// player_id, name, then score_totals.
template <class Columns>
history::LeaderboardRow leaderboard(const Columns& row) {
  return history::LeaderboardRow{row.text(0), row.text(1), score_totals(row, 2)};
}

// game, score_totals, average placing.
template <class Columns>
GameStatsRow game_stats(const Columns& row) {
  return GameStatsRow{row.text(0), score_totals(row, 1), optional_number(row, 6)};
}

// game, figures.
template <class Columns>
FigureRow figure(const Columns& row) {
  return FigureRow{row.text(0), row.text(1)};
}

// sql_text::kRatingRowSql: player_id, name, game, mu, sigma, matches.
template <class Columns>
RatingRow rating(const Columns& row) {
  return RatingRow{row.text(0),   row.text(1),   row.text(2),
                   row.number(3), row.number(4), row.int64(5)};
}

// match_id, at, mu, sigma, place.
template <class Columns>
RatingPoint rating_point(const Columns& row) {
  return RatingPoint{row.text(0), row.int64(1), row.number(2), row.number(3), integer(row, 4)};
}

// ---- A club's rows (account_rows.hpp) ----

// sql_text::kAccountColumns.
template <class Columns>
AccountRow account(const Columns& row) {
  return AccountRow{.player_id = row.text(0),
                    .handle = row.text(1),
                    .handle_key = row.text(2),
                    .skeleton = row.text(3),
                    .password_hash = row.text(4),
                    .role = row.text(5),
                    .approved = row.boolean(6),
                    .invited = row.boolean(9),
                    .created_at = row.int64(7),
                    .password_changed_at = row.int64(8)};
}

// sql_text::kInviteColumns.
template <class Columns>
InviteRow invite(const Columns& row) {
  return InviteRow{.id = row.text(0),
                   .code_hash = row.text(1),
                   .created_by = row.text(2),
                   .note = row.text(3),
                   .created_at = row.int64(4),
                   .expires_at = row.int64(5),
                   .max_uses = static_cast<int>(row.int64(6)),
                   .uses = static_cast<int>(row.int64(7)),
                   .revoked_at = row.int64(8)};
}

// sql_text::kAuditColumns.
template <class Columns>
AuditRow audit(const Columns& row) {
  return AuditRow{.seq = row.int64(0),
                  .key = row.text(1),
                  .at = row.int64(2),
                  .actor_id = row.text(3),
                  .actor_name = row.text(4),
                  .action = row.text(5),
                  .target_id = row.text(6),
                  .target_name = row.text(7),
                  .detail = row.text(8)};
}

// player_id, until, reason, by_player, at.
template <class Columns>
SanctionRow sanction(const Columns& row) {
  return SanctionRow{.player_id = row.text(0),
                     .until = row.int64(1),
                     .reason = row.text(2),
                     .by = row.text(3),
                     .at = row.int64(4)};
}

// token_hash, created_at, label; of `player_id`.
template <class Columns>
SessionRow session(const Columns& row, const std::string& player_id) {
  return SessionRow{.token_hash = row.text(0),
                    .player_id = player_id,
                    .label = row.text(2),
                    .created_at = row.int64(1)};
}

// id, state, updated_at.
template <class Columns>
EventRow event(const Columns& row) {
  return EventRow{row.text(0), row.text(1), row.int64(2)};
}

// The first column's text.
template <class Columns>
std::string first_text(const Columns& row) {
  return row.text(0);
}

}  // namespace parlor::server::store::rows
