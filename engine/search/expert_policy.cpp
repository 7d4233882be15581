#include "engine/search/expert_policy.hpp"

#include <algorithm>

#include "engine/search/root_search.hpp"

namespace parlor::search {
namespace {

// The moves other than `sensible` in `moves`, each once.
std::vector<Json> others_than(const Json& sensible, std::vector<Json> moves) {
  std::vector<Json> others;
  for (Json& action : moves) {
    if (action != sensible && std::find(others.begin(), others.end(), action) == others.end()) {
      others.push_back(std::move(action));
    }
  }
  return others;
}

// The sensible move first, then the game's choice of moves in its order, or else the
// other legal moves (a sample of them when there are more than `limit`), each once.
std::vector<Json> candidate_moves(const GameState& world, Seat seat, const Json& sensible,
                                  std::size_t limit, const CandidateMoves& chosen, Rng& rng) {
  std::vector<Json> moves = chosen ? chosen(world, seat) : std::vector<Json>{};
  const bool sample = moves.empty();
  if (sample) moves = world.legal_actions(seat).actions;
  std::vector<Json> others = others_than(sensible, std::move(moves));
  if (others.size() + 1 > limit) {
    if (sample) rng.shuffle(others);
    others.resize(limit > 0 ? limit - 1 : 0);
  }
  std::vector<Json> candidates{sensible};
  candidates.insert(candidates.end(), std::make_move_iterator(others.begin()),
                    std::make_move_iterator(others.end()));
  return candidates;
}

bool spent(const ThinkingBudget& budget, int iterations) {
  if (budget.max_iterations > 0 && iterations >= budget.max_iterations) return true;
  return budget.out_of_time && budget.out_of_time();
}

}  // namespace

ExpertPolicy::ExpertPolicy(WorldSamplerFactory make_sampler, std::unique_ptr<BotPolicy> rollout,
                           SearchSettings settings, ProvisionalScores provisional,
                           StateRollout fast_rollout, CandidateMoves candidates)
    : make_sampler_(std::move(make_sampler)),
      rollout_(std::move(rollout)),
      settings_(settings),
      provisional_(provisional ? std::move(provisional)
                               : [](const GameState& world) { return world.scores(); }),
      fast_rollout_(std::move(fast_rollout)),
      candidates_(std::move(candidates)) {}

Json ExpertPolicy::choose(const Json& seat_view, Rng& rng) const {
  ThinkingBudget budget;
  budget.max_iterations = settings_.default_iterations;
  return choose_within(seat_view, rng, budget);
}

Json ExpertPolicy::choose_within(const Json& seat_view, Rng& rng,
                                 const ThinkingBudget& budget) const {
  Json sensible = rollout_->choose(seat_view, rng);
  const Json viewer = seat_view.value("viewer", Json());
  if (!viewer.is_number_integer()) return sensible;
  const Seat seat = viewer.get<Seat>();
  std::unique_ptr<WorldSampler> sampler = make_sampler_(seat_view);
  if (!sampler) return sensible;
  std::unique_ptr<GameState> first = sampler->sample(rng);
  if (!first) return sensible;
  const std::vector<Json> candidates = candidate_moves(
      *first, seat, sensible, static_cast<std::size_t>(settings_.max_candidates), candidates_, rng);
  if (candidates.size() < 2) return sensible;
  PairedComparison comparison(candidates.size());
  ThinkingBudget limits = budget;
  if (!limits.limited()) limits.max_iterations = settings_.default_iterations;
  const std::vector<std::int64_t> before = provisional_(*first);
  const RolloutLimits limits_of_rollout{settings_.max_rollout_moves, &provisional_, &fast_rollout_};
  int rollouts = 0;
  bool stopped = false;
  for (int world_index = 0; !stopped; ++world_index) {
    std::unique_ptr<GameState> world = world_index == 0 ? std::move(first) : sampler->sample(rng);
    if (!world) {  // a deal the sampler could not make this time: counts, so a loop ends
      stopped = spent(limits, ++rollouts);
      continue;
    }
    // One stream for every candidate in this world: the same coin flips for each.
    const Seed rollout_seed = Seed::from_u64(rng.next_u64());
    std::vector<std::optional<double>> values(candidates.size());
    const int rollouts_before = rollouts;
    for (std::size_t move = 0; move < candidates.size() && !stopped; ++move) {
      if (!comparison.active(move)) continue;
      std::unique_ptr<GameState> played = world->clone();
      if (!played->apply(seat, candidates[move]).ok()) {
        // A move legal in one world is legal in all (it depends on the seat's own cards
        // and public facts); a sampler that breaks that costs the move, not the match.
        comparison.drop(move);
        continue;
      }
      played->take_events();
      Rng stream(rollout_seed, 0);
      values[move] = play_out(*played, seat, before, *rollout_, stream, limits_of_rollout);
      stopped = spent(limits, ++rollouts);
    }
    // Every candidate refused (a broken sampler): the world still counts, so a loop ends.
    if (rollouts == rollouts_before) stopped = spent(limits, ++rollouts);
    // A world cut short by the budget is left out: its row would pair only some moves.
    bool complete = true;
    for (std::size_t move = 0; move < candidates.size(); ++move) {
      if (comparison.active(move) && !values[move]) complete = false;
    }
    if (complete) comparison.record(values);
    comparison.prune(settings_.prune_margin, settings_.fewest_worlds);
  }
  return candidates[comparison.best(settings_.decision_error_rate, settings_.fewest_worlds)];
}

std::unique_ptr<BotPolicy> make_levelled_bot(BotLevel level, const BotLevels& levels) {
  if (level == BotLevel::kExpert) {
    return std::make_unique<ExpertPolicy>(levels.make_sampler, levels.make_sensible(),
                                          levels.settings, levels.provisional, levels.fast_rollout,
                                          levels.candidates);
  }
  return level == BotLevel::kRandom ? levels.make_random() : levels.make_sensible();
}

}  // namespace parlor::search
