#include "engine/carioca/carioca_worlds.hpp"

#include "engine/carioca/carioca_state.hpp"
#include "engine/core/deck.hpp"
#include "engine/search/card_pool.hpp"
#include "engine/search/view_fields.hpp"

namespace parlor::carioca {

using search::field;

namespace {

Phase phase_from(const std::string& name) {
  if (name == "draw") return Phase::kDraw;
  if (name == "steal_window") return Phase::kStealWindow;
  if (name == "play") return Phase::kPlay;
  if (name == "cut") return Phase::kCut;
  return Phase::kOver;
}

std::vector<Seat> seats_in(const Json& list) {
  return list.is_array() ? list.get<std::vector<Seat>>() : std::vector<Seat>{};
}

}  // namespace

// Friend of CariocaState: builds its private state from a view.
class CariocaWorlds : public search::WorldSampler {
 public:
  CariocaWorlds(CariocaState base, Seat seat, std::vector<Card> unseen)
      : base_(std::move(base)), seat_(seat), unseen_(std::move(unseen)) {}

  static std::unique_ptr<search::WorldSampler> from_view(const Json& view);

  static std::vector<std::int64_t> provisional(const CariocaState& world) {
    std::vector<std::int64_t> scores = world.scores();
    if (world.match_over()) return scores;
    for (Seat s = 0; s < world.seats_; ++s) {
      for (Card card : world.hands_[s]) {
        scores[s] += card_points(card, world.options_.flat_low_cards, world.options_.joker_value);
      }
    }
    return scores;
  }

  std::unique_ptr<GameState> sample(Rng& rng) const override {
    auto world = std::make_unique<CariocaState>(base_);
    std::vector<std::size_t> sizes;
    for (Seat s = 0; s < world->seats_; ++s) sizes.push_back(s == seat_ ? 0 : counts_[s]);
    sizes.push_back(stock_size_);
    sizes.push_back(under_top_);
    std::vector<std::vector<Card>> piles;
    if (!search::deal_out(unseen_, sizes, rng, piles)) return nullptr;
    for (Seat s = 0; s < world->seats_; ++s) {
      if (s != seat_) world->hands_[s] = std::move(piles[s]);
    }
    world->stock_ = std::move(piles[world->seats_]);
    std::vector<Card> pile = std::move(piles[world->seats_ + 1]);
    pile.insert(pile.end(), world->discards_.begin(), world->discards_.end());  // top last
    world->discards_ = std::move(pile);
    world->seed_ = Seed::from_u64(rng.next_u64());
    world->rng_ = Rng(world->seed_, static_cast<std::uint64_t>(world->deals_started_));
    return world;
  }

 private:
  static bool read_players(const Json& players, CariocaState& base, std::vector<Card>& seen);
  static void read_steal_window(const Json& window, CariocaState& base);

