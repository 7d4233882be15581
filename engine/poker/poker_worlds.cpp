#include "engine/poker/poker_worlds.hpp"

#include "engine/hands/hand_eval.hpp"
#include "engine/poker/poker_bots.hpp"
#include "engine/poker/poker_hands.hpp"
#include "engine/poker/poker_state.hpp"
#include "engine/search/card_pool.hpp"
#include "engine/search/view_fields.hpp"

namespace parlor::poker {

using search::field;

namespace {

constexpr int kOpenerRedeals = 20;

Settings settings_from(const Json& view, int seats) {
  Settings settings;
  const Json& deck = field(view, "deck");
  const Json& limits = field(view, "limits");
  settings.seats = seats;
  settings.lowest_rank = deck.value("lowest_rank", 2);
  settings.jokers = deck.value("jokers", 0);
  settings.max_discard = deck.value("max_discard", 5);
  settings.rules.lowest_rank = settings.lowest_rank;
  settings.ante = limits.value("ante", Chips{1});
  settings.min_bet = limits.value("min_bet", Chips{1});
  settings.max_bet = limits.value("max_bet", Chips{10});
  settings.dealer_double_ante = limits.value("dealer_double_ante", false);
  settings.deals = view.value("deals_limit", 0);
  return settings;
}

Phase phase_from(const std::string& name) {
  if (name == "first_betting") return Phase::kFirstBetting;
  if (name == "draw") return Phase::kDraw;
  if (name == "second_betting") return Phase::kSecondBetting;
  return Phase::kOver;
}

}  // namespace

// Friend of PokerState and Betting: builds their private state from a view.
class PokerWorlds : public search::StateSampler<PokerState> {
 public:
  using StateSampler::StateSampler;

  static std::unique_ptr<search::WorldSampler> from_view(const Json& view);
  static std::optional<Json> sensible_on_state(const GameState& world, Seat seat, Rng& rng);

  std::unique_ptr<GameState> sample(Rng& rng) const override {
    std::unique_ptr<PokerState> world;
    for (int attempt = 0; attempt < kOpenerRedeals; ++attempt) {
      world = deal_once(rng);
      if (!world || !opener_ || world->can_open(*opener_)) break;
    }
    if (world) {
      world->seed_ = Seed::from_u64(rng.next_u64());
      world->rng_.emplace(world->seed_, static_cast<std::uint64_t>(world->deals_started_));
    }
    return world;
  }

 private:
  std::unique_ptr<PokerState> deal_once(Rng& rng) const {
    auto world = std::make_unique<PokerState>(base_);
    const int seats = world->seat_count();
    std::vector<std::size_t> sizes;
    for (Seat s = 0; s < seats; ++s) sizes.push_back(s == seat_ ? 0 : counts_[s]);
    sizes.push_back(stock_size_);
    std::vector<std::vector<Card>> piles;
    if (!search::deal_out(unseen_, sizes, rng, piles)) return nullptr;
    std::vector<Card> dealt;
    for (Seat s = 0; s < seats; ++s) {
      dealt.insert(dealt.end(), piles[s].begin(), piles[s].end());
      if (s != seat_) world->hands_[s] = std::move(piles[s]);
    }
    dealt.insert(dealt.end(), piles.back().begin(), piles.back().end());
    world->stock_ = std::move(piles.back());
    // The rest was folded or discarded: a draw may reuse discards, never the muck.
    std::vector<Card> rest = search::unseen_cards(unseen_, dealt).value_or(std::vector<Card>{});
    (world->phase_ == Phase::kDraw ? world->discards_ : world->muck_) = std::move(rest);
    return world;
  }

  void read_betting_round(const Json& actions);

