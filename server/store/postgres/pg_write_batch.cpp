#include "server/store/postgres/pg_write_batch.hpp"
#include "server/store/postgres/pg_rating_step.hpp"

#include <spdlog/spdlog.h>

#include <utility>

#include "server/store/shared_sql.hpp"

namespace parlor::server::store::pg {

namespace {

// Rows per INSERT at most: 6 parameters a row, and PostgreSQL takes 65,535 per statement.
constexpr std::size_t kActionRowsPerInsert = 1000;

std::string action_insert_sql(std::size_t rows) {
  std::string sql = "INSERT INTO live_actions (match_id, seq, seat, action, timeout, at) VALUES ";
  for (std::size_t row = 0; row < rows; ++row) {
    const std::size_t p = row * 6;
    if (row > 0) sql += ',';
    sql += "($" + std::to_string(p + 1) + ",$" + std::to_string(p + 2) + ",$" +
           std::to_string(p + 3) + ",$" + std::to_string(p + 4) + ",$" + std::to_string(p + 5) +
           ",$" + std::to_string(p + 6) + ")";
  }
  return sql + " ON CONFLICT (match_id, seq) DO NOTHING";
}

Params& add_optional(Params& params, const std::string& text) {
  return text.empty() ? params.add_null() : params.add(text);
}

// $1..$7 of a seat's result: match, seat, score, placing, winner, left early, figures
// (NULL when the seat has none).
Params seat_result_params(const std::string& match_id, const SeatResult& seat) {
  Params params;
  params.add(match_id)
      .add(seat.seat)
      .add(seat.score)
      .add(seat.placing)
      .add(seat.placing == 1)
      .add(seat.left);
  add_optional(params, seat.figures);
  return params;
}

}  // namespace

PgWriteBatch::PgWriteBatch(std::string conninfo, Connection::Options options, std::string guard_sql,
                           std::vector<std::string> guard_params)
    : conninfo_(std::move(conninfo)),
      options_(std::move(options)),
      guard_sql_(std::move(guard_sql)) {
  for (const std::string& param : guard_params) guard_params_.add(param);
}

bool PgWriteBatch::is_outage(const std::exception& error) const {
  const auto* pg = dynamic_cast<const PgError*>(&error);
  return pg && pg->is_outage();
}

// Fenced: this incarnation was declared dead and its rooms belong to another node; its
// fence never opens again (a restart is a new incarnation).
bool PgWriteBatch::is_final(const std::exception& error) const {
  const auto* pg = dynamic_cast<const PgError*>(&error);
  return pg && pg->fenced();
}

Connection& PgWriteBatch::connection() {
  if (!connection_ || !connection_->open()) {
    connection_.reset();
    connection_ = Connection::connect(conninfo_, options_);  // throws an outage PgError
  }
  return *connection_;
}

void PgWriteBatch::run(const std::function<void()>& writes) {
  statements_.clear();
  action_params_ = Params();
  action_rows_ = 0;
  audit_lock_ = false;
  matches_to_rate_.clear();
  recompute_ = false;
  writes();
  flush_actions();
  try {
    send_batch();
    fenced_.store(false);
  } catch (const PgError& e) {
    if (e.fenced()) fenced_.store(true);
    // After a failed statement the pipeline skipped the rest, COMMIT too: the transaction
    // block is still open (aborted) on the server. A lost connection ends it by itself.
    if (connection_ && connection_->open()) {
      try {
        connection_->exec("ROLLBACK");
      } catch (const PgError&) {
        connection_.reset();
      }
    }
    throw;
  }
}

void PgWriteBatch::send_batch() {
  Connection& conn = connection();
  const bool rates = recompute_ || !matches_to_rate_.empty();
  {
    Pipeline pipeline(conn);
    pipeline.send("BEGIN");
    if (!guard_sql_.empty()) pipeline.send(guard_sql_, guard_params_);
    if (audit_lock_) pipeline.send(kAuditLock);
    if (rates) pipeline.send(kRatingLock);
    for (const Statement& statement : statements_) pipeline.send(statement.sql, statement.params);
    if (!rates) pipeline.send("COMMIT");
    pipeline.sync();
  }
  if (!rates) return;
  // A batch that rates needs the ratings it changes read back: a second round trip or
  // more, only when a rated match ended (or a recomputation was asked for).
  run_rating_steps(conn);
  conn.exec("COMMIT");
}

void PgWriteBatch::run_rating_steps(Connection& conn) {
  PgRatingStep step(conn);
  if (recompute_) store::recompute_ratings(step);
  for (const std::string& match_id : matches_to_rate_) rate_finished_match(step, match_id);
}

void PgWriteBatch::rate_match(const std::string& match_id) { matches_to_rate_.push_back(match_id); }

void PgWriteBatch::recompute_ratings() {
  // Recomputing rates every finished match, those of this batch too.
  recompute_ = true;
  matches_to_rate_.clear();
}

void PgWriteBatch::add(std::string sql, Params params) {
  flush_actions();  // keeps the batch's order: a match's end follows its actions
  statements_.push_back(Statement{std::move(sql), std::move(params)});
}

void PgWriteBatch::flush_actions() {
  if (action_rows_ == 0) return;
  statements_.push_back(Statement{action_insert_sql(action_rows_), std::move(action_params_)});
  action_params_ = Params();
  action_rows_ = 0;
}

void PgWriteBatch::save_player(const PlayerRow& player) {
  add(R"sql(
    INSERT INTO players (id, name, token_hash, first_seen, last_seen)
    VALUES ($1, $2, $3, $4, $5)
    ON CONFLICT (id) DO UPDATE SET
      name = excluded.name, token_hash = excluded.token_hash,
      first_seen = least(players.first_seen, excluded.first_seen),
      last_seen = greatest(players.last_seen, excluded.last_seen))sql",
      Params()
          .add(player.id)
          .add(player.name)
          .add(player.token_hash)
          .add(player.first_seen)
          .add(player.last_seen));
}