  CariocaState base_;
  Seat seat_;
  std::vector<Card> unseen_;
  std::vector<std::size_t> counts_;
  std::size_t stock_size_ = 0;
  std::size_t under_top_ = 0;  // discard pile cards under the top one
};

bool CariocaWorlds::read_players(const Json& players, CariocaState& base, std::vector<Card>& seen) {
  for (Seat s = 0; s < base.seats_; ++s) {
    const Json& player = players[static_cast<std::size_t>(s)];
    base.steals_[s] = player.value("steals", 0);
    base.rounds_out_[s] = player.value("rounds_out", 0);
    // Lowered on an earlier turn (this turn only shows in the seat's own legal section).
    if (player.value("lowered", false)) base.lowered_turn_[s] = base.turn_number_ - 1;
    for (const Json& json : field(player, "melds")) {
      auto cards = search::cards_in(field(json, "cards"));
      if (!cards) return false;
      auto meld = read_meld(*cards, base.options_.meld_rules());
      if (!meld) return false;
      base.melds_[s].push_back(*meld);
      seen.insert(seen.end(), cards->begin(), cards->end());
    }
  }
  return true;
}

void CariocaWorlds::read_steal_window(const Json& window, CariocaState& base) {
  if (!window.is_object()) return;
  auto card = parse_card(window.value("card", ""));
  if (!card) return;
  StealWindow steal;
  steal.card = *card;
  steal.discarder = window.value("discarder", 0);
  steal.order = seats_in(field(window, "order"));
  steal.declined = seats_in(field(window, "declined"));
  base.options_.steal_window_ms = window.value("window_ms", base.options_.steal_window_ms);
  base.window_ = steal;
}

std::unique_ptr<search::WorldSampler> CariocaWorlds::from_view(const Json& view) {
  const Phase phase = phase_from(view.value("phase", "over"));
  if (phase == Phase::kOver || phase == Phase::kCut || !field(view, "viewer").is_number_integer()) {
    return nullptr;
  }
  const Seat seat = field(view, "viewer").get<Seat>();
  const Json& players = field(view, "players");
  const int seats = static_cast<int>(players.size());
  auto hand = search::cards_in(field(view, "hand"));
  if (!hand || seat < 0 || seat >= seats) return nullptr;
  const Json& rules = field(view, "rules");
  const Json& stock = field(view, "stock");
  const Json& discard = field(view, "discard");
  TableOptions options;
  options.straight_wrap = rules.value("straight_wrap", true);
  options.flat_low_cards = rules.value("flat_low_cards", false);
  options.joker_value = rules.value("joker_value", 30);
  options.stock_reshuffles = stock.value("reshuffles_allowed", 100);
  options.first_round = field(view, "contract").value("round", 1);
  CariocaState base(options, seats, Seed::from_u64(0), view.value("dealer", 0));
  base.deals_started_ = base.round_;
  base.phase_ = phase;
  base.turn_ = view.value("turn", 0);
  base.turn_number_ = 2 * seats;  // past every seat's first turn: lowering counts as earlier
  base.reshuffles_ = stock.value("reshuffles", 0);
  base.hands_.assign(seats, {});
  base.melds_.assign(seats, {});
  base.lowered_turn_.assign(seats, -1);
  base.steals_.assign(seats, 0);
  base.cut_points_.assign(seats, 0);
  base.hands_[seat] = *hand;

  std::vector<Card> seen = *hand;
  if (!read_players(players, base, seen)) return nullptr;
  if (field(discard, "top").is_string()) {
    auto top = parse_card(field(discard, "top").get<std::string>());
    if (!top) return nullptr;
    base.discards_ = {*top};
    seen.push_back(*top);
  }
  const Json& legal = field(view, "legal");
  if (field(legal, "taken").is_string()) {
    auto taken = parse_card(field(legal, "taken").get<std::string>());
    if (taken) base.taken_ = *taken;
  }
  // The seat lowered this very turn when it has lowered and may not lay off yet.
  if (phase == Phase::kPlay && base.lowered_turn_[seat] >= 0 && !legal.value("can_lay_off", true)) {
    base.lowered_turn_[seat] = base.turn_number_;
  }
  read_steal_window(field(view, "steal_window"), base);
  // The top card is stealable after a discard, not as the round's upcard.
  bool full_hands = true;
  for (const Json& player : players) {
    full_hands = full_hands && player.value("cards", 0) == base.contract().hand_size;
  }
  if (phase == Phase::kDraw && !base.discards_.empty() &&
      !(full_hands && discard.value("size", 0) == 1)) {
    base.top_discarder_ = base.right_of(base.turn_);
  }
  base.points_by_round_ =
      field(view, "scores_by_round").get<std::vector<std::vector<std::int64_t>>>();
  // The cut's points this round: what the scores hold beyond the rounds and the steals.
  const auto scores = field(view, "scores").get<std::vector<std::int64_t>>();
  const auto without_cut = base.scores();
  if (scores.size() != without_cut.size()) return nullptr;
  for (Seat s = 0; s < seats; ++s) base.cut_points_[s] = scores[s] - without_cut[s];
  if (!field(view, "last_round").is_null()) base.record_round_result(field(view, "last_round"));
  base.take_events();
  auto unseen = search::unseen_cards(double_deck_with_jokers(), seen);
  if (!unseen) return nullptr;

  auto worlds = std::make_unique<CariocaWorlds>(std::move(base), seat, std::move(*unseen));
  for (const Json& player : players) worlds->counts_.push_back(player.value("cards", 0u));
  worlds->stock_size_ = stock.value("size", 0u);
  const std::size_t pile = discard.value("size", 0u);
  worlds->under_top_ = pile > 0 ? pile - 1 : 0;
  return worlds;
}

std::unique_ptr<search::WorldSampler> make_world_sampler(const Json& seat_view) {
  return search::built_or_null([&] { return CariocaWorlds::from_view(seat_view); });
}

std::vector<std::int64_t> provisional_scores(const GameState& world) {
  const auto* carioca = dynamic_cast<const CariocaState*>(&world);
  return carioca ? CariocaWorlds::provisional(*carioca) : world.scores();
}

}  // namespace parlor::carioca
