// Genuine match records without a server: a whole match played in the engine by the
// game's own bots, written in the shape of GET /api/matches/ID
// (/tmp/parlor-issues/PERSISTENCE-SPEC.md, docs/fairness.md), with the commitments
// computed by protocol::deal_commitment exactly when the server publishes them.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/core/expected.hpp"
#include "engine/core/game.hpp"

namespace parlor::testing {

struct MatchPlan {
  std::string game;
  Json options;  // raw table options (validated here, as a room does)
  int seats = 0;
  std::uint64_t seed_number = 0;  // expanded to a full 32-byte seed
  BotLevel level = BotLevel::kSensible;
};

// Plays the match to its end. Error "bot_rejected" if a bot's move is refused (a bug in
// the game, not in the verifier) and "too_long" past a cap on actions.
Expected<Json> play_match_record(const MatchPlan& plan);

// The table options each tested game is played with: short matches, so the suite is fast.
MatchPlan plan_for(const std::string& game);

}  // namespace parlor::testing