void PgWriteBatch::player_seen(const std::string& id, const std::string& name, Millis at) {
  add("UPDATE players SET name = $2, last_seen = greatest(last_seen, $3) WHERE id = $1",
      Params().add(id).add(name).add(at));
}

void PgWriteBatch::player_token_added(const std::string& player_id, const std::string& token_hash,
                                      Millis at) {
  add(R"sql(
    INSERT INTO player_tokens (token_hash, player_id, created_at) VALUES ($1, $2, $3)
    ON CONFLICT (token_hash) DO NOTHING)sql",
      Params().add(token_hash).add(player_id).add(at));
}

void PgWriteBatch::room_saved(const std::string& room_id, const std::string& saved, Millis at) {
  add(R"sql(
    INSERT INTO open_rooms (room_id, saved, updated_at) VALUES ($1, $2, $3)
    ON CONFLICT (room_id) DO UPDATE SET saved = excluded.saved, updated_at = excluded.updated_at)sql",
      Params().add(room_id).add(saved).add(at));
}

void PgWriteBatch::room_removed(const std::string& room_id) {
  add("DELETE FROM open_rooms WHERE room_id = $1", Params().add(room_id));
}

// SKIP LOCKED: a row another node's transaction holds (spending or replacing that code)
// is left for the next cleaning, so cleanings never wait on, or deadlock with, others.
void PgWriteBatch::forget_expired_claim_codes(Millis now) {
  add(R"sql(
    DELETE FROM claim_codes WHERE code_hash IN (
      SELECT code_hash FROM claim_codes WHERE expires_at <= $1 FOR UPDATE SKIP LOCKED))sql",
      Params().add(now));
}

void PgWriteBatch::claim_code_issued(const std::string& code_hash, const std::string& player_id,
                                     Millis issued_at, Millis expires_at) {
  forget_expired_claim_codes(issued_at);
  add("DELETE FROM claim_codes WHERE player_id = $1", Params().add(player_id));
  add(R"sql(
    INSERT INTO claim_codes (code_hash, player_id, expires_at) VALUES ($1, $2, $3)
    ON CONFLICT (code_hash) DO UPDATE SET
      player_id = excluded.player_id, expires_at = excluded.expires_at)sql",
      Params().add(code_hash).add(player_id).add(expires_at));
}

// One statement: the DELETE takes the code's row lock, so of two nodes spending one code
// at once the second waits, then finds the row gone and adds no token.
void PgWriteBatch::claim_code_redeemed(const std::string& code_hash, const std::string& token_hash,
                                       Millis at) {
  add(R"sql(
    WITH spent AS (
      DELETE FROM claim_codes WHERE code_hash = $1 AND expires_at > $3 RETURNING player_id)
    INSERT INTO player_tokens (token_hash, player_id, created_at)
    SELECT $2, player_id, $3 FROM spent
    ON CONFLICT (token_hash) DO NOTHING)sql",
      Params().add(code_hash).add(token_hash).add(at));
  forget_expired_claim_codes(at);
}

