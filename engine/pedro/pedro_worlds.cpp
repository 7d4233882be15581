#include "engine/pedro/pedro_worlds.hpp"

#include <algorithm>

#include "engine/core/deck.hpp"
#include "engine/pedro/pedro_bots.hpp"
#include "engine/pedro/pedro_state.hpp"
#include "engine/pedro/pedro_trumps.hpp"
#include "engine/search/card_pool.hpp"
#include "engine/search/view_fields.hpp"

namespace parlor::pedro {

using search::field;

namespace {

constexpr int kDealAttempts = 12;

std::optional<Suit> suit_named(const Json& symbol) {
  if (!symbol.is_string()) return std::nullopt;
  for (Suit suit : {Suit::kClubs, Suit::kDiamonds, Suit::kHearts, Suit::kSpades}) {
    if (symbol.get<std::string>() == std::string(1, suit_symbol(suit))) return suit;
  }
  return std::nullopt;
}

std::optional<Trick> trick_from(const Json& json) {
  if (!json.is_object()) return std::nullopt;
  Trick trick;
  trick.leader = json.value("leader", -1);
  trick.winner = json.value("winner", -1);
  trick.dumped = json.value("dumped", 0);
  for (const Json& played : field(json, "cards")) {
    auto card = parse_card(played.value("card", ""));
    if (!card) return std::nullopt;
    trick.cards.push_back({played.value("seat", 0), *card});
  }
  return trick;
}

// The seats' hands to deal, the cards each may not hold, and one pile that takes any
// card (the dead stock, the kitty, the dumped cards), dealt from `pool`.
struct ConstrainedDeal {
  std::array<std::size_t, kSeats> sizes{};
  std::array<std::vector<Card>, kSeats> forbidden;
  std::size_t rest = 0;

  bool allowed(Seat seat, Card card) const {
    const auto& no = forbidden[seat];
    return std::find(no.begin(), no.end(), card) == no.end();
  }

  // Each card in a random order to a random place with room that may take it; false at a
  // dead end (a hand with room that may take none of the cards left).
  bool deal(std::vector<Card> pool, Rng& rng, std::array<std::vector<Card>, kSeats>& hands,
            std::vector<Card>& rest_pile) const {
    rng.shuffle(pool);
    for (auto& hand : hands) hand.clear();
    rest_pile.clear();
    // The most constrained cards first, so they find a place while there is room.
    std::stable_sort(pool.begin(), pool.end(),
                     [&](Card a, Card b) { return places_for(a) < places_for(b); });
    for (Card card : pool) {
      std::array<Seat, kSeats + 1> places{};
      int count = 0;
      for (Seat s = 0; s < kSeats; ++s) {
        if (hands[s].size() < sizes[s] && allowed(s, card)) places[count++] = s;
      }
      if (rest_pile.size() < rest) places[count++] = kSeats;
      if (count == 0) return false;
      const Seat place = places[rng.below(static_cast<std::uint64_t>(count))];
      (place == kSeats ? rest_pile : hands[place]).push_back(card);
    }
    return true;
  }

  int places_for(Card card) const {
    int places = rest > 0 ? 1 : 0;
    for (Seat s = 0; s < kSeats; ++s) places += sizes[s] > 0 && allowed(s, card) ? 1 : 0;
    return places;
  }
};

}  // namespace

// Friend of PedroState: builds its private state from a view.
class PedroWorlds : public search::StateSampler<PedroState> {
 public:
  using StateSampler::StateSampler;

  static std::unique_ptr<search::WorldSampler> from_view(const Json& view);
  static std::optional<Json> sensible_on_state(const GameState& world, Seat seat);