  std::vector<std::size_t> counts_;
  std::size_t stock_size_ = 0;
  std::optional<Seat> opener_;  // set in the first betting round only
};

// Who has acted in this betting round and who may still raise, as Betting::apply
// leaves them: the round's moves are the log's entries after its last draw.
void PokerWorlds::read_betting_round(const Json& actions) {
  Betting& betting = base_.betting_;
  const int seats = betting.seats();
  betting.acted_.assign(seats, false);
  betting.may_raise_.assign(seats, true);
  if (base_.phase_ == Phase::kDraw) return;
  for (const Json& entry : actions) {
    const std::string type = entry.value("type", "");
    if (type == "draw") {
      betting.acted_.assign(seats, false);
      betting.may_raise_.assign(seats, true);
      continue;
    }
    if (type != "check" && type != "bet" && type != "call" && type != "raise" && type != "fold") {
      continue;
    }
    const Seat seat = entry.value("seat", 0);
    if (seat < 0 || seat >= seats) continue;
    if ((type == "bet" || type == "raise") &&
        entry.value("amount", Chips{0}) >= base_.settings_.min_bet) {
      betting.may_raise_.assign(seats, true);
    }
    betting.acted_[seat] = true;
    betting.may_raise_[seat] = false;
  }
}

std::unique_ptr<search::WorldSampler> PokerWorlds::from_view(const Json& view) {
  const Phase phase = phase_from(view.value("phase", "over"));
  if (phase == Phase::kOver || !field(view, "viewer").is_number_integer()) return nullptr;
  const Seat seat = field(view, "viewer").get<Seat>();
  const Json& players = field(view, "players");
  const int seats = static_cast<int>(players.size());
  auto hand = search::cards_in(field(view, "hand"));
  if (!hand || seat < 0 || seat >= seats) return nullptr;
  const Settings settings = settings_from(view, seats);
  auto unseen = search::unseen_cards(settings.deck(), *hand);
  if (!unseen) return nullptr;

  PokerState base(settings, evaluator_for(settings.rules), Seed::from_u64(0),
                  view.value("dealer", 0));
  base.phase_ = phase;
  base.round_ = view.value("round", 1);
  base.deals_started_ = base.round_;
  base.opened_ = view.value("opened", false);
  if (field(view, "opener").is_number_integer()) base.opener_ = field(view, "opener").get<Seat>();
  Betting& betting = base.betting_;
  Chips committed_total = 0;
  int bettors = 0;
  for (Seat s = 0; s < seats; ++s) {
    const Json& player = players[static_cast<std::size_t>(s)];
    betting.stacks_[s] = player.value("stack", Chips{0});
    betting.in_deal_[s] = player.value("in_deal", false);
    betting.folded_[s] = player.value("folded", false);
    betting.round_bet_[s] = player.value("bet", Chips{0});
    betting.committed_[s] = player.value("committed", Chips{0}) - betting.round_bet_[s];
    committed_total += player.value("committed", Chips{0});
    base.bought_in_[s] = player.value("bought_in", Chips{0});
    base.rebuys_[s] = player.value("rebuys", 0);
    base.drawn_[s] = field(player, "drew").is_number_integer() ? player["drew"].get<int>() : -1;
    if (betting.in_deal_[s] && betting.stacks_[s] + betting.round_bet_[s] > 0) ++bettors;
  }
  betting.current_bet_ = view.value("current_bet", Chips{0});
  betting.dead_ = view.value("pot_total", Chips{0}) - committed_total;
  if (field(view, "turn").is_number_integer() && phase != Phase::kDraw) {
    betting.turn_ = field(view, "turn").get<Seat>();
  }
  base.bettors_at_start_ = bettors;
  if (phase == Phase::kDraw) {
    base.start_draw();
    for (Seat s : base.draw_order_) {
      if (base.drawn_[s] >= 0) ++base.draw_index_;
    }
  }
  base.hands_[seat] = *hand;
  base.deal_log_text_ = field(view, "actions").dump();
  base.last_round_text_ = field(view, "last_round").dump();
  if (!field(view, "last_round").is_null()) base.record_round_result(field(view, "last_round"));
  base.take_events();

  auto worlds = std::make_unique<PokerWorlds>(std::move(base), seat, std::move(*unseen));
  worlds->read_betting_round(field(view, "actions"));
  for (const Json& player : players) worlds->counts_.push_back(player.value("cards", 0u));
  worlds->stock_size_ = view.value("stock", 0u);
  if (phase == Phase::kFirstBetting && worlds->base_.opener_ && *worlds->base_.opener_ != seat) {
    worlds->opener_ = worlds->base_.opener_;
  }
  return worlds;
}

// What read_view (poker_bots.cpp) takes from the seat's view, read from the state as
// write_seat_members and write_legal_members (poker_view.cpp) write it.
std::optional<Json> PokerWorlds::sensible_on_state(const GameState& world, Seat seat, Rng& rng) {
  const auto* state = dynamic_cast<const PokerState*>(&world);
  if (state == nullptr || !state->is_waiting_for(seat)) return std::nullopt;
  SensibleSeen seen;
  seen.hand = state->hands_[seat];
  const auto rank = state->rank_of(seat);
  if (!rank) return std::nullopt;  // the view's category would be null
  seen.category = std::string(hands::category_name(rank->category));
  seen.second_round = state->phase_ == Phase::kSecondBetting;
  seen.can_open = rank->strength >= state->opening_threshold_;
  const Betting& betting = state->betting_;
  seen.current_bet = betting.current_bet();
  seen.max_bet = state->settings_.max_bet;
  seen.drawing = state->phase_ == Phase::kDraw;
  if (seen.drawing) {
    seen.max_discard = static_cast<std::size_t>(state->settings_.max_discard);
    return sensible_move(seen, rng);
  }
  auto amounts = [](const std::optional<AmountRange>& range) {
    return range ? std::optional<SensibleSeen::Amounts>({range->min, range->max}) : std::nullopt;
  };
  const bool opening = state->phase_ == Phase::kFirstBetting && !state->opened_;
  seen.may_check = betting.may_check(seat);
  seen.may_call = betting.may_call(seat);
  seen.bet = opening && !state->can_open(seat) ? std::nullopt : amounts(betting.bet_range(seat));
  seen.raise = amounts(betting.raise_range(seat));
  return sensible_move(seen, rng);
}

std::optional<Json> sensible_move_on_state(const GameState& world, Seat seat, Rng& rng) {
  return PokerWorlds::sensible_on_state(world, seat, rng);
}

std::unique_ptr<search::WorldSampler> make_world_sampler(const Json& seat_view) {
  return search::built_or_null([&] { return PokerWorlds::from_view(seat_view); });
}

}  // namespace parlor::poker
