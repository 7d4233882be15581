#include "engine/loc/loc_worlds.hpp"

#include "engine/loc/loc_bots.hpp"
#include "engine/loc/loc_cards.hpp"
#include "engine/loc/loc_state.hpp"
#include "engine/search/card_pool.hpp"
#include "engine/search/view_fields.hpp"

namespace parlor::loc {

using search::field;

// Friend of LocState: builds its private state from a view.
class LocWorlds : public search::StateSampler<LocState> {
 public:
  using StateSampler::StateSampler;

  static std::unique_ptr<search::WorldSampler> from_view(const Json& view);
  static std::optional<Json> sensible_on_state(const GameState& world, Seat seat);

  std::unique_ptr<GameState> sample(Rng& rng) const override {
    auto world = std::make_unique<LocState>(base_);
    const int seats = world->seat_count();
    // Each other hand (its hidden choice among its cards), then the discards, then the
    // cards set aside.
    std::vector<std::size_t> sizes;
    for (Seat s = 0; s < seats; ++s) sizes.push_back(s == seat_ ? 0 : counts_[s]);
    sizes.push_back(discards_);
    std::vector<std::vector<Card>> piles;
    if (!search::deal_out(unseen_, sizes, rng, piles)) return nullptr;
    for (Seat s = 0; s < seats; ++s) {
      if (s == seat_) continue;
      std::vector<Card>& hand = piles[s];
      if (chosen_[s] && !hand.empty()) {
        world->choices_[s] = hand.back();
        hand.pop_back();
      }
      world->hands_[s] = std::move(hand);
    }
    world->discards_ = std::move(piles[seats]);
    world->set_aside_ = remaining(piles);
    world->seed_ = Seed::from_u64(rng.next_u64());
    return world;
  }

 private:
  // The unseen cards no pile took: set aside (only counted, never played).
  std::vector<Card> remaining(const std::vector<std::vector<Card>>& piles) const {
    std::vector<Card> dealt;
    for (const auto& pile : piles) dealt.insert(dealt.end(), pile.begin(), pile.end());
    return search::unseen_cards(unseen_, dealt).value_or(std::vector<Card>{});
  }

  std::vector<std::size_t> counts_;  // cards per seat, a hidden choice included
  std::vector<bool> chosen_;
  std::size_t discards_ = 0;
};

std::unique_ptr<search::WorldSampler> LocWorlds::from_view(const Json& view) {
  const std::string phase = view.value("phase", "over");
  if (phase == "over" || !field(view, "viewer").is_number_integer()) return nullptr;
  const Seat seat = field(view, "viewer").get<Seat>();
  const Json& players = field(view, "players");
  LocTable table;
  table.deck = deck_kind_from_name(view.value("deck", "standard"));
  table.bet = view.value("bet", std::int64_t{1});
  table.hands = view.value("match_hands", 1);
  table.seats = static_cast<int>(players.size());
  const Notation notation = deck_notation(table.deck);
  auto hand = search::cards_in(field(view, "hand"), notation);
  if (!hand || seat < 0 || seat >= table.seats) return nullptr;

  std::vector<Card> seen = *hand;
  std::optional<Card> choice;
  if (field(view, "choice").is_string()) {
    auto parsed = parse_card(field(view, "choice").get<std::string>(), notation);
    if (!parsed) return nullptr;
    choice = *parsed;
    seen.push_back(*choice);
  }
  std::vector<Card> shown;
  for (const Json& entry : field(view, "ledger")) {
    if (entry.value("step", "") != "play") continue;
    auto cards = search::cards_in(field(entry, "cards"), notation);
    if (!cards) return nullptr;
    shown.insert(shown.end(), cards->begin(), cards->end());
  }
  seen.insert(seen.end(), shown.begin(), shown.end());
  auto unseen = search::unseen_cards(loc_deck(table.deck), seen);
  if (!unseen) return nullptr;

  LocState base(table, Seed::from_u64(0), view.value("dealer", 0));
  base.phase_ = phase == "discard" ? LocState::Phase::kDiscard : LocState::Phase::kPlay;
  base.hand_number_ = view.value("round", 1);
  base.deals_ = base.hand_number_;
  base.play_ = field(view, "play").is_number_integer() ? field(view, "play").get<int>() : 0;
  base.pot_ = view.value("pot", std::int64_t{0});
  base.balances_ = field(view, "scores").get<std::vector<std::int64_t>>();
  if (base.balances_.size() != players.size()) return nullptr;
  // Where this hand began: the last hand's closing balances (zero before the first).
  const Json& last = field(view, "last_round");
  base.hand_start_balances_ = last.is_object()
                                  ? field(last, "balances").get<std::vector<std::int64_t>>()
                                  : std::vector<std::int64_t>(players.size(), 0);
  base.hands_.assign(players.size(), {});
  base.hands_[seat] = *hand;
  base.choices_.assign(players.size(), std::nullopt);
  base.choices_[seat] = choice;
  base.shown_ = shown;
  base.ledger_ = field(view, "ledger");
  base.ledger_text_ = base.ledger_.dump();
  if (last.is_object()) base.record_round_result(last);
  base.take_events();

  auto worlds = std::make_unique<LocWorlds>(std::move(base), seat, std::move(*unseen));
  for (const Json& player : players) {
    worlds->counts_.push_back(player.value("cards", 0u));
    worlds->chosen_.push_back(player.value("chosen", false));
  }
  worlds->discards_ = phase == "discard" ? 0 : players.size();
  return worlds;
}

// The legal section write_seat_members (loc_view.cpp) writes, read from the state: the
// step's action and the seat's hand while it has not chosen.
std::optional<Json> LocWorlds::sensible_on_state(const GameState& world, Seat seat) {
  const auto* state = dynamic_cast<const LocState*>(&world);
  if (state == nullptr || state->match_over() || state->choices_[seat]) {
    return std::nullopt;
  }
  return sensible_move(state->step_action(), state->hands_[seat]);
}

std::optional<Json> sensible_move_on_state(const GameState& world, Seat seat, Rng& /*rng*/) {
  return LocWorlds::sensible_on_state(world, seat);
}

std::unique_ptr<search::WorldSampler> make_world_sampler(const Json& seat_view) {
  return search::built_or_null([&] { return LocWorlds::from_view(seat_view); });
}

}  // namespace parlor::loc