void PgWriteBatch::match_started(const MatchStart& start) {
  add(std::string(R"sql(
    INSERT INTO matches (id, room_id, match_number, game, options, room_settings, seed_hex,
                         first_dealer, lower_score_wins, started_at, status, rated)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'playing', $11)
    ON CONFLICT (id) DO UPDATE SET)sql") +
          sql_text::kMatchStartUpdates + " WHERE matches.status = 'playing'",
      Params()
          .add(start.id)
          .add(start.room_id)
          .add(start.match_number)
          .add(start.game)
          .add(start.options.dump(-1, ' ', false, Json::error_handler_t::replace))
          .add(start.room_settings.dump(-1, ' ', false, Json::error_handler_t::replace))
          .add(start.seed_hex)
          .add(start.first_dealer)
          .add(start.lower_score_wins)
          .add(start.started_at)
          .add(start.rated));
  for (const SeatRow& seat : start.seats) {
    Params params;
    params.add(start.id).add(seat.seat).add(seat.kind);
    add_optional(params, seat.player_id).add(seat.name);
    add_optional(params, seat.bot_level);
    if (seat.team < 0) {
      params.add_null();
    } else {
      params.add(seat.team);
    }
    add(R"sql(
      INSERT INTO match_seats (match_id, seat, kind, player_id, name, bot_level, team)
      VALUES ($1, $2, $3, $4, $5, $6, $7)
      ON CONFLICT (match_id, seat) DO UPDATE SET
        kind = excluded.kind, player_id = excluded.player_id, name = excluded.name,
        bot_level = excluded.bot_level, team = excluded.team)sql",
        std::move(params));
  }
}

void PgWriteBatch::action(const std::string& match_id, std::int64_t seq, int seat,
                          std::string_view action_json, bool timeout, Millis at) {
  if (action_rows_ == kActionRowsPerInsert) flush_actions();
  action_params_.add(match_id).add(seq).add(seat).add(action_json).add(timeout).add(at);
  ++action_rows_;
}

void PgWriteBatch::commitment(const std::string& match_id, const CommitmentRow& commitment) {
  add(R"sql(
    INSERT INTO commitments (match_id, deal, sha256) VALUES ($1, $2, $3)
    ON CONFLICT (match_id, deal) DO UPDATE SET sha256 = excluded.sha256)sql",
      Params().add(match_id).add(commitment.deal).add(commitment.sha256));
}

void PgWriteBatch::round_ended(const std::string& match_id, int round,
                               std::string_view result_json) {
  add(R"sql(
    INSERT INTO match_rounds (match_id, round, result) VALUES ($1, $2, $3)
    ON CONFLICT (match_id, round) DO UPDATE SET result = excluded.result)sql",
      Params().add(match_id).add(round).add(result_json));
}

void PgWriteBatch::match_ended(const std::string& match_id, Millis ended_at,
                               std::string_view results_json,
                               const std::vector<SeatResult>& seats) {
  add(R"sql(
    WITH ended AS (
      UPDATE matches SET status = 'over', ended_at = $2, results = $3, abort_reason = NULL
      WHERE id = $1 RETURNING 1)
    SELECT parlor_require(EXISTS (SELECT 1 FROM ended), 'no match ' || $1 || ' to end'))sql",
      Params().add(match_id).add(ended_at).add(results_json));
  for (const SeatResult& seat : seats) {
    add(R"sql(
      WITH scored AS (
        UPDATE match_seats SET score = $3, "placing" = $4, winner = $5, left_early = $6,
                               figures = $7
        WHERE match_id = $1 AND seat = $2 RETURNING 1)
      SELECT parlor_require(EXISTS (SELECT 1 FROM scored),
                            'match ' || $1 || ' has no seat ' || $2))sql",
        seat_result_params(match_id, seat));
  }
  move_actions(match_id);
}

void PgWriteBatch::match_aborted(const std::string& match_id, Millis ended_at,
                                 const std::string& reason) {
  // A match already over keeps its state and the list it ended with; an unknown match
  // gets no row (its journal has none either: the foreign key).
  add(R"sql(
    UPDATE matches SET status = 'aborted', ended_at = $2, abort_reason = $3
    WHERE id = $1 AND status <> 'over')sql",
      Params().add(match_id).add(ended_at).add(reason));
  move_actions(match_id);
}

void PgWriteBatch::move_actions(const std::string& match_id) {
  // The finished list in the format SQLite's match_actions holds:
  // [[seq, seat, action, timeout 0|1, at], ...] by seq. Only once: a replayed end (or an
  // abort after the end) keeps the first list.
  add(R"sql(
    INSERT INTO match_actions (match_id, actions)
    SELECT $1, '[' || coalesce(string_agg(
             '[' || seq || ',' || seat || ',' || action || ',' ||
             CASE WHEN timeout THEN '1' ELSE '0' END || ',' || at || ']', ',' ORDER BY seq),
           '') || ']'
    FROM live_actions WHERE match_id = $1
    HAVING EXISTS (SELECT 1 FROM matches WHERE id = $1)
    ON CONFLICT (match_id) DO NOTHING)sql",
      Params().add(match_id));
  add("DELETE FROM live_actions WHERE match_id = $1", Params().add(match_id));
}

}  // namespace parlor::server::store::pg
