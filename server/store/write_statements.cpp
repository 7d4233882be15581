#include "server/store/write_statements.hpp"

#include <spdlog/spdlog.h>

#include "server/store/errors.hpp"

namespace parlor::server::store {

namespace {

std::optional<std::string> null_if_empty(const std::string& text) {
  if (text.empty()) return std::nullopt;
  return text;
}

}  // namespace

std::string json_text(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

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
      upsert_match_(db, R"sql(
        INSERT INTO matches (id, room_id, match_number, game, options, room_settings, seed_hex,
                             first_dealer, lower_score_wins, started_at, status)
        VALUES (:id, :room_id, :match_number, :game, :options, :room_settings, :seed_hex,
                :first_dealer, :lower_score_wins, :started_at, 'playing')
        ON CONFLICT (id) DO UPDATE SET
          room_id = excluded.room_id, match_number = excluded.match_number,
          game = excluded.game, options = excluded.options,
          room_settings = excluded.room_settings, seed_hex = excluded.seed_hex,
          first_dealer = excluded.first_dealer, lower_score_wins = excluded.lower_score_wins,
          started_at = excluded.started_at)sql"),
      upsert_seat_(db, R"sql(
        INSERT INTO match_seats (match_id, seat, kind, player_id, name, bot_level)
        VALUES (:match_id, :seat, :kind, :player_id, :name, :bot_level)
        ON CONFLICT (match_id, seat) DO UPDATE SET
          kind = excluded.kind, player_id = excluded.player_id, name = excluded.name,
          bot_level = excluded.bot_level)sql"),
      put_action_(db, R"sql(
        INSERT OR REPLACE INTO actions (match_id, seq, seat, action, timeout, at)
        VALUES (:match_id, :seq, :seat, :action, :timeout, :at))sql"),
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
        UPDATE match_seats SET score = :score, placing = :placing, winner = :winner
        WHERE match_id = :match_id AND seat = :seat)sql"),
      abort_match_(db, R"sql(
        UPDATE matches SET status = 'aborted', ended_at = :ended_at, abort_reason = :reason
        WHERE id = :id AND status <> 'over')sql") {}

void WriteStatements::save_player(const PlayerRow& player) {
  upsert_player_.reset();
  upsert_player_.bind(":id", player.id);
  upsert_player_.bind(":name", player.name);
  upsert_player_.bind(":token_hash", player.token_hash);
  upsert_player_.bind(":first_seen", player.first_seen);
  upsert_player_.bind(":last_seen", player.last_seen);
  upsert_player_.run();
}

void WriteStatements::player_seen(const std::string& id, const std::string& name, Millis at) {
  player_seen_.reset();
  player_seen_.bind(":id", id);
  player_seen_.bind(":name", name);
  player_seen_.bind(":at", at);
  player_seen_.run();
  if (db_.changes() == 0) spdlog::warn("store: player_seen for unknown player {}", id);
}

void WriteStatements::match_started(const MatchStart& start) {
  upsert_match_.reset();
  upsert_match_.bind(":id", start.id);
  upsert_match_.bind(":room_id", start.room_id);
  upsert_match_.bind(":match_number", start.match_number);
  upsert_match_.bind(":game", start.game);
  upsert_match_.bind(":options", json_text(start.options));
  upsert_match_.bind(":room_settings", json_text(start.room_settings));
  upsert_match_.bind(":seed_hex", start.seed_hex);
  upsert_match_.bind(":first_dealer", start.first_dealer);
  upsert_match_.bind(":lower_score_wins", start.lower_score_wins);
  upsert_match_.bind(":started_at", start.started_at);
  upsert_match_.run();
  for (const SeatRow& seat : start.seats) {
    upsert_seat_.reset();
    upsert_seat_.bind(":match_id", start.id);
    upsert_seat_.bind(":seat", seat.seat);
    upsert_seat_.bind(":kind", seat.kind);
    upsert_seat_.bind(":player_id", null_if_empty(seat.player_id));
    upsert_seat_.bind(":name", seat.name);
    upsert_seat_.bind(":bot_level", null_if_empty(seat.bot_level));
    upsert_seat_.run();
  }
}

void WriteStatements::action(const std::string& match_id, const ActionRow& action) {
  put_action_.reset();
  put_action_.bind(":match_id", match_id);
  put_action_.bind(":seq", action.seq);
  put_action_.bind(":seat", action.seat);
  put_action_.bind(":action", json_text(action.action));
  put_action_.bind(":timeout", action.timeout);
  put_action_.bind(":at", action.at);
  put_action_.run();
}

void WriteStatements::commitment(const std::string& match_id, const CommitmentRow& commitment) {
  put_commitment_.reset();
  put_commitment_.bind(":match_id", match_id);
  put_commitment_.bind(":deal", commitment.deal);
  put_commitment_.bind(":sha256", commitment.sha256);
  put_commitment_.run();
}

void WriteStatements::round_ended(const std::string& match_id, int round, const Json& result) {
  put_round_.reset();
  put_round_.bind(":match_id", match_id);
  put_round_.bind(":round", round);
  put_round_.bind(":result", json_text(result));
  put_round_.run();
}

void WriteStatements::match_ended(const std::string& match_id, Millis ended_at, const Json& results,
                                  const std::vector<SeatResult>& seats) {
  end_match_.reset();
  end_match_.bind(":id", match_id);
  end_match_.bind(":ended_at", ended_at);
  end_match_.bind(":results", json_text(results));
  end_match_.run();
  if (db_.changes() == 0) throw StoreError("unknown_match", "no match " + match_id + " to end");
  for (const SeatResult& seat : seats) {
    seat_result_.reset();
    seat_result_.bind(":match_id", match_id);
    seat_result_.bind(":seat", seat.seat);
    seat_result_.bind(":score", seat.score);
    seat_result_.bind(":placing", seat.placing);
    seat_result_.bind(":winner", seat.placing == 1);
    seat_result_.run();
    if (db_.changes() == 0) {
      throw StoreError("unknown_seat",
                       "match " + match_id + " has no seat " + std::to_string(seat.seat));
    }
  }
}

void WriteStatements::match_aborted(const std::string& match_id, Millis ended_at,
                                    const std::string& reason) {
  abort_match_.reset();
  abort_match_.bind(":id", match_id);
  abort_match_.bind(":ended_at", ended_at);
  abort_match_.bind(":reason", reason);
  abort_match_.run();
  if (db_.changes() == 0) {
    spdlog::warn("store: match_aborted for {}, which is unknown or already over", match_id);
  }
}

}  // namespace parlor::server::store
