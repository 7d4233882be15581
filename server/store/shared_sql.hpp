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
  started_at = excluded.started_at)sql";

// A leaderboard seat's name (seat s, player p): the player's own, or the name the player
// last played under.
inline constexpr const char* kSeatPlayerName = R"sql(
  COALESCE(p.name, (SELECT s2.name FROM match_seats s2 JOIN matches m2
                      ON m2.id = s2.match_id
                    WHERE s2.player_id = s.player_id
                    ORDER BY m2.started_at DESC LIMIT 1)))sql";

}  // namespace parlor::server::store::sql_text
