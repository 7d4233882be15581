// How a finished rated match changes its players' ratings (issue 49; docs/ratings.md):
// from the match's stored seats and results to each human's new rating in that game.
// Pure: the store runs it inside the transaction that records the finished match
// (store.cpp, Store::match_ended), so a match is counted once or not at all, and again,
// match by match, when the ratings are recomputed from the history (Store::recompute_ratings,
// `parlor rate --recompute`). The model is engine/ratings/ (Weng-Lin, Plackett-Luce).
//
// Decisions:
// - One rating per player per game: the variants of a game share it (Perico's four- and
//   five-card deals, Pedro, King Pedro and Cinch are one game each). The skill they
//   measure is the same, and a club's players would otherwise spread their few matches
//   over ratings that never settle.
// - The finishing order is the engine's placings (GameState::placings: by final score,
//   in the game's own direction, ties sharing a place); docs/ratings.md says per game how
//   that order is decided.
// - Teams: in a game with partnerships (GameDefinition::teams, Pedro's two pairs) each
//   pair is one team of the model, its mu the sum of its members', its sigma^2 the sum of
//   theirs; elsewhere every seat is a team of one.
// - A human who left the match before its end (their seat taken over by a bot, or played
//   by one when the match ended because they never came back) is ranked last, tied with
//   any other leavers, as Board Game Arena ranks a player who abandons. With partnerships
//   the leaver's team is ranked last; only the leaver's rating changes, their partner's
//   stays as it was (the partner did not lose the match by their own play).
// - Bots are opponents at a fixed reference rating per level (bot_reference): never
//   updated, so a lone player's rating against bots means the same from one match to the
//   next. A bot's sigma is small (kBotSigma): its strength is known.
// - A match with no human seat changes nothing; a leaver is rated even when nobody else
//   is human (they lost to the bots).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/ratings/ratings.hpp"

namespace parlor::server::store {

// A seat of a finished match as the store keeps it.
struct RatedSeat {
  int seat = 0;
  bool human = false;
  std::string player_id;  // humans
  std::string bot_level;  // bots: "random", "sensible", "expert"
  int placing = 0;        // 1 = first; ties share a place
  int team = -1;          // -1: no partnerships
  bool left = false;      // a human who left before the end
};

// One human's rating before and after the match.
struct RatingChange {
  std::string player_id;
  ratings::Rating before;
  ratings::Rating after;
  int place = 0;  // the place the match was rated with (a leaver's is last)
};

inline constexpr double kBotSigma = 1.0;

// The reference rating of a bot of `level`: random mu 10, sensible mu 25 (a newcomer's
// prior: the level a casual club player meets), expert mu 27, each sigma kBotSigma; an
// unknown level rates as sensible.
ratings::Rating bot_reference(const std::string& level);

// Each human's change, by player id (the order the store locks their rows in); empty when nothing
// is rated. `current` gives a player's rating before the match (a newcomer's default when they have
// none). Errors: the model's (engine/ratings/ratings.hpp), for seats it cannot rate.
Expected<std::vector<RatingChange>> rate_match(
    const std::vector<RatedSeat>& seats,
    const std::function<ratings::Rating(const std::string& player_id)>& current);

}  // namespace parlor::server::store
