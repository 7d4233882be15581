// The expert bot every game shares: determinized Monte Carlo search from the seat's view.
//
// Variant chosen, and why. Each iteration samples one world consistent with the view
// (the game's WorldSampler), picks one of the seat's moves now by UCB1 over the
// information set's root, applies it with the game's own apply(), and plays the round
// to its end with the sensible policy for every seat (each deciding from its own view of
// that world); the value is the seat's (or its side's) score gained in that round
// against the opponents'. This is single-observer ISMCTS cut at depth one, i.e.
// determinized flat Monte Carlo with UCB at the root (Cowling, Powley & Whitehouse 2012
// call it "determinized UCT" when the tree is kept per world). Why not the full tree:
// at the 50 ms budget a round-long rollout through views costs 0.1-1 ms, so a move gets
// some hundreds of iterations, too few for nodes below the root to gather statistics,
// while the rollout policy already plays the rest of the round sensibly; a deeper tree
// would spend the same iterations on noise. The root statistics pool every world, so
// the bot chooses a move for its information set, never for one guessed deal (the
// strategy-fusion trap of averaging per-world best moves is avoided at the root).
//
// Fairness: the bot reads the view only (BotPolicy's contract); the sampler is built
// from it and every random draw comes from the Rng passed in, so the same view and
// seed give the same move whatever the real hidden cards are.
//
// The budget: whichever comes first of max_iterations and out_of_time(); choose() uses
// kDefaultIterations. The sensible move is always a candidate and is tried first, and
// the bot plays it when no iteration could run, so a starved expert plays sensibly.
#pragma once

#include <memory>

#include "engine/search/world_sampler.hpp"

namespace parlor::search {

struct SearchSettings {
  // choose()'s budget, without a clock: about 50 ms of one core in the slower games.
  int default_iterations = 300;
  // At most this many root moves are searched (the sensible move and a sample of the
  // rest), so that each gets enough iterations to be told apart.
  int max_candidates = 12;
  // A rollout stops after this many moves even if its round has not ended.
  int max_rollout_moves = 600;
  // UCB1's exploration constant, in units of the value range seen so far.
  double exploration = 0.7;
};

class ExpertPolicy : public BotPolicy {
 public:
  ExpertPolicy(WorldSamplerFactory make_sampler, std::unique_ptr<BotPolicy> rollout,
               SearchSettings settings = {}, ProvisionalScores provisional = {});

  Json choose(const Json& seat_view, Rng& rng) const override;
  Json choose_within(const Json& seat_view, Rng& rng, const ThinkingBudget& budget) const override;

 private:
  WorldSamplerFactory make_sampler_;
  std::unique_ptr<BotPolicy> rollout_;
  SearchSettings settings_;
  ProvisionalScores provisional_;
};

}  // namespace parlor::search
