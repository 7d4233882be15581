// Determinization: the one thing each game gives the expert bot. A WorldSampler is made
// from a seat's view alone and deals, on each call, a full game state consistent with
// everything that view shows (the seat's own cards, every card public so far, each
// hand's size, what is known of who holds what), the cards the seat cannot see drawn
// from the caller's Rng. Search then plays on the game's own apply(), so no rule is
// written twice; and since the sampler never sees the real state, a bot built on it
// cannot cheat (tests/search/expert_fairness_test.cpp checks it for every game).
#pragma once

#include <functional>
#include <memory>

#include "engine/core/game.hpp"

namespace parlor::search {

class WorldSampler {
 public:
  virtual ~WorldSampler() = default;
  // A state whose view for the sampler's seat is the view it was made from.
  virtual std::unique_ptr<GameState> sample(Rng& rng) const = 0;
};

// Builds a sampler from a seat's view; nullptr when the view is one the game cannot
// rebuild (the bot then plays its rollout policy's move).
using WorldSamplerFactory = std::function<std::unique_ptr<WorldSampler>(const Json& seat_view)>;

// Each seat's score as it would stand if the round ended now, for a rollout cut off
// before its round ends (Carioca's rounds run long: the penalty points still in hand).
// Empty: the scores as they are (GameState::scores).
using ProvisionalScores = std::function<std::vector<std::int64_t>(const GameState& world)>;

}  // namespace parlor::search
