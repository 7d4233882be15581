// What each seat sees, the "legal" section bots and interfaces choose from, the
// enumerated legal actions and the timeout default.
#include <algorithm>

#include "engine/pedro/pedro_state.hpp"
#include "engine/pedro/pedro_trumps.hpp"

namespace parlor::pedro {
namespace {

Json suit_json(std::optional<Suit> suit) {
  return suit ? Json(std::string(1, suit_symbol(*suit))) : Json(nullptr);
}

// Weakest first: plain cards below trumps, non-point cards before point cards.
void sort_weakest_first(std::vector<Card>& cards, Suit trump, const Variant& variant) {
  std::stable_sort(cards.begin(), cards.end(), [&](Card a, Card b) {
    const bool pa = is_point_card(a, trump, variant);
    const bool pb = is_point_card(b, trump, variant);
    if (pa != pb) return !pa;
    return play_strength(a, trump) < play_strength(b, trump);
  });
}

std::vector<Card> first_n(const std::vector<Card>& cards, int n) {
  return {cards.begin(), cards.begin() + std::min<std::size_t>(n, cards.size())};
}

}  // namespace

Json PedroState::trick_json(const Trick& trick) const {
  Json cards = Json::array();
  for (const TrickCard& tc : trick.cards) {
    cards.push_back({{"seat", tc.seat}, {"card", tc.card.str()}});
  }
  Json out = {{"leader", trick.leader}, {"cards", cards}, {"dumped", trick.dumped}};
  if (trick.winner >= 0) out["winner"] = trick.winner;
  return out;
}

Json PedroState::players_json() const {
  Json players = Json::array();
  for (Seat s = 0; s < kSeats; ++s) {
    Json call = nullptr;
    for (const auto& [seat, amount] : calls_) {
      if (seat == s) call = amount == 0 ? Json("pass") : Json(amount);
    }
    players.push_back({{"seat", s},
                       {"side", side_of(s)},
                       {"cards", zones_.hands[s].size()},
                       {"last_call", call},
                       {"passed", passed_[s]},
                       {"received", received_[s] < 0 ? Json(nullptr) : Json(received_[s])},
                       {"discards", cards_to_json(zones_.discards[s])},
                       {"choosing_discard", choosing_[s]},
                       {"dumped", dumped_count_[s]},
                       {"out", phase_ == Phase::kPlay && out_[s]}});
  }
  return players;
}

Json PedroState::game_table_view() const {
  Json calls = Json::array();
  for (const auto& [seat, amount] : calls_) {
    calls.push_back(amount == 0 ? Json{{"seat", seat}, {"pass", true}}
                                : Json{{"seat", seat}, {"bid", amount}});
  }
  const bool someone_acts = phase_ != Phase::kOver && phase_ != Phase::kDiscard;
  Json view = {{"variant", variant_.name},
               {"phase", phase_name(phase_)},
               {"dealer", dealer_},
               {"turn", someone_acts ? Json(turn_) : Json(nullptr)},
               {"trump", suit_json(trump_)},
               {"calls", calls},
               {"high_bid", high_bid_ > 0 ? Json(high_bid_) : Json(nullptr)},
               {"high_bidder", high_bidder_ >= 0 ? Json(high_bidder_) : Json(nullptr)},
               {"declarer", declarer_ >= 0 ? Json(declarer_) : Json(nullptr)},
               {"contract", declarer_ >= 0 ? Json(contract_) : Json(nullptr)},
               {"players", players_json()},
               {"stock_count", zones_.stock.size()},
               {"kitty_count", zones_.kitty.size()},
               {"unused_trumps", cards_to_json(zones_.table)},
               {"trick", phase_ == Phase::kPlay ? trick_json(trick_) : Json(nullptr)},
               {"last_trick", last_trick_ ? trick_json(*last_trick_) : Json(nullptr)},
               {"tricks_played", tricks_played_},
               {"sides",
                {{{"seats", {0, 2}},
                  {"tricks", tricks_won_[0]},
                  {"points", points_[0]},
                  {"score", side_scores_[0]}},
                 {{"seats", {1, 3}},
                  {"tricks", tricks_won_[1]},
                  {"points", points_[1]},
                  {"score", side_scores_[1]}}}},
               {"target", variant_.target},
               {"winner_side", winner_side_ ? Json(*winner_side_) : Json(nullptr)},
               {"last_round", last_round_}};
  return view;
}

Json PedroState::game_seat_view(Seat seat) const {
  Json view = Json::object();
  view["hand"] = cards_to_json(zones_.hands[seat]);
  if (!zones_.pending[seat].empty()) view["my_discard"] = cards_to_json(zones_.pending[seat]);
  // The dealer looks through the stock while robbing.
  if (phase_ == Phase::kRob && seat == dealer_) view["stock"] = cards_to_json(zones_.stock);
  view["legal"] = legal_json(seat);
  return view;
}

Json PedroState::discard_choice(Seat seat) const {
  return {{"count", to_discard_[seat]}, {"choose_from", cards_to_json(discard_from_[seat])}};
}

Json PedroState::legal_json(Seat seat) const {
  Json legal = Json::object();
  if (phase_ == Phase::kDiscard) {
    if (choosing_[seat]) legal["discard"] = discard_choice(seat);
    return legal;
  }
  if (phase_ == Phase::kOver || seat != turn_) return legal;
  switch (phase_) {
    case Phase::kBidding:
      legal["pass"] = may_pass(seat);
      legal["bid"] = lowest_bid() <= variant_.max_bid
                         ? Json{{"min", lowest_bid()}, {"max", variant_.max_bid}}
                         : Json(nullptr);
      break;
    case Phase::kTrump:
      legal["trump"] = {"C", "D", "H", "S"};
      break;
    case Phase::kRob: {
      const RobChoice choice = rob_choice();
      legal["rob"] = {{"must_take", cards_to_json(choice.must_take)},
                      {"choose_from", cards_to_json(choice.choose_from)},
                      {"choose", choice.choose}};
      break;
    }
    case Phase::kPlay: {
      legal["play"] = cards_to_json(playable(seat));
      const int dump = dump_count(seat);
      if (dump > 0) {
        std::vector<Card> from;
        for (Card c : zones_.hands[seat]) {
          if (!is_point_card(c, *trump_, variant_)) from.push_back(c);
        }
        legal["dump"] = {{"count", dump}, {"choose_from", cards_to_json(from)}};
      }
      break;
    }
    default:
      break;
  }
  return legal;
}

LegalActions PedroState::legal_actions(Seat seat) const {
  LegalActions out;
  const Json legal = legal_json(seat);
  if (legal.contains("pass") && legal["pass"] == true) out.actions.push_back({{"type", "pass"}});
  if (legal.contains("bid") && !legal["bid"].is_null()) {
    for (int a = legal["bid"]["min"]; a <= legal["bid"]["max"].get<int>(); ++a) {
      out.actions.push_back({{"type", "bid"}, {"amount", a}});
    }
  }
  if (legal.contains("trump")) {
    for (const auto& suit : legal["trump"])
      out.actions.push_back({{"type", "trump"}, {"suit", suit}});
  }
  if (legal.contains("rob") || legal.contains("discard") || legal.contains("dump")) {
    // Choosing k of n cards: one representative, the default choice.
    out.complete = false;
  }
  if (legal.contains("rob") || legal.contains("discard"))
    out.actions.push_back(default_action(seat));
  if (legal.contains("play")) {
    for (const auto& card : legal["play"]) {
      Json play = {{"type", "play"}, {"card", card}};
      if (legal.contains("dump")) {
        // The weakest non-point cards besides the one played.
        std::vector<Card> from = *parse_card_array(legal["dump"]["choose_from"]);
        from.erase(std::remove(from.begin(), from.end(), *parse_card(card.get<std::string>())),
                   from.end());
        sort_weakest_first(from, *trump_, variant_);
        play["dump"] = cards_to_json(first_n(from, legal["dump"]["count"].get<int>()));
      }
      out.actions.push_back(play);
    }
  }
  return out;
}

// See pedro_state.hpp for the defaults a timeout plays.
Json PedroState::default_action(Seat seat) const {
  if (phase_ == Phase::kDiscard && choosing_[seat]) {
    std::vector<Card> from = discard_from_[seat];
    sort_weakest_first(from, *trump_, variant_);
    return {{"type", "discard"}, {"cards", cards_to_json(first_n(from, to_discard_[seat]))}};
  }
  switch (phase_) {
    case Phase::kBidding:
      if (may_pass(seat)) return {{"type", "pass"}};
      return {{"type", "bid"}, {"amount", lowest_bid()}};
    case Phase::kTrump: {
      int best = 0;
      int best_count = -1;
      for (int s = 0; s < 4; ++s) {
        int n = count_trumps(zones_.hands[seat], static_cast<Suit>(s));
        if (n >= best_count) {
          best_count = n;
          best = s;
        }
      }
      return {{"type", "trump"}, {"suit", std::string(1, suit_symbol(static_cast<Suit>(best)))}};
    }
    case Phase::kRob: {
      const RobChoice choice = rob_choice();  // choose_from is strongest first
      std::vector<Card> cards = choice.must_take;
      for (Card c : first_n(choice.choose_from, choice.choose)) cards.push_back(c);
      return {{"type", "rob"}, {"cards", cards_to_json(cards)}};
    }
    case Phase::kPlay: {
      std::vector<Card> cards = playable(seat);
      sort_weakest_first(cards, *trump_, variant_);
      if (cards.empty()) return {{"type", "play"}};
      Json play = {{"type", "play"}, {"card", cards.front().str()}};
      const int dump = dump_count(seat);
      if (dump > 0) {
        std::vector<Card> from;
        for (Card c : zones_.hands[seat]) {
          if (c != cards.front() && !is_point_card(c, *trump_, variant_)) from.push_back(c);
        }
        sort_weakest_first(from, *trump_, variant_);
        play["dump"] = cards_to_json(first_n(from, dump));
      }
      return play;
    }
    default:
      return {{"type", "pass"}};
  }
}

}  // namespace parlor::pedro
