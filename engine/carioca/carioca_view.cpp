// What each seat sees, the moves it may make, and the move made for it on a timeout.
#include <algorithm>

#include "engine/carioca/carioca_finder.hpp"
#include "engine/carioca/carioca_state.hpp"

namespace parlor::carioca {
namespace {

void write_seats(const std::vector<Seat>& seats, JsonWriter& out) {
  out.begin_array();
  for (Seat seat : seats) out.value(seat);
  out.end_array();
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

Json CariocaState::meld_json(const Meld& meld) const {
  return members_as_json([&meld](JsonWriter& out) { write_meld_members(meld, out); });
}

Json CariocaState::legal_json(Seat seat) const {
  return members_as_json([this, seat](JsonWriter& out) { write_legal_members(seat, out); });
}

void CariocaState::write_meld_members(const Meld& meld, JsonWriter& out) {
  out.key("cards");
  out.cards(meld.cards);
  out.key("jokers");
  out.begin_array();
  for (std::size_t i = 0; i < meld.cards.size(); ++i) {
    if (!meld.cards[i].is_joker()) continue;
    out.begin_object();
    out.member("index", i);
    out.member("as", meld.stands_for(i));
    out.end_object();
  }
  out.end_array();
  if (meld.kind == MeldKind::kTrio) {
    out.member("kind", "trio");
    out.member("rank", rank_symbol(meld.rank));
  } else {
    const char suit[] = {suit_symbol(meld.suit), '\0'};
    out.member("kind", "straight");
    out.member("suit", suit);
    out.member("low", meld.stands_for(0));
    out.member("high", meld.stands_for(meld.cards.size() - 1));
  }
}

void CariocaState::write_table_members(JsonWriter& out) const {
  out.member("phase", phase_name(phase_));
  out.member("dealer", dealer_);
  out.key("turn");
  if (phase_ == Phase::kOver) {
    out.value(nullptr);
  } else {
    out.value(turn_);
  }

  const Contract& now = contract();
  out.key("contract");
  out.begin_object();
  out.member("round", round_);
  out.member("text", now.describe());
  out.member("trios", now.trios);
  out.member("straights", now.straights);
  out.member("min_cards", now.min_cards());
  out.member("go_out", now.go_out);
  out.member("hand_size", now.hand_size);
  out.end_object();

  out.key("players");
  out.begin_array();
  for (Seat seat = 0; seat < seats_; ++seat) {
    out.begin_object();
    out.member("seat", seat);
    out.member("cards", hands_[seat].size());
    out.member("lowered", lowered(seat));
    out.member("steals", steals_[seat]);
    out.member("rounds_out", rounds_out_[seat]);
    out.key("melds");
    out.begin_array();
    for (const Meld& meld : melds_[seat]) {
      out.begin_object();
      write_meld_members(meld, out);
      out.end_object();
    }
    out.end_array();
    out.end_object();
  }
  out.end_array();

  out.key("discard");
  out.begin_object();
  out.key("top");
  if (discards_.empty()) {
    out.value(nullptr);
  } else {
    out.value(discards_.back());
  }
  out.member("size", discards_.size());
  out.end_object();

  out.key("stock");
  out.begin_object();
  out.member("size", stock_.size());
  out.member("reshuffles", reshuffles_);
  out.member("reshuffles_allowed", options_.stock_reshuffles);
  out.end_object();

  out.key("steal_window");
  if (window_) {
    out.begin_object();
    out.member("card", window_->card);
    out.member("discarder", window_->discarder);
    out.key("order");
    write_seats(window_->order, out);
    out.key("declined");
    write_seats(window_->declined, out);
    out.key("undecided");
    out.begin_array();
    for (Seat seat : window_->order) {
      if (!window_->has_declined(seat)) out.value(seat);
    }
    out.end_array();
    out.member("window_ms", options_.steal_window_ms);
    out.end_object();
  } else {
    out.value(nullptr);
  }

  out.key("scores_by_round");
  out.begin_array();
  for (const auto& points : points_by_round_) {
    out.begin_array();
    for (std::int64_t p : points) out.value(p);
    out.end_array();
  }
  out.end_array();

  out.key("rules");
  out.begin_object();
  out.member("straight_wrap", options_.straight_wrap);
  out.member("flat_low_cards", options_.flat_low_cards);
  out.member("joker_value", options_.joker_value);
  out.end_object();

  out.key("last_round");
  out.raw(last_round_result_text());
}

void CariocaState::write_seat_members(Seat seat, JsonWriter& out) const {
  out.key("hand");
  out.cards(hands_[seat]);
  out.key("legal");
  out.begin_object();
  write_legal_members(seat, out);
  out.end_object();
}

// A compact description of the seat's moves: lowering cannot be listed, so the view says
// what is allowed and the seat searches its own hand.
void CariocaState::write_legal_members(Seat seat, JsonWriter& out) const {
  Waiting wait = waiting();
  if (std::find(wait.seats.begin(), wait.seats.end(), seat) == wait.seats.end()) return;
  switch (phase_) {
    case Phase::kCut:
      out.key("cut");
      out.begin_object();
      out.member("min", 1);
      out.member("max", 107);
      out.end_object();
      break;
    case Phase::kDraw: {
      const auto& hand = hands_[seat];
      bool could_discard_after =
          !discards_.empty() &&
          std::any_of(hand.begin(), hand.end(), [&](Card c) { return c != discards_.back(); });
      out.key("draw");
      out.begin_array();
      out.value("stock");
      if (could_discard_after) out.value("discard");
      out.end_array();
      break;
    }
    case Phase::kStealWindow:
      out.member("steal", window_->may_claim(seat));
      out.member("decline", true);
      break;
    case Phase::kPlay:
      out.member("can_lower", !lowered(seat));
      out.member("lower_must_go_out", contract().go_out);
      out.member("can_lay_off", lowered(seat) && lowered_turn_[seat] < turn_number_);
      out.member("must_discard", true);
      // The card taken from the discard pile this turn, which may not go back.
      for (const char* name : {"taken", "forbidden_discard"}) {
        out.key(name);
        if (taken_) {
          out.value(*taken_);
        } else {
          out.value(nullptr);
        }
      }
      break;
    case Phase::kOver:
      break;
  }
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
