#include "engine/search/expert_policy.hpp"

#include <algorithm>

#include "engine/search/root_search.hpp"

namespace parlor::search {
namespace {

// The sensible move first, then the other legal moves (a sample of them when there are
// more than `limit`), each once.
std::vector<Json> candidate_moves(const GameState& world, Seat seat, const Json& sensible,
                                  std::size_t limit, Rng& rng) {
  std::vector<Json> others;
  for (Json& action : world.legal_actions(seat).actions) {
    if (action != sensible && std::find(others.begin(), others.end(), action) == others.end()) {
      others.push_back(std::move(action));
    }
  }
  if (others.size() + 1 > limit) {
    rng.shuffle(others);
    others.resize(limit > 0 ? limit - 1 : 0);
  }
  std::vector<Json> moves{sensible};
  moves.insert(moves.end(), std::make_move_iterator(others.begin()),
               std::make_move_iterator(others.end()));
  return moves;
}

bool spent(const ThinkingBudget& budget, int iterations) {
  if (budget.max_iterations > 0 && iterations >= budget.max_iterations) return true;
  return budget.out_of_time && budget.out_of_time();
}

}  // namespace

ExpertPolicy::ExpertPolicy(WorldSamplerFactory make_sampler, std::unique_ptr<BotPolicy> rollout,
                           SearchSettings settings, ProvisionalScores provisional)
    : make_sampler_(std::move(make_sampler)),
      rollout_(std::move(rollout)),
      settings_(settings),
      provisional_(provisional ? std::move(provisional)
                               : [](const GameState& world) { return world.scores(); }) {}

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
  RootStatistics root(candidate_moves(*first, seat, sensible,
                                      static_cast<std::size_t>(settings_.max_candidates), rng));
  if (root.size() < 2) return sensible;
  ThinkingBudget limits = budget;
  if (!limits.limited()) limits.max_iterations = settings_.default_iterations;
  const std::vector<std::int64_t> before = provisional_(*first);
  for (int iteration = 0; !spent(limits, iteration); ++iteration) {
    std::unique_ptr<GameState> world = iteration == 0 ? std::move(first) : sampler->sample(rng);
    if (!world) continue;  // a deal the sampler could not make this time
    const std::size_t move = root.select(settings_.exploration);
    if (!world->apply(seat, root.candidate(move)).ok()) {
      // A move legal in one world is legal in all (it depends on the seat's own cards
      // and public facts); a sampler that breaks that costs the move, not the match.
      root.exclude(move);
      continue;
    }
    world->take_events();
    const RolloutLimits limits_of_rollout{settings_.max_rollout_moves, &provisional_};
    root.record(move, play_out(*world, seat, before, *rollout_, rng, limits_of_rollout));
  }
  return root.candidate(root.best());
}

}  // namespace parlor::search
