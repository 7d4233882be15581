// What each seat sees, the moves it may make, and the move made for it on a timeout.
#include <algorithm>

#include "engine/carioca/carioca_finder.hpp"
#include "engine/carioca/carioca_state.hpp"

namespace parlor::carioca {
namespace {

Json contract_json(int round, const Contract& contract) {
  Json out = Json::object();
  out["round"] = round;
  out["text"] = contract.describe();
  out["trios"] = contract.trios;
  out["straights"] = contract.straights;
  out["min_cards"] = contract.min_cards();
  out["go_out"] = contract.go_out;
  out["hand_size"] = contract.hand_size;
  return out;
}

std::vector<Card> distinct(std::vector<Card> cards) {
  std::sort(cards.begin(), cards.end());
  cards.erase(std::unique(cards.begin(), cards.end()), cards.end());
  return cards;
}

}  // namespace

Waiting CariocaState::waiting() const {
  switch (phase_) {
    case Phase::kOver:
      return {};
    case Phase::kStealWindow: {
      Waiting wait{WaitMode::kClaim, {}};
      for (Seat seat : window_->order) {
        if (!window_->has_declined(seat)) wait.seats.push_back(seat);
      }
      return wait;
    }
    default:
      return {WaitMode::kTurn, {turn_}};
  }
}

// Views are built field by field with moves: nested initializer lists would copy every
// level again, and views are built after every action.
Json CariocaState::meld_json(const Meld& meld) const {
  Json jokers = Json::array();
  for (std::size_t i = 0; i < meld.cards.size(); ++i) {
    if (!meld.cards[i].is_joker()) continue;
    Json joker = Json::object();
    joker["index"] = i;
    joker["as"] = meld.stands_for(i);
    jokers.push_back(std::move(joker));
  }
  Json out = Json::object();
  out["cards"] = cards_to_json(meld.cards);
  out["jokers"] = std::move(jokers);
  if (meld.kind == MeldKind::kTrio) {
    out["kind"] = "trio";
    out["rank"] = rank_symbol(meld.rank);
  } else {
    out["kind"] = "straight";
    out["suit"] = std::string(1, suit_symbol(meld.suit));
    out["low"] = meld.stands_for(0);
    out["high"] = meld.stands_for(meld.cards.size() - 1);
  }
  return out;
}

Json CariocaState::players_json() const {
  Json players = Json::array();
  for (Seat seat = 0; seat < seats_; ++seat) {
    Json melds = Json::array();
    for (const Meld& meld : melds_[seat]) melds.push_back(meld_json(meld));
    Json player = Json::object();
    player["seat"] = seat;
    player["cards"] = hands_[seat].size();
    player["lowered"] = lowered(seat);
    player["steals"] = steals_[seat];
    player["rounds_out"] = rounds_out_[seat];
    player["melds"] = std::move(melds);
    players.push_back(std::move(player));
  }
  return players;
}

Json CariocaState::window_json() const {
  if (!window_) return nullptr;
  Json undecided = Json::array();
  for (Seat seat : window_->order) {
    if (!window_->has_declined(seat)) undecided.push_back(seat);
  }
  Json out = Json::object();
  out["card"] = window_->card.str();
  out["discarder"] = window_->discarder;
  out["order"] = window_->order;
  out["declined"] = window_->declined;
  out["undecided"] = std::move(undecided);
  out["window_ms"] = options_.steal_window_ms;
  return out;
}

Json CariocaState::game_table_view() const {
  Json view = Json::object();
  view["phase"] = phase_name(phase_);
  view["dealer"] = dealer_;
  view["turn"] = phase_ == Phase::kOver ? Json(nullptr) : Json(turn_);
  view["contract"] = contract_json(round_, contract());
  view["players"] = players_json();
  Json discard = Json::object();
  discard["top"] = discards_.empty() ? Json(nullptr) : Json(discards_.back().str());
  discard["size"] = discards_.size();
  view["discard"] = std::move(discard);
  Json stock = Json::object();
  stock["size"] = stock_.size();
  stock["reshuffles"] = reshuffles_;
  stock["reshuffles_allowed"] = options_.stock_reshuffles;
  view["stock"] = std::move(stock);
  view["steal_window"] = window_json();
  view["scores_by_round"] = points_by_round_;
  Json rules = Json::object();
  rules["straight_wrap"] = options_.straight_wrap;
  rules["flat_low_cards"] = options_.flat_low_cards;
  rules["joker_value"] = options_.joker_value;
  view["rules"] = std::move(rules);
  view["last_round"] = last_round_;
  return view;
}

Json CariocaState::game_seat_view(Seat seat) const {
  Json view = Json::object();
  view["hand"] = cards_to_json(hands_[seat]);
  view["legal"] = legal_json(seat);
  return view;
}

// A compact description of the seat's moves: lowering cannot be listed, so the view says
// what is allowed and the seat searches its own hand.
Json CariocaState::legal_json(Seat seat) const {
  Waiting wait = waiting();
  if (std::find(wait.seats.begin(), wait.seats.end(), seat) == wait.seats.end()) {
    return Json::object();
  }
  switch (phase_) {
    case Phase::kCut:
      return {{"cut", {{"min", 1}, {"max", 107}}}};
    case Phase::kDraw: {
      Json from = Json::array({"stock"});
      const auto& hand = hands_[seat];
      bool could_discard_after =
          !discards_.empty() &&
          std::any_of(hand.begin(), hand.end(), [&](Card c) { return c != discards_.back(); });
      if (could_discard_after) from.push_back("discard");
      return {{"draw", from}};
    }
    case Phase::kStealWindow:
      return {{"steal", window_->may_claim(seat)}, {"decline", true}};
    case Phase::kPlay: {
      Json forbidden = taken_ ? Json(taken_->str()) : Json(nullptr);
      return {{"can_lower", !lowered(seat)},
              {"lower_must_go_out", contract().go_out},
              {"can_lay_off", lowered(seat) && lowered_turn_[seat] < turn_number_},
              {"must_discard", true},
              {"taken", taken_ ? Json(taken_->str()) : Json(nullptr)},
              {"forbidden_discard", forbidden}};
    }
    case Phase::kOver:
      break;
  }
  return Json::object();
}

// Representative moves of the play phase: the best lowering the search finds (if the
// rules allow it), every single-card lay-off, every allowed discard.
std::vector<Json> CariocaState::play_actions(Seat seat) const {
  std::vector<Json> actions;
  const std::vector<Card>& hand = hands_[seat];
  if (!lowered(seat)) {
    auto lowering = find_lowering(hand, contract(), options_.meld_rules());
    if (lowering) {
      std::vector<Card> rest = cards_left(hand, *lowering);
      bool allowed =
          contract().go_out ? rest.size() <= 1 && can_still_discard(rest) : can_still_discard(rest);
      if (allowed) actions.push_back({{"type", "lower"}, {"melds", lowering_json(*lowering)}});
    }
  } else if (lowered_turn_[seat] < turn_number_) {
    for (Card card : distinct(hand)) {
      for (Seat owner = 0; owner < seats_; ++owner) {
        for (std::size_t i = 0; i < melds_[owner].size(); ++i) {
          for (End end : {End::kLow, End::kHigh}) {
            if (melds_[owner][i].kind == MeldKind::kTrio && end == End::kLow) continue;
            if (!lay_off(melds_[owner][i], card, end, options_.meld_rules())) continue;
            Json action = {{"type", "lay_off"}, {"seat", owner}, {"meld", i}, {"card", card.str()}};
            if (melds_[owner][i].kind == MeldKind::kStraight)
              action["end"] = end == End::kLow ? "low" : "high";
            actions.push_back(action);
          }
        }
      }
    }
  }
  for (Card card : distinct(hand)) {
    if (may_discard(seat, card)) actions.push_back({{"type", "discard"}, {"card", card.str()}});
  }
  return actions;
}

LegalActions CariocaState::legal_actions(Seat seat) const {
  LegalActions legal;
  Json described = legal_json(seat);
  if (described.empty()) return legal;
  switch (phase_) {
    case Phase::kCut:
      for (int size = 1; size < 108; ++size)
        legal.actions.push_back({{"type", "cut"}, {"size", size}});
      break;
    case Phase::kDraw:
      for (const Json& from : described["draw"])
        legal.actions.push_back({{"type", "draw"}, {"from", from}});
      break;
    case Phase::kStealWindow:
      if (described["steal"] == true) legal.actions.push_back({{"type", "steal"}});
      legal.actions.push_back({{"type", "decline"}});
      break;
    case Phase::kPlay:
      legal.actions = play_actions(seat);
      legal.complete = false;
      break;
    case Phase::kOver:
      break;
  }
  return legal;
}

// The draw, lowering and lay-off checks guarantee a seat in the play phase holds a card
// other than the one it took.
Card CariocaState::highest_discard(Seat seat) const {
  std::optional<Card> best;
  int best_points = -1;
  for (Card card : hands_[seat]) {
    if (!may_discard(seat, card)) continue;
    int points = card_points(card, options_.flat_low_cards, options_.joker_value);
    if (points > best_points) {
      best = card;
      best_points = points;
    }
  }
  return best ? *best : hands_[seat].front();
}

// On a timeout: cut at half the deck, draw from the stock, discard the costliest card
// (never the one just taken), decline a steal.
Json CariocaState::default_action(Seat seat) const {
  switch (phase_) {
    case Phase::kCut:
      return {{"type", "cut"}, {"size", 54}};
    case Phase::kDraw:
      return {{"type", "draw"}, {"from", "stock"}};
    case Phase::kStealWindow:
      return {{"type", "decline"}};
    case Phase::kPlay:
      return {{"type", "discard"}, {"card", highest_discard(seat).str()}};
    case Phase::kOver:
      break;
  }
  (void)seat;
  return {{"type", "draw"}, {"from", "stock"}};
}

}  // namespace parlor::carioca
