// PokerState's turn order, time-out defaults and legal moves (poker_state.hpp).
#include "engine/poker/poker_hands.hpp"
#include "engine/poker/poker_state.hpp"

namespace parlor::poker {
namespace {

// Every amount of the range, or (when there are more than kMaxListed) the smallest, the
// largest and a few between, marking the list incomplete.
void add_amounts(LegalActions& legal, const std::string& type, const AmountRange& range) {
  constexpr Chips kMaxListed = 100;
  if (range.max - range.min + 1 <= kMaxListed) {
    for (Chips a = range.min; a <= range.max; ++a) {
      legal.actions.push_back({{"type", type}, {"amount", a}});
    }
    return;
  }
  legal.complete = false;
  for (int i = 0; i <= 4; ++i) {
    Chips a = range.min + (range.max - range.min) * i / 4;
    legal.actions.push_back({{"type", type}, {"amount", a}});
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Who acts, defaults, legal moves

std::optional<Seat> PokerState::seat_to_act() const {
  if (phase_ == Phase::kOver) return std::nullopt;
  if (phase_ == Phase::kDraw) {
    if (draw_index_ < draw_order_.size()) return draw_order_[draw_index_];
    return std::nullopt;
  }
  return betting_.to_act();
}

Waiting PokerState::waiting() const {
  if (auto seat = seat_to_act()) return {WaitMode::kTurn, {*seat}};
  return {};
}

bool PokerState::is_waiting_for(Seat seat) const { return seat_to_act() == seat; }

Json PokerState::default_action(Seat seat) const {
  if (phase_ == Phase::kDraw) {
    Json discard = Json::array();
    if (count_jokers(hands_[seat]) >= 2) discard.push_back("JK");
    return {{"type", "draw"}, {"discard", discard}};
  }
  if (betting_.may_check(seat)) return {{"type", "check"}};
  return {{"type", "fold"}};
}

LegalActions PokerState::legal_actions(Seat seat) const {
  LegalActions legal;
  if (!is_waiting_for(seat)) return legal;
  if (phase_ == Phase::kDraw) {
    const std::vector<Card>& hand = hands_[seat];
    const bool two_jokers = count_jokers(hand) >= 2;
    for (unsigned mask = 0; mask < 32; ++mask) {
      Json discard = Json::array();
      std::vector<Card> cards;
      for (int i = 0; i < 5; ++i) {
        if (mask & (1u << i)) cards.push_back(hand[i]);
      }
      if (static_cast<int>(cards.size()) > settings_.max_discard) continue;
      if (two_jokers && count_jokers(cards) == 0) continue;
      // Jokers are identical: skip the second joker's duplicate subsets.
      if (count_jokers(cards) == 1 && two_jokers) {
        int first_joker = -1;
        for (int i = 0; i < 5; ++i) {
          if (hand[i].is_joker()) {
            first_joker = i;
            break;
          }
        }
        if (!(mask & (1u << first_joker))) continue;
      }
      legal.actions.push_back({{"type", "draw"}, {"discard", cards_to_json(cards)}});
    }
    return legal;
  }
  if (betting_.may_check(seat)) legal.actions.push_back({{"type", "check"}});
  if (betting_.may_call(seat)) legal.actions.push_back({{"type", "call"}});
  if (betting_.may_fold(seat)) legal.actions.push_back({{"type", "fold"}});
  const bool opening = phase_ == Phase::kFirstBetting && !opened_;
  if (auto range = betting_.bet_range(seat); range && (!opening || can_open(seat))) {
    add_amounts(legal, "bet", *range);
  }
  if (auto range = betting_.raise_range(seat)) add_amounts(legal, "raise", *range);
  return legal;
}

}  // namespace parlor::poker
