// What each viewer sees (../shared/rules/poker.md, "What each player sees"): own hand
// with its category and whether it may open; every bet, stack and pot; how many cards
// each seat drew; at a showdown the hands shown with their categories. Folded and
// uncalled hands, and the stock, appear nowhere.
#include "engine/poker/poker_state.hpp"

#include "engine/poker/poker_hands.hpp"

namespace parlor::poker {
namespace {

void write_range(const std::optional<AmountRange>& range, JsonWriter& out) {
  if (!range) {
    out.value(nullptr);
    return;
  }
  out.begin_object();
  out.member("min", range->min);
  out.member("max", range->max);
  out.end_object();
}

}  // namespace

std::string phase_name(Phase phase) {
  switch (phase) {
    case Phase::kFirstBetting:
      return "first_betting";
    case Phase::kDraw:
      return "draw";
    case Phase::kSecondBetting:
      return "second_betting";
    case Phase::kOver:
      return "over";
  }
  return "over";
}

std::optional<hands::HandRank> PokerState::rank_of(Seat seat) const {
  if (hands_[seat].size() != 5) return std::nullopt;
  return evaluate_hand(*evaluator_, hands_[seat]);
}

void PokerState::write_table_members(JsonWriter& out) const {
  out.member("phase", phase_name(phase_));
  out.member("dealer", dealer_);
  out.key("turn");
  if (auto seat = seat_to_act()) {
    out.value(*seat);
  } else {
    out.value(nullptr);
  }
  out.key("deck");
  out.begin_object();
  out.member("cards", settings_.deck_cards());
  out.member("lowest_rank", settings_.lowest_rank);
  out.member("jokers", settings_.jokers);
  out.member("max_discard", settings_.max_discard);
  out.end_object();
  out.key("limits");
  out.begin_object();
  out.member("ante", settings_.ante);
  out.member("min_bet", settings_.min_bet);
  out.member("max_bet", settings_.max_bet);
  out.member("dealer_double_ante", settings_.dealer_double_ante);
  out.end_object();
  out.member("deals_limit", settings_.deals);
  out.member("stock", stock_.size());

  out.key("players");
  out.begin_array();
  for (Seat s = 0; s < settings_.seats; ++s) {
    out.begin_object();
    out.member("seat", s);
    out.member("stack", betting_.stack(s));
    out.member("in_deal", betting_.in_deal(s) && phase_ != Phase::kOver);
    out.member("folded", betting_.folded(s));
    out.member("all_in", betting_.all_in(s));
    out.member("bet", betting_.round_bet(s));
    out.member("committed", betting_.committed(s));
    out.member("cards", hands_[s].size());
    out.key("drew");
    if (drawn_[s] < 0) {
      out.value(nullptr);
    } else {
      out.value(drawn_[s]);
    }
    out.member("bought_in", bought_in_[s]);
    out.member("rebuys", rebuys_[s]);
    out.end_object();
  }
  out.end_array();

  out.key("pots");
  out.begin_array();
  if (phase_ != Phase::kOver) {
    for (const Pot& pot : betting_.pots()) {
      out.begin_object();
      out.member("amount", pot.amount);
      out.key("eligible");
      out.begin_array();
      for (Seat seat : pot.eligible) out.value(seat);
      out.end_array();
      out.end_object();
    }
  }
  out.end_array();
  out.member("pot_total", phase_ == Phase::kOver ? 0 : betting_.in_pots());
  out.member("current_bet", betting_.current_bet());
  out.member("opened", opened_);
  out.key("opener");
  if (opener_) {
    out.value(*opener_);
  } else {
    out.value(nullptr);
  }
  out.key("actions");
  out.raw(deal_log_text_);
  out.key("last_round");
  out.raw(last_round_text_);
}

void PokerState::write_seat_members(Seat seat, JsonWriter& out) const {
  out.key("hand");
  out.cards(hands_[seat]);
  auto rank = rank_of(seat);
  out.key("hand_category");
  if (rank) {
    out.value(hands::category_name(rank->category));
  } else {
    out.value(nullptr);
  }
  out.member("can_open", rank.has_value() && rank->strength >= opening_threshold_);
  out.key("legal");
  out.begin_object();
  write_legal_members(seat, out);
  out.end_object();
}

void PokerState::write_legal_members(Seat seat, JsonWriter& out) const {
  if (!is_waiting_for(seat)) return;
  if (phase_ == Phase::kDraw) {
    out.key("draw");
    out.begin_object();
    out.member("max_discard", settings_.max_discard);
    out.member("must_discard_joker", count_jokers(hands_[seat]) >= 2);
    out.end_object();
    return;
  }
  const bool opening = phase_ == Phase::kFirstBetting && !opened_;
  auto bet = betting_.bet_range(seat);
  if (opening && !can_open(seat)) bet.reset();
  out.member("check", betting_.may_check(seat));
  out.key("call");
  if (betting_.may_call(seat)) {
    out.value(betting_.call_amount(seat));
  } else {
    out.value(nullptr);
  }
  out.member("fold", betting_.may_fold(seat));
  out.key("bet");
  write_range(bet, out);
  out.key("raise");
  write_range(betting_.raise_range(seat), out);
  out.member("opening", opening);
}

}  // namespace parlor::poker
