// SQL text both databases run to the letter, kept once so the two backends cannot drift
// apart. Everything else in their statements differs (placeholders, types, collation,
// upsert targets), and stays in each backend.
#pragma once

namespace parlor::server::store::sql_text {

// The columns a replayed match start writes again (the upsert of match_started).
inline constexpr const char* kMatchStartUpdates = R"sql(
  room_id = excluded.room_id, match_number = excluded.match_number,
  game = excluded.game, options = excluded.options,
  room_settings = excluded.room_settings, seed_hex = excluded.seed_hex,
  first_dealer = excluded.first_dealer, lower_score_wins = excluded.lower_score_wins,
  started_at = excluded.started_at, rated = excluded.rated)sql";

// A leaderboard seat's name (seat s, player p): the player's own, or the name the player
// last played under.
inline constexpr const char* kSeatPlayerName = R"sql(
  COALESCE(p.name, (SELECT s2.name FROM match_seats s2 JOIN matches m2
                      ON m2.id = s2.match_id
                    WHERE s2.player_id = s.player_id
                    ORDER BY m2.started_at DESC LIMIT 1)))sql";

// The columns of an AccountRow from accounts `a`, in its order, and whether the player
// has redeemed an invite (invite_uses: never a column of its own).
inline constexpr const char* kAccountColumns = R"sql(
  a.player_id, a.handle, a.handle_key, a.skeleton, a.password_hash, a.role, a.approved,
  a.created_at, a.password_changed_at,
  EXISTS (SELECT 1 FROM invite_uses u WHERE u.player_id = a.player_id))sql";

// The columns of an InviteRow, in its order.
inline constexpr const char* kInviteColumns = R"sql(
  id, code_hash, created_by, note, created_at, expires_at, max_uses, uses, revoked_at)sql";

// The columns of an AuditRow, in its order.
inline constexpr const char* kAuditColumns = R"sql(
  seq, key, at, actor_id, actor_name, action, target_id, target_name, detail)sql";

// A RatingRow (store_reads.hpp) from ratings `r`, in its order, before a WHERE.
inline constexpr const char* kRatingRowSql = R"sql(
  SELECT r.player_id, COALESCE(p.name, r.player_id), r.game, r.mu, r.sigma, r.matches
  FROM ratings r LEFT JOIN players p ON p.id = r.player_id)sql";

// A first token (players.token_hash) that has ended: session_ended keeps the column's
// NOT NULL UNIQUE by writing this prefix before the hash, which no SHA-256 lookup matches.
inline constexpr const char* kEndedTokenPrefix = "ended:";

}  // namespace parlor::server::store::sql_text
