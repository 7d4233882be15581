#include "server/store/sqlite/write_statements.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <charconv>

#include "engine/core/json_writer.hpp"
#include "server/store/shared_sql.hpp"
#include "server/store/sqlite/errors.hpp"

namespace parlor::server::store {

namespace {

// The journal is cleaned once this many rows can go, and at most kMaxCleanRows at a time,
// so that no one commit (and the messages held behind it) pays for a long delete.
constexpr std::int64_t kCleanStep = 256;
constexpr std::int64_t kMaxCleanRows = 4096;
// When a long match holds the oldest live row, finished matches' rows are still cleaned
// once they are this far behind the newest row: several times the live rows, so that a
// match of ordinary length is rarely left with rows behind the cleaned range.
constexpr std::int64_t kMinLag = 65536;
constexpr std::int64_t kLagPerLiveRow = 4;
// Journal rows per INSERT statement at most (one prepared statement per count up to it).
constexpr std::size_t kRowsPerInsert = 16;

void append_int(std::string& text, std::int64_t value) {
  char digits[24];
  auto [end, error] = std::to_chars(digits, digits + sizeof digits, value);
  text.append(digits, end);
}

std::optional<std::string> null_if_empty(const std::string& text) {
  if (text.empty()) return std::nullopt;
  return text;
}

}  // namespace

WriteStatements::WriteStatements(sql::Database& db)
    : db_(db),
      upsert_player_(db, R"sql(
        INSERT INTO players (id, name, token_hash, first_seen, last_seen)
        VALUES (:id, :name, :token_hash, :first_seen, :last_seen)
        ON CONFLICT (id) DO UPDATE SET
          name = excluded.name, token_hash = excluded.token_hash,
          first_seen = min(first_seen, excluded.first_seen),
          last_seen = max(last_seen, excluded.last_seen))sql"),
      player_seen_(db, R"sql(
        UPDATE players SET name = :name, last_seen = max(last_seen, :at) WHERE id = :id)sql"),
      add_player_token_(db, R"sql(
        INSERT INTO player_tokens (token_hash, player_id, created_at)
        VALUES (:token_hash, :player_id, :at)
        ON CONFLICT (token_hash) DO NOTHING)sql"),
      save_room_(db, R"sql(
        INSERT INTO open_rooms (room_id, saved, updated_at) VALUES (:room_id, :saved, :at)
        ON CONFLICT (room_id) DO UPDATE SET
          saved = excluded.saved, updated_at = excluded.updated_at)sql"),
      remove_room_(db, "DELETE FROM open_rooms WHERE room_id = :room_id"),
      upsert_match_(db, std::string(R"sql(
        INSERT INTO matches (id, room_id, match_number, game, options, room_settings, seed_hex,
                             first_dealer, lower_score_wins, started_at, status, rated)
        VALUES (:id, :room_id, :match_number, :game, :options, :room_settings, :seed_hex,
                :first_dealer, :lower_score_wins, :started_at, 'playing', :rated)
        ON CONFLICT (id) DO UPDATE SET)sql") +
                            sql_text::kMatchStartUpdates + " WHERE status = 'playing'"),
      upsert_seat_(db, R"sql(
        INSERT INTO match_seats (match_id, seat, kind, player_id, name, bot_level, team)
        VALUES (:match_id, :seat, :kind, :player_id, :name, :bot_level, :team)
        ON CONFLICT (match_id, seat) DO UPDATE SET
          kind = excluded.kind, player_id = excluded.player_id, name = excluded.name,
          bot_level = excluded.bot_level, team = excluded.team)sql"),
      put_match_actions_(db, R"sql(
        INSERT INTO match_actions (match_id, actions) VALUES (?1, ?2)
        ON CONFLICT (match_id) DO NOTHING)sql"),
      clean_range_(db, R"sql(
        DELETE FROM live_actions WHERE id >= ?1 AND id < ?2
          AND match_id NOT IN (SELECT id FROM matches WHERE status = 'playing'))sql"),
      delete_leftovers_(db, R"sql(
        DELETE FROM live_actions WHERE id >= ?1 AND id < ?2 AND match_id = ?3)sql"),
      read_row_(db, R"sql(
        SELECT seq, seat, action, timeout, at FROM live_actions WHERE id = ?1)sql"),
      // The rows whose ids ?1 lists (a JSON array), in its order: json_each is the outer
      // loop and each row is found by its rowid. No ORDER BY, which would sort them again
      // in a temporary b-tree: actions_text_at_once checks the order instead.
      read_rows_(db, R"sql(
        SELECT j.key, l.seq, l.seat, l.action, l.timeout, l.at
        FROM json_each(?1) AS j JOIN live_actions AS l ON l.id = j.value)sql"),
      // A match's rows by a scan of the journal from its first row (only for a match with
      // a row too far from its first to keep, which play never reaches): each seq's first
      // row, as the writer keeps one (min() picks the row the bare columns come from).
      scan_rows_(db, R"sql(
        SELECT seq, seat, action, timeout, at, min(id) FROM live_actions
        WHERE match_id = ?1 AND id >= ?2 GROUP BY seq ORDER BY seq)sql"),
      put_commitment_(db, R"sql(
        INSERT OR REPLACE INTO commitments (match_id, deal, sha256)
        VALUES (:match_id, :deal, :sha256))sql"),
      put_round_(db, R"sql(
        INSERT OR REPLACE INTO match_rounds (match_id, round, result)
        VALUES (:match_id, :round, :result))sql"),
      end_match_(db, R"sql(
        UPDATE matches SET status = 'over', ended_at = :ended_at, results = :results,
                           abort_reason = NULL
        WHERE id = :id)sql"),
      seat_result_(db, R"sql(
        UPDATE match_seats SET score = :score, placing = :placing, winner = :winner,
                               left_early = :left_early, figures = :figures
        WHERE match_id = :match_id AND seat = :seat)sql"),
      abort_match_(db, R"sql(
        UPDATE matches SET status = 'aborted', ended_at = :ended_at, abort_reason = :reason
        WHERE id = :id AND status <> 'over')sql"),
      claim_codes_(db),
      accounts_(db),
      ratings_(db) {
  reload();
}

void WriteStatements::reload_if_stale() {
  if (stale_) reload();
}

void WriteStatements::reload() {
  live_.clear();
  live_rows_ = 0;
  last_row_ = db_.query_int("SELECT coalesce(max(id), 0) FROM live_actions");
  cleaned_below_ = db_.query_int("SELECT coalesce(min(id), 0) FROM live_actions");
  if (cleaned_below_ == 0) cleaned_below_ = last_row_ + 1;
  next_clean_check_ = 0;
  sql::Statement playing(db_, "SELECT id FROM matches WHERE status = 'playing'");
  while (playing.step()) live_.try_emplace(playing.get_text(0));
  // By row, so that a match's first row is met first.
  sql::Statement row(db_, R"sql(
    SELECT id, match_id, seq FROM live_actions ORDER BY id)sql");
  while (row.step()) {
    auto it = live_.find(row.get_text(1));
    if (it == live_.end()) continue;  // a finished match's, not yet cleaned
    if (it->second.add(row.get_int64(2), row.get_int64(0))) ++live_rows_;  // by row: lowest first
  }
  recompute_oldest_live_row();
  stale_ = false;
}

namespace {

void append_action(std::string& text, const sql::Statement& row, int first_column) {
  if (text.size() > 1) text += ',';
  text += '[';
  append_int(text, row.get_int64(first_column));
  text += ',';
  append_int(text, row.get_int(first_column + 1));
  text += ',';
  text += row.text_view(first_column + 2);
  text += row.get_bool(first_column + 3) ? ",1," : ",0,";
  append_int(text, row.get_int64(first_column + 4));
  text += ']';
}

}  // namespace

std::string WriteStatements::actions_text(const std::string& match_id, const LiveMatch& match) {
  if (match.has_far_rows()) return actions_text_by_scan(match_id, match);
  std::string text;
  if (actions_text_at_once(match, &text)) return text;
  return actions_text_row_by_row(match);
}

// A statement per row cost about 5,000 instructions a row (its reset and bind, and the
// steps' setup), a quarter of the store thread's work per move.
bool WriteStatements::actions_text_at_once(const LiveMatch& match, std::string* text) {
  std::string ids = "[";
  match.for_each([&](std::int64_t, std::int64_t row) {
    if (ids.size() > 1) ids += ',';
    append_int(ids, row);
  });
  ids += ']';
  sql::ResetWhenDone reset_after(read_rows_);
  read_rows_.reset();
  read_rows_.bind_static(1, ids);  // ids outlives the statement's use (reset_after)
  *text = "[";
  std::int64_t next = 0;
  while (read_rows_.step()) {
    if (read_rows_.get_int64(0) != next) return false;  // a row missing, or out of order
    append_action(*text, read_rows_, 1);
    ++next;
  }
  if (next != static_cast<std::int64_t>(match.size())) return false;
  *text += ']';
  return true;
}

std::string WriteStatements::actions_text_row_by_row(const LiveMatch& match) {
  std::string text = "[";
  sql::ResetWhenDone reset_after(read_row_);
  match.for_each([&](std::int64_t seq, std::int64_t row) {
    read_row_.reset();
    read_row_.bind(1, row);
    if (!read_row_.step()) {
      throw StoreError("journal_row_missing", "live_actions row " + std::to_string(row) + " (seq " +
                                                  std::to_string(seq) + ") is gone");
    }
    append_action(text, read_row_, 0);
  });
  text += ']';
  return text;
}

std::string WriteStatements::actions_text_by_scan(const std::string& match_id,
                                                  const LiveMatch& match) {
  std::string text = "[";
  sql::ResetWhenDone reset_after(scan_rows_);
  scan_rows_.reset();
  scan_rows_.bind(1, match_id);
  scan_rows_.bind(2, match.first_row());
  while (scan_rows_.step()) append_action(text, scan_rows_, 0);
  text += ']';
  return text;
}

void WriteStatements::recompute_oldest_live_row() {
  oldest_live_row_ = last_row_ + 1;
  for (const auto& [id, match] : live_) {
    if (match.first_row() > 0) oldest_live_row_ = std::min(oldest_live_row_, match.first_row());
  }
}

void WriteStatements::clean_journal() {
  if (last_row_ - cleaned_below_ < kCleanStep || last_row_ < next_clean_check_) return;
  // Recomputed here rather than kept up to date: a kept minimum goes stale as matches end
  // with rows pending. It walks every live match, so after a look that finds too little
  // to clean the next waits for kCleanStep more rows, or one row per live match if there
  // are more: looking at every commit cost 22% of the server's CPU with 5,000 live
  // matches, and every 256 rows still 2% (perf, 19,960 players at 0.5 actions a second);
  // so a look costs at most one match per row written.
  recompute_oldest_live_row();
  std::int64_t lag = std::max(kMinLag, kLagPerLiveRow * static_cast<std::int64_t>(live_rows_));
  // The newest row always stays: rowids are max + 1, and an empty journal would number
  // from 1 again, below the cleaned range.
  std::int64_t target = std::min(std::max(oldest_live_row_, last_row_ + 1 - lag), last_row_);
  if (target - cleaned_below_ < kCleanStep) {
    next_clean_check_ = last_row_ + std::max(kCleanStep, static_cast<std::int64_t>(live_.size()));
    return;
  }
  std::int64_t to = std::min(target, cleaned_below_ + kMaxCleanRows);
  clean_range_.reset();
  clean_range_.bind(1, cleaned_below_);
  clean_range_.bind(2, to);
  clean_range_.run();
  cleaned_below_ = to;
}

void WriteStatements::finish_actions(const std::string& match_id, bool write) {
  // Its last actions may still wait for their rows (they go in just before the commit).
  // Not flush_actions: its cleaning could take this match's rows, which is over now,
  // before they are read.
  insert_pending();
  auto it = live_.find(match_id);
  if (write) {
    const std::string text = it != live_.end() ? actions_text(match_id, it->second) : "[]";
    put_match_actions_.reset();
    put_match_actions_.bind(1, match_id);
    put_match_actions_.bind(2, text);
    put_match_actions_.run();
  }
  if (it == live_.end()) return;
  const LiveMatch& match = it->second;
  // Its rows in the cleaned range were left there while it lived; the rest go with the
  // range.
  if (match.first_row() > 0 && match.first_row() < cleaned_below_) {
    delete_leftovers_.reset();
    delete_leftovers_.bind(1, match.first_row());
    delete_leftovers_.bind(2, cleaned_below_);
    delete_leftovers_.bind(3, match_id);
    delete_leftovers_.run();
  }
  live_rows_ -= match.size();
  live_.erase(it);
}

void WriteStatements::save_player(const PlayerRow& player) {
  upsert_player_.run_with(":id", player.id, ":name", player.name, ":token_hash", player.token_hash,
                          ":first_seen", player.first_seen, ":last_seen", player.last_seen);
}

void WriteStatements::player_seen(const std::string& id, const std::string& name, Millis at) {
  player_seen_.run_with(":id", id, ":name", name, ":at", at);
  if (db_.changes() == 0) spdlog::warn("store: player_seen for unknown player {}", id);
}

void WriteStatements::player_token_added(const std::string& player_id,
                                         const std::string& token_hash, Millis at) {
  add_player_token_.run_with(":token_hash", token_hash, ":player_id", player_id, ":at", at);
}

void WriteStatements::room_saved(const std::string& room_id, const std::string& saved, Millis at) {
  save_room_.run_with(":room_id", room_id, ":saved", saved, ":at", at);
}

void WriteStatements::room_removed(const std::string& room_id) {
  remove_room_.run_with(":room_id", room_id);
}

void WriteStatements::match_started(const MatchStart& start) {
  reload_if_stale();
  upsert_match_.run_with(":id", start.id, ":room_id", start.room_id, ":match_number",
                         start.match_number, ":game", start.game, ":options",
                         json_text(start.options), ":room_settings", json_text(start.room_settings),
                         ":seed_hex", start.seed_hex, ":first_dealer", start.first_dealer,
                         ":lower_score_wins", start.lower_score_wins, ":started_at",
                         start.started_at, ":rated", start.rated);
  // Replaying the start of a match that is over changes nothing, nor makes it live again.
  bool playing = db_.changes() > 0;
  if (playing) live_.try_emplace(start.id);
  for (const SeatRow& seat : start.seats) {
    upsert_seat_.reset();
    upsert_seat_.bind(":match_id", start.id);
    upsert_seat_.bind(":seat", seat.seat);
    upsert_seat_.bind(":kind", seat.kind);
    upsert_seat_.bind(":player_id", null_if_empty(seat.player_id));
    upsert_seat_.bind(":name", seat.name);
    upsert_seat_.bind(":bot_level", null_if_empty(seat.bot_level));
    upsert_seat_.bind(":team",
                      seat.team < 0 ? std::optional<int>() : std::optional<int>(seat.team));
    upsert_seat_.run();
  }
}

void WriteStatements::action(const std::string& match_id, std::int64_t seq, int seat,
                             std::string_view action_json, bool timeout, Millis at) {
  reload_if_stale();
  auto it = live_.find(match_id);
  // What the foreign key used to check, and more: a finished match takes no actions.
  if (it == live_.end()) {
    throw StoreError("unknown_match", "no match " + match_id + " in progress");
  }
  if (!it->second.add(seq, LiveMatch::kNotInserted)) return;  // already journaled
  ++live_rows_;
  pending_.push_back(PendingRow{match_id, seq, seat, action_json, timeout, at});
}

sql::Statement& WriteStatements::insert_statement(std::size_t rows) {
  if (put_actions_.size() < rows) put_actions_.resize(rows);
  std::unique_ptr<sql::Statement>& statement = put_actions_[rows - 1];
  if (!statement) {
    std::string text =
        "INSERT INTO live_actions (match_id, seq, seat, action, timeout, at) VALUES ";
    for (std::size_t row = 0; row < rows; ++row)
      text += row == 0 ? "(?,?,?,?,?,?)" : ",(?,?,?,?,?,?)";
    statement = std::make_unique<sql::Statement>(db_, text);
  }
  return *statement;
}

void WriteStatements::flush_actions() {
  insert_pending();
  clean_journal();
}

void WriteStatements::insert_pending() {
  std::size_t done = 0;
  while (done < pending_.size()) {
    std::size_t rows = std::min(pending_.size() - done, kRowsPerInsert);
    sql::Statement& insert = insert_statement(rows);
    insert.reset();
    int column = 0;
    for (std::size_t row = done; row < done + rows; ++row) {
      const PendingRow& pending = pending_[row];
      insert.bind_static(++column, pending.match_id);
      insert.bind(++column, pending.seq);
      insert.bind(++column, pending.seat);
      insert.bind_static(++column, pending.action_json);
      insert.bind(++column, pending.timeout);
      insert.bind(++column, pending.at);
    }
    insert.run();
    // Rowids are max + 1 row by row, so one statement's rows are consecutive.
    last_row_ = db_.last_insert_rowid();
    std::int64_t row_id = last_row_ - static_cast<std::int64_t>(rows) + 1;
    for (std::size_t row = done; row < done + rows; ++row, ++row_id) {
      auto it = live_.find(std::string(pending_[row].match_id));
      if (it == live_.end()) continue;
      it->second.set_row(pending_[row].seq, row_id);
    }
    done += rows;
  }
  pending_.clear();
}

void WriteStatements::commitment(const std::string& match_id, const CommitmentRow& commitment) {
  put_commitment_.run_with(":match_id", match_id, ":deal", commitment.deal, ":sha256",
                           commitment.sha256);
}

void WriteStatements::round_ended(const std::string& match_id, int round,
                                  std::string_view result_json) {
  put_round_.run_with(":match_id", match_id, ":round", round, ":result", result_json);
}

void WriteStatements::match_ended(const std::string& match_id, Millis ended_at,
                                  std::string_view results_json,
                                  const std::vector<SeatResult>& seats) {
  reload_if_stale();
  end_match_.run_with(":id", match_id, ":ended_at", ended_at, ":results", results_json);
  if (db_.changes() == 0) throw StoreError("unknown_match", "no match " + match_id + " to end");
  for (const SeatResult& seat : seats) {
    // NULL when the match's figures could not be stored (store.hpp: SeatResult::figures).
    const std::optional<std::string> figures =
        seat.figures.empty() ? std::nullopt : std::optional<std::string>(seat.figures);
    seat_result_.run_with(":match_id", match_id, ":seat", seat.seat, ":score", seat.score,
                          ":placing", seat.placing, ":winner", seat.placing == 1, ":left_early",
                          seat.left, ":figures", figures);
    if (db_.changes() == 0) {
      throw StoreError("unknown_seat",
                       "match " + match_id + " has no seat " + std::to_string(seat.seat));
    }
  }
  finish_actions(match_id, true);
}

void WriteStatements::match_aborted(const std::string& match_id, Millis ended_at,
                                    const std::string& reason) {
  reload_if_stale();
  abort_match_.run_with(":id", match_id, ":ended_at", ended_at, ":reason", reason);
  bool aborted = db_.changes() > 0;
  if (!aborted) {
    spdlog::warn("store: match_aborted for {}, which is unknown or already over", match_id);
  }
  // An unknown match gets no row; one already over keeps the list it ended with.
  finish_actions(match_id, aborted);
}

std::int64_t sweep_finished_journal_rows(sql::Database& db) {
  db.exec(R"sql(
    DELETE FROM live_actions
      WHERE match_id NOT IN (SELECT id FROM matches WHERE status = 'playing'))sql");
  const std::int64_t removed = db.changes();
  if (removed > 0) {
    spdlog::info("store: removed {} journal rows of matches no longer in progress", removed);
  }
  return removed;
}

}  // namespace parlor::server::store
