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
#include <optional>

#include "engine/core/card.hpp"
#include "engine/core/game.hpp"

namespace parlor::search {

class WorldSampler {
 public:
  virtual ~WorldSampler() = default;
  // A state whose view for the sampler's seat is the view it was made from.
  virtual std::unique_ptr<GameState> sample(Rng& rng) const = 0;
};

// What every game's sampler keeps: the state rebuilt from the view (the seat's own
// cards and everything public in place, the hidden places empty), the seat, and the
// cards it has not seen (sorted, so that the deals depend on the view and the Rng only).
template <class State>
class StateSampler : public WorldSampler {
 public:
  StateSampler(State base, Seat seat, std::vector<Card> unseen)
      : base_(std::move(base)), seat_(seat), unseen_(std::move(unseen)) {}

 protected:
  State base_;
  Seat seat_;
  std::vector<Card> unseen_;
};

// Builds a sampler from a seat's view; nullptr when the view is one the game cannot
// rebuild (the bot then plays its rollout policy's move).
using WorldSamplerFactory = std::function<std::unique_ptr<WorldSampler>(const Json& seat_view)>;

// Each seat's score as it would stand if the round ended now, for a rollout cut off
// before its round ends (Carioca's rounds run long: the penalty points still in hand).
// Empty: the scores as they are (GameState::scores).
using ProvisionalScores = std::function<std::vector<std::int64_t>(const GameState& world)>;

// The rollout policy read straight from a world's state instead of from a view: the
// move the game's sensible bot would make for `seat`, decided from exactly what that
// seat's view shows (its own cards and the public facts), so a rollout's bots still do
// not see each other's cards. Building and parsing a JSON view for every rollout move
// was most of a rollout's cost. std::nullopt: the caller asks the view-based policy.
using StateRollout =
    std::function<std::optional<Json>(const GameState& world, Seat seat, Rng& rng)>;

// The moves worth searching for `seat` in a world, chosen by the game from what the
// seat sees (its own cards and the public facts: the same in every world), in the
// order it would search them, each a legal move as legal_actions spells it. For a game
// whose legal moves are hundreds of near-equals (Perico's ordered takes), a random
// sample of them is mostly moves no player would consider. Empty function or an empty
// list: a random sample of the legal moves.
using CandidateMoves = std::function<std::vector<Json>(const GameState& world, Seat seat)>;

}  // namespace parlor::search
