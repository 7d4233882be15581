// The store's reads as a backend runs them: rows, on one connection and inside one read
// transaction (one snapshot: whole batches only) that the backend opens around them
// (StoreBackend::read). Each database implements them with its own SQL
// (sqlite/history_queries.hpp, postgres/pg_history_queries.hpp); the history API's pages
// are assembled from these rows once, for both (history_pages.hpp, history_json.hpp), so
// both give byte-identical answers for the same data. A method throws on failure;
// Store turns that into Store's fallback or error.
//
// A new read is one method here, its query in each backend, and its use in store.cpp
// or history_pages.cpp (server/store/README.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/store/history_json.hpp"
#include "server/store/store.hpp"

namespace parlor::server::store {

// Which matches a listing shows; empty strings mean "any".
struct SummaryFilter {
  std::string game;
  std::string seat_name;  // case-insensitive
  std::string player_id;
  std::string room_id;  // an event's table after a restart (no index: a rare read)
  std::optional<history::Cursor> before;
  int limit = history::kDefaultLimit;
};

struct MatchRecordRow {
  history::RecordValues values;
  std::string seed_hex;
};

// A club's server's reads (account_rows.hpp; Store's comments say what each reads): an
// interface of their own, which each backend's account queries implement directly
// (sqlite/account_queries.hpp, postgres/pg_account_queries.hpp) and StoreReads hands
// out, rather than every backend's StoreReads forwarding each of them.
class AccountReads {
 public:
  virtual ~AccountReads() = default;
  virtual std::vector<AccountRow> load_accounts() = 0;  // by created_at, player_id
  virtual std::optional<AccountRow> account_by_key(const std::string& handle_key) = 0;
  virtual std::optional<AccountRow> account_of(const std::string& player_id) = 0;
  // players.token_hash first (unless ended), then player_tokens by created_at.
  virtual std::vector<SessionRow> sessions_of(const std::string& player_id) = 0;
  virtual std::vector<SanctionRow> load_sanctions() = 0;  // by player_id
  virtual std::vector<InviteRow> invites() = 0;           // newest first
  virtual bool player_invited(const std::string& player_id) = 0;
  virtual std::vector<std::string> invited_players() = 0;  // by id
  virtual std::vector<AuditRow> audit_after(std::int64_t after_seq, int limit) = 0;
  virtual std::vector<AuditRow> audit_page(std::int64_t before_seq, int limit) = 0;
  virtual std::optional<std::string> setting(const std::string& key) = 0;
  virtual std::vector<EventRow> load_events() = 0;  // by id
};

// A player's finished matches of one game.
struct GameStatsRow {
  std::string game;
  history::ScoreTotals totals;
  std::optional<double> average_place;
};

// One finished match's figures for a player's seat (match_seats.figures, a JSON object).
struct FigureRow {
  std::string game;
  std::string figures;
};

// A player's rating in a game (rating_step.hpp), with the player's name.
struct RatingRow {
  std::string player_id;
  std::string name;
  std::string game;
  double mu = 0;
  double sigma = 0;
  std::int64_t matches = 0;
};

// The rating after one rated match.
struct RatingPoint {
  std::string match_id;
  Millis at = 0;
  double mu = 0;
  double sigma = 0;
  int place = 0;
};

class StoreReads {
 public:
  virtual ~StoreReads() = default;

  // ---- Recovery's ----
  virtual std::vector<PlayerRow> load_players() = 0;
  virtual std::optional<PlayerRow> find_player_by_token(const std::string& token_hash) = 0;
  // Those of `rooms` only; every room's when `rooms` is null.
  virtual std::vector<UnfinishedMatch> load_unfinished_matches(
      const std::vector<std::string>* rooms) = 0;
  virtual std::vector<OpenRoomRow> load_open_rooms() = 0;

  // ---- The history API's rows ----
  // Newest first, by (started_at, id), at most filter.limit.
  virtual std::vector<history::SummaryValues> match_summaries(const SummaryFilter& filter) = 0;
  virtual std::vector<history::SeatValues> seats(const std::string& match_id) = 0;  // by seat
  virtual std::optional<MatchRecordRow> match_row(const std::string& match_id) = 0;
  virtual std::vector<std::string> round_results(const std::string& match_id) = 0;  // by round
  virtual std::vector<CommitmentRow> commitments(const std::string& match_id) = 0;  // by deal
  // A finished match's stored action list (match_actions); nothing if none.
  virtual std::optional<std::string> stored_actions(const std::string& match_id) = 0;
  // Each human player's finished matches (of `game`; empty: all), in any order.
  virtual std::vector<history::LeaderboardRow> leaderboard_rows(const std::string& game) = 0;
  // The direction of `game`'s latest finished match; nothing if it has none.
  virtual std::optional<bool> game_lower_score_wins(const std::string& game) = 0;
  // The player of that name (case-insensitive) seen most recently.
  virtual std::optional<std::string> player_id_named(const std::string& name) = 0;
  // The player's row without a token (players' first_seen, last_seen).
  virtual std::optional<PlayerRow> player(const std::string& player_id) = 0;
  // The others of that name (case-insensitive), most recently seen first, 50 at most:
  // id, name and last_seen.
  virtual std::vector<PlayerRow> namesakes(const std::string& name,
                                           const std::string& except_player_id) = 0;
  // By game.
  virtual std::vector<GameStatsRow> player_game_stats(const std::string& player_id) = 0;
  // The figures of the player's seats in finished matches that recorded them: per game,
  // the latest `per_game` matches (by ended_at), newest first; games in any order.
  virtual std::vector<FigureRow> player_figures(const std::string& player_id, int per_game) = 0;
  // Ratings: every rated player of `game` (by player id); one player's ratings (by game);
  // a player's last `limit` points in a game, oldest first.
  virtual std::vector<RatingRow> game_ratings(const std::string& game) = 0;
  virtual std::vector<RatingRow> player_ratings(const std::string& player_id) = 0;
  virtual std::vector<RatingPoint> rating_history(const std::string& player_id,
                                                  const std::string& game, int limit) = 0;

  // ---- A club's server's: its own interface (AccountReads, below), one per backend ----
  virtual AccountReads& accounts() = 0;
};

}  // namespace parlor::server::store