  std::unique_ptr<GameState> sample(Rng& rng) const override {
    auto world = std::make_unique<PedroState>(base_);
    std::array<std::vector<Card>, kSeats> hands;
    std::vector<Card> rest;
    bool dealt = false;
    for (int attempt = 0; attempt < kDealAttempts && !dealt; ++attempt) {
      dealt = deal_.deal(unseen_, rng, hands, rest);
    }
    if (!dealt) {  // constraints no deal could meet (a view from a misdeal): drop them
      ConstrainedDeal free = deal_;
      for (auto& no : free.forbidden) no.clear();
      if (!free.deal(unseen_, rng, hands, rest)) return nullptr;
    }
    for (Seat s = 0; s < kSeats; ++s) {
      if (s != seat_) world->zones_.hands[s] = std::move(hands[s]);
    }
    Zones& zones = world->zones_;
    auto take = [&](std::vector<Card>& into, std::size_t count) {
      into.assign(rest.end() - static_cast<std::ptrdiff_t>(count), rest.end());
      rest.resize(rest.size() - count);
    };
    take(zones.stock, stock_count_);
    take(zones.kitty, kitty_count_);
    zones.dumped = std::move(rest);
    world->seed_ = Seed::from_u64(rng.next_u64());
    return world;
  }

 private:
  // What the play so far says each seat cannot hold: for every card a seat played to a
  // trick, each card whose presence would have made that play illegal.
  void infer_voids(const std::vector<Trick>& tricks, Suit trump);

