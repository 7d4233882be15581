// The expert bot every game shares: determinized Monte Carlo search from the seat's view.
//
// Variant chosen, and why. Determinized flat Monte Carlo at the root of the seat's
// information set, with common random numbers: each step samples one world consistent
// with the view (the game's WorldSampler) and one rollout random stream, and plays every
// candidate move still in contention in that same world with that same stream: the
// game's own apply(), then the round to its end with the sensible policy for every seat
// (each deciding from what its own seat sees). A move's value in a world is the seat's
// (or its side's) score gained in that round against the opponents'. Moves are compared
// by their per-world differences (root_search.hpp, PairedComparison): clearly beaten
// moves are dropped as the worlds come in, and the bot plays the leader only when it
// beats the sensible move by a margin of the paired standard error that grows with the
// number of moves still in contention (the leader is the best of them). Why no tree: at
// the 50 ms budget a move gets some hundreds of rollouts, too few for nodes below the
// root, while the rollout policy already plays the rest of the round sensibly. The
// statistics pool every world, so the bot chooses a move for its information set, never
// for one guessed deal (the strategy-fusion trap of per-world best moves is avoided at
// the root).
//
// Fairness: the bot reads the view only (BotPolicy's contract); the sampler is built
// from it and every random draw comes from the Rng passed in, so the same view and
// seed give the same move whatever the real hidden cards are.
//
// The candidates: the sensible move first, then the moves the game chooses
// (CandidateMoves) or, where it chooses none, a random sample of the legal ones.
//
// The budget: whichever comes first of max_iterations (rollouts) and out_of_time();
// choose() uses default_iterations. The sensible move is always a candidate, and the
// bot plays it when the search could not tell another move better, so a starved expert
// plays sensibly.
#pragma once

#include <memory>

#include "engine/search/world_sampler.hpp"

namespace parlor::search {

struct SearchSettings {
  // choose()'s budget in rollouts, without a clock: about 50 ms of one core.
  int default_iterations = 300;
  // At most this many root moves are searched (the sensible move and a sample of the
  // rest), so that each gets enough worlds to be told apart.
  int max_candidates = 6;
  // A rollout stops after this many moves even if its round has not ended.
  int max_rollout_moves = 600;
  // The leader is played when its paired gain over the sensible move clears the margin
  // of PairedComparison::best (root_search.hpp) over at least fewest_worlds worlds: a
  // margin that grows with the moves still in contention, so that among moves no
  // better than the sensible one, one replaces it at most this often.
  double decision_error_rate = 0.05;
  // A move this many paired standard errors behind the leader is searched no more.
  double prune_margin = 3.0;
  int fewest_worlds = 8;
};

class ExpertPolicy : public BotPolicy {
 public:
  ExpertPolicy(WorldSamplerFactory make_sampler, std::unique_ptr<BotPolicy> rollout,
               SearchSettings settings = {}, ProvisionalScores provisional = {},
               StateRollout fast_rollout = {}, CandidateMoves candidates = {});

  Json choose(const Json& seat_view, Rng& rng) const override;
  Json choose_within(const Json& seat_view, Rng& rng, const ThinkingBudget& budget) const override;

 private:
  WorldSamplerFactory make_sampler_;
  std::unique_ptr<BotPolicy> rollout_;
  SearchSettings settings_;
  ProvisionalScores provisional_;
  StateRollout fast_rollout_;
  CandidateMoves candidates_;
};

// What a game gives to make its bot at each level (GameDefinition::make_bot): its random
// and sensible policies, and for the expert the worlds of a seat's view, with the
// sensible policy as the rollout (its move on a state, `fast_rollout`, where the game has
// one) and the game's own settings and provisional scores where it needs them.
struct BotLevels {
  std::unique_ptr<BotPolicy> (*make_random)();
  std::unique_ptr<BotPolicy> (*make_sensible)();
  WorldSamplerFactory make_sampler;
  StateRollout fast_rollout = {};
  SearchSettings settings = {};
  ProvisionalScores provisional = {};
  CandidateMoves candidates = {};
};

// The bot of `level`: the expert (an ExpertPolicy over `levels`), the random one, or else
// the sensible one.
std::unique_ptr<BotPolicy> make_levelled_bot(BotLevel level, const BotLevels& levels);

}  // namespace parlor::search
