#include "engine/perico/perico_worlds.hpp"

#include "engine/core/deck.hpp"
#include "engine/perico/perico_bots.hpp"
#include "engine/perico/perico_state.hpp"
#include "engine/perico/perico_strategy.hpp"
#include "engine/search/card_pool.hpp"
#include "engine/search/view_fields.hpp"

namespace parlor::perico {

using search::field;

// Friend of PericoState: builds its private state from a view.
class PericoWorlds : public search::StateSampler<PericoState> {
 public:
  using StateSampler::StateSampler;

  static std::unique_ptr<search::WorldSampler> from_view(const Json& view);
  static std::optional<Json> sensible_on_state(const GameState& world, Seat seat);
  static std::vector<Json> candidates_on_state(const GameState& world, Seat seat);

  std::unique_ptr<GameState> sample(Rng& rng) const override {
    auto world = std::make_unique<PericoState>(base_);
    std::vector<std::size_t> sizes;
    for (Seat s = 0; s < world->seat_count(); ++s) sizes.push_back(s == seat_ ? 0 : counts_[s]);
    sizes.push_back(stock_size_);
    std::vector<std::vector<Card>> piles;
    if (!search::deal_out(unseen_, sizes, rng, piles)) return nullptr;
    for (Seat s = 0; s < world->seat_count(); ++s) {
      if (s != seat_) world->hands_[s] = std::move(piles[s]);
    }
    world->stock_ = std::move(piles.back());
    world->seed_ = Seed::from_u64(rng.next_u64());
    world->rng_ = Rng(world->seed_, static_cast<std::uint64_t>(world->deals_));
    return world;
  }

 private:
  std::vector<std::size_t> counts_;
  std::size_t stock_size_ = 0;
};

std::unique_ptr<search::WorldSampler> PericoWorlds::from_view(const Json& view) {
  PericoConfig config;
  config.variant = find_variant(view.value("variant", ""));
  auto scoring = parse_scoring(view.value("scoring", ""));
  if (config.variant == nullptr || !scoring || !field(view, "viewer").is_number_integer())
    return nullptr;
  config.scoring = *scoring;
  config.target = view.value("target", config.variant->default_target);
  const Json& players = field(view, "players");
  const Seat seat = field(view, "viewer").get<Seat>();
  const int seats = static_cast<int>(players.size());
  auto hand = search::cards_in(field(view, "hand"));
  auto pile_top_first = search::cards_in(field(view, "discard_pile"));
  if (!hand || !pile_top_first || seat < 0 || seat >= seats) return nullptr;
  std::vector<Card> seen = *hand;
  seen.insert(seen.end(), pile_top_first->begin(), pile_top_first->end());
  auto unseen = search::unseen_cards(standard_deck(config.variant->jokers), seen);
  if (!unseen) return nullptr;

  PericoState base(config, seats, Seed::from_u64(0), view.value("dealer", 0));
  const std::string phase = view.value("phase", "over");
  if (phase == "over") return nullptr;
  base.phase_ = phase == "discard" ? Phase::kDiscard : Phase::kPlay;
  base.turn_ = field(view, "turn").is_number_integer() ? field(view, "turn").get<Seat>() : 0;
  base.round_ = view.value("round", 1);
  base.deals_ = base.round_;
  if (field(view, "knock").value("running", false))
    base.knocker_ = field(field(view, "knock"), "by").get<Seat>();
  if (field(view, "drawn").is_string()) {
    auto drawn = parse_card(field(view, "drawn").get<std::string>());
    if (!drawn) return nullptr;
    base.drawn_ = *drawn;
  }
  base.hands_[seat] = *hand;
  base.pile_.assign(pile_top_first->rbegin(), pile_top_first->rend());
  base.scores_ = field(view, "scores").get<std::vector<std::int64_t>>();
  if (base.scores_.size() != static_cast<std::size_t>(seats)) return nullptr;
  if (!field(view, "last_round").is_null()) base.record_round_result(field(view, "last_round"));
  base.take_events();

  auto worlds = std::make_unique<PericoWorlds>(std::move(base), seat, std::move(*unseen));
  for (const Json& player : players) worlds->counts_.push_back(player.value("cards", 0u));
  worlds->stock_size_ = view.value("stock_size", 0u);
  return worlds;
}

// What read_view (perico_bots.cpp) takes from the seat's view, read from the state: the
// seat's own hand, the public pile, knock and sizes, and its legal section's members.
std::optional<Json> PericoWorlds::sensible_on_state(const GameState& world, Seat seat) {
  const auto* state = dynamic_cast<const PericoState*>(&world);
  if (state == nullptr || state->phase_ == Phase::kOver || seat != state->turn_) {
    return std::nullopt;
  }
  SensibleSeen seen;
  seen.hand = state->hands_[seat];
  seen.pile.assign(state->pile_.rbegin(), state->pile_.rend());
  seen.hand_size = state->config_.variant->hand_size;
  seen.knock_running = state->knocker_.has_value();
  seen.discarding = state->phase_ == Phase::kDiscard;
  seen.can_draw = !seen.discarding && !state->stock_.empty();
  seen.take_max = seen.discarding ? 0 : state->take_max(seat);
  seen.can_knock = !seen.discarding && state->may_knock();
  return sensible_move(seen);
}

// Read from the seat's own hand and the public pile and stock size: the same in every
// world of its view.
std::vector<Json> PericoWorlds::candidates_on_state(const GameState& world, Seat seat) {
  const auto* state = dynamic_cast<const PericoState*>(&world);
  if (state == nullptr || state->phase_ != Phase::kPlay || seat != state->turn_) return {};
  std::vector<Json> moves;
  if (!state->stock_.empty()) moves.push_back({{"type", "draw"}});
  if (state->may_knock()) moves.push_back({{"type", "knock"}});
  const std::vector<Card>& hand = state->hands_[seat];
  const std::vector<Card> pile(state->pile_.rbegin(), state->pile_.rend());  // top first
  for (int count = 1; count <= state->take_max(seat); ++count) {
    std::optional<TakePlan> plan = best_take_of(hand, pile, count);
    if (!plan) plan = best_take_of(hand, pile, count, /*allow_joker_on_top=*/true);
    if (plan) {
      moves.push_back(
          {{"type", "take"}, {"count", count}, {"discard", cards_to_json(plan->discards)}});
    }
  }
  return moves;
}

std::vector<Json> candidate_moves(const GameState& world, Seat seat) {
  return PericoWorlds::candidates_on_state(world, seat);
}

std::optional<Json> sensible_move_on_state(const GameState& world, Seat seat, Rng& /*rng*/) {
  return PericoWorlds::sensible_on_state(world, seat);
}

std::unique_ptr<search::WorldSampler> make_world_sampler(const Json& seat_view) {
  return search::built_or_null([&] { return PericoWorlds::from_view(seat_view); });
}

}  // namespace parlor::perico