  ConstrainedDeal deal_;
  std::size_t stock_count_ = 0;
  std::size_t kitty_count_ = 0;
};

void PedroWorlds::infer_voids(const std::vector<Trick>& tricks, Suit trump) {
  for (const Trick& trick : tricks) {
    if (trick.cards.empty()) continue;
    const Card led = trick.cards.front().card;
    for (std::size_t i = 1; i < trick.cards.size(); ++i) {
      const TrickCard& played = trick.cards[i];
      if (played.seat == seat_) continue;
      for (Card card : unseen_) {
        const std::vector<Card> hand{played.card, card};
        if (check_follow(hand, led, played.card, trump, base_.variant_) != FollowVerdict::kLegal) {
          deal_.forbidden[played.seat].push_back(card);
        }
      }
    }
  }
}

std::unique_ptr<search::WorldSampler> PedroWorlds::from_view(const Json& view) {
  if (view.value("phase", "") != "play" || !field(view, "viewer").is_number_integer()) {
    return nullptr;
  }
  const Seat seat = field(view, "viewer").get<Seat>();
  const std::optional<Suit> trump = suit_named(field(view, "trump"));
  auto hand = search::cards_in(field(view, "hand"));
  auto unused = search::cards_in(field(view, "unused_trumps"));
  const Json& players = field(view, "players");
  if (!trump || !hand || !unused || seat < 0 || seat >= kSeats || players.size() != kSeats) {
    return nullptr;
  }
  Variant variant = variant_from_options({{"variant", view.value("variant", "pedro")}});
  variant.target = view.value("target", variant.target);
  PedroState base(variant, Seed::from_u64(0), view.value("dealer", 0));
  base.deals_ = view.value("round", 1);
  base.phase_ = Phase::kPlay;
  base.turn_ = view.value("turn", 0);
  base.trump_ = trump;
  for (const Json& call : field(view, "calls")) {
    base.calls_.emplace_back(call.value("seat", 0), call.value("bid", 0));
  }
  base.high_bid_ =
      field(view, "high_bid").is_number_integer() ? field(view, "high_bid").get<int>() : 0;
  base.high_bidder_ =
      field(view, "high_bidder").is_number_integer() ? field(view, "high_bidder").get<int>() : -1;
  base.declarer_ =
      field(view, "declarer").is_number_integer() ? field(view, "declarer").get<int>() : -1;
  base.contract_ = field(view, "contract").is_boolean() && field(view, "contract").get<bool>();

  std::vector<Card> seen = *hand;
  seen.insert(seen.end(), unused->begin(), unused->end());
  base.zones_.table = *unused;
  base.zones_.hands[seat] = *hand;
  std::size_t dumped = 0;
  for (Seat s = 0; s < kSeats; ++s) {
    const Json& player = players[static_cast<std::size_t>(s)];
    base.passed_[s] = player.value("passed", false);
    base.spoke_[s] = !field(player, "last_call").is_null();
    base.received_[s] =
        field(player, "received").is_number_integer() ? field(player, "received").get<int>() : -1;
    auto discards = search::cards_in(field(player, "discards"));
    if (!discards) return nullptr;
    base.zones_.discards[s] = *discards;
    seen.insert(seen.end(), discards->begin(), discards->end());
    base.dumped_count_[s] = player.value("dumped", 0);
    dumped += static_cast<std::size_t>(base.dumped_count_[s]);
    base.out_[s] = player.value("out", false);
    if (!base.out_[s]) ++base.in_count_;
  }
  std::vector<Trick> tricks;
  for (const Json& json : field(view, "tricks")) {
    auto trick = trick_from(json);
    if (!trick || trick->winner < 0) return nullptr;
    for (const TrickCard& played : trick->cards) {
      base.zones_.won[side_of(trick->winner)].push_back(played.card);
      seen.push_back(played.card);
    }
    tricks.push_back(*trick);
  }
  auto current = trick_from(field(view, "trick"));
  if (!current) return nullptr;
  for (const TrickCard& played : current->cards) seen.push_back(played.card);
  base.trick_ = *current;
  base.last_trick_ = trick_from(field(view, "last_trick"));
  base.tricks_ = tricks;
  base.tricks_played_ = view.value("tricks_played", 0);
  int side = 0;
  for (const Json& json : field(view, "sides")) {
    if (side > 1) break;
    base.tricks_won_[side] = json.value("tricks", 0);
    base.points_[side] = json.value("points", 0);
    base.side_scores_[side] = json.value("score", std::int64_t{0});
    ++side;
  }
  if (!field(view, "last_round").is_null()) base.record_round_result(field(view, "last_round"));
  base.take_events();
  auto unseen = search::unseen_cards(standard_deck(), seen);
  if (!unseen) return nullptr;

  auto worlds = std::make_unique<PedroWorlds>(std::move(base), seat, std::move(*unseen));
  for (Seat s = 0; s < kSeats; ++s) {
    worlds->deal_.sizes[s] =
        s == seat ? 0 : players[static_cast<std::size_t>(s)].value("cards", 0u);
  }
  worlds->stock_count_ = view.value("stock_count", 0u);
  worlds->kitty_count_ = view.value("kitty_count", 0u);
  worlds->deal_.rest = worlds->stock_count_ + worlds->kitty_count_ + dumped;
  tricks.push_back(*current);
  worlds->infer_voids(tricks, *trump);
  return worlds;
}

// What the sensible bot's play (pedro_bots.cpp) takes from the seat's view, read from
// the state as write_legal_members and write_players (pedro_view.cpp) write it. The
// other steps (bids, trumps, rob, discards) go through the view: rollouts meet them
// only when a hand ends and the next is dealt.
std::optional<Json> PedroWorlds::sensible_on_state(const GameState& world, Seat seat) {
  const auto* state = dynamic_cast<const PedroState*>(&world);
  if (state == nullptr || state->phase_ != Phase::kPlay || seat != state->turn_ || !state->trump_) {
    return std::nullopt;
  }
  SensiblePlaySeen seen;
  seen.variant = state->variant_;
  seen.trump = *state->trump_;
  seen.seat = seat;
  seen.playable = state->playable(seat);
  for (const TrickCard& tc : state->trick_.cards) {
    seen.trick_cards.push_back(tc.card);
    seen.trick_seats.push_back(tc.seat);
  }
  for (Seat s = 0; s < state->seat_count(); ++s) seen.in_play += state->out_[s] ? 0 : 1;
  seen.dump_count = state->dump_count(seat);
  if (seen.dump_count > 0) {
    for (Card c : state->zones_.hands[seat]) {
      if (!is_point_card(c, *state->trump_, state->variant_)) seen.dump_from.push_back(c);
    }
  }
  return sensible_play(seen);
}

std::optional<Json> sensible_move_on_state(const GameState& world, Seat seat, Rng& /*rng*/) {
  return PedroWorlds::sensible_on_state(world, seat);
}

std::unique_ptr<search::WorldSampler> make_world_sampler(const Json& seat_view) {
  return search::built_or_null([&] { return PedroWorlds::from_view(seat_view); });
}

}  // namespace parlor::pedro
