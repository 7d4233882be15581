// PokerState's moves (poker_state.hpp): the betting rounds and the draw, and the
// deal's action log they write to.
#include <algorithm>

#include "engine/poker/poker_hands.hpp"
#include "engine/poker/poker_state.hpp"

namespace parlor::poker {
namespace {

bool remove_cards(std::vector<Card>& from, const std::vector<Card>& cards) {
  std::vector<Card> left = from;
  for (Card card : cards) {
    auto it = std::find(left.begin(), left.end(), card);
    if (it == left.end()) return false;
    left.erase(it);
  }
  from = std::move(left);
  return true;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Actions

ActionResult PokerState::apply_action(Seat seat, const Json& action) {
  const std::string type = action["type"].get<std::string>();
  const bool betting_move =
      type == "check" || type == "bet" || type == "call" || type == "raise" || type == "fold";
  if (betting_move) {
    if (phase_ != Phase::kFirstBetting && phase_ != Phase::kSecondBetting) {
      return ActionResult::rejected("wrong_phase", "no betting round is under way");
    }
    return apply_bet(seat, action);
  }
  if (type == "draw") {
    if (phase_ != Phase::kDraw) return ActionResult::rejected("wrong_phase", "it is not the draw");
    return apply_draw(seat, action);
  }
  return ActionResult::rejected("unknown_action", "poker has no action '" + type + "'");
}

bool PokerState::can_open(Seat seat) const {
  if (hands_[seat].size() != 5) return false;
  return evaluate_hand(*evaluator_, hands_[seat]).strength >= opening_threshold_;
}

ActionResult PokerState::apply_bet(Seat seat, const Json& action) {
  const std::string type = action["type"].get<std::string>();
  Move move;
  if (type == "check") move.type = MoveType::kCheck;
  if (type == "call") move.type = MoveType::kCall;
  if (type == "fold") move.type = MoveType::kFold;
  if (type == "bet" || type == "raise") {
    move.type = type == "bet" ? MoveType::kBet : MoveType::kRaise;
    if (!action.contains("amount") || !action["amount"].is_number_integer()) {
      return ActionResult::rejected("bad_action", "a " + type + " needs a whole \"amount\"");
    }
    move.amount = action["amount"].get<Chips>();
  }
  if (auto err = betting_.check_move(seat, move)) {
    if (err->code == "check_after_open" && phase_ == Phase::kFirstBetting) {
      err->message = "the pot is open: nobody may check; call, raise or fold";
    }
    return ActionResult::rejected(err->code, err->message);
  }
  const bool opening = phase_ == Phase::kFirstBetting && move.type == MoveType::kBet;
  if (opening && !can_open(seat)) {
    return ActionResult::rejected("cannot_open", "opening needs at least a pair of jacks");
  }
  MoveRecord record = betting_.apply(seat, move);
  if (move.type == MoveType::kFold) {
    // A folded hand goes face down to the muck: nobody ever sees it.
    muck_.insert(muck_.end(), hands_[seat].begin(), hands_[seat].end());
    hands_[seat].clear();
  }
  if (opening) {
    opened_ = true;
    opener_ = seat;
  }
  log_action([&](JsonWriter& out) {
    out.member("all_in", record.all_in);
    if (move.type == MoveType::kBet || move.type == MoveType::kRaise) {
      out.member("amount", move.amount);
    }
    out.member("bet", record.to_bet);
    if (opening) out.member("opens", true);
    out.member("paid", record.paid);
    out.member("seat", seat);
    out.member("type", move_name(move.type));
  });
  after_betting_move();
  return ActionResult::accepted();
}

void PokerState::after_betting_move() {
  if (betting_.to_act()) return;
  if (phase_ == Phase::kFirstBetting) {
    finish_first_round();
  } else {
    finish_second_round();
  }
}

// The log is appended to, never changed, and kept only as text: it grows with each
// entry rather than being serialized again for every view, and the entry's text is the
// event's too (a tree per entry, copied into a tree log and dumped twice, made most of
// Poker's allocations above the other games'). The deal's recorded result takes the log's
// text as it is (with_action_log), so every entry writes its members with their keys in
// order, as nlohmann writes an object: a round's recorded text is the dump of its tree
// (tests/support/random_playout.cpp checks it for every round of random matches).
template <class WriteMembers>
void PokerState::log_action(WriteMembers&& write_members, Audience audience) {
  std::string entry;
  entry.reserve(96);
  JsonWriter out(entry);
  out.begin_object();
  write_members(out);
  out.end_object();
  deal_log_text_.pop_back();  // the closing bracket
  if (deal_log_text_.size() > 1) deal_log_text_ += ',';
  deal_log_text_ += entry;
  deal_log_text_ += ']';
  emit_text(std::move(entry), audience);
}

void PokerState::return_uncalled() {
  // Not a structured binding: clang 15 (the fuzz build) cannot capture one in a lambda.
  const auto returned = betting_.end_round();
  const auto seat = returned.first;
  const auto amount = returned.second;
  if (amount > 0) {
    log_action([&](JsonWriter& out) {
      out.member("amount", amount);
      out.member("seat", seat);
      out.member("type", "uncalled_returned");
    });
  }
}

void PokerState::finish_first_round() {
  if (betting_.live_count() == 1) {
    win_uncalled();
    return;
  }
  // Nobody opened although two or more could bet: the jackpot carries over. When fewer
  // than two players had chips left after the antes nobody could bet at all; the hands
  // are then drawn to and shown down for the jackpot (rules silent; see poker.hpp).
  if (!opened_ && bettors_at_start_ >= 2) {
    carry_over();
    return;
  }
  return_uncalled();
  start_draw();
}

void PokerState::finish_second_round() {
  if (betting_.live_count() == 1) {
    win_uncalled();
    return;
  }
  return_uncalled();
  showdown();
}

// ---------------------------------------------------------------------------------------
// The draw

void PokerState::start_draw() {
  phase_ = Phase::kDraw;
  draw_order_.clear();
  draw_index_ = 0;
  for (int step = 1; step <= settings_.seats; ++step) {
    Seat s = (dealer_ + step) % settings_.seats;
    if (betting_.live(s)) draw_order_.push_back(s);
  }
}

ActionResult PokerState::apply_draw(Seat seat, const Json& action) {
  if (draw_index_ >= draw_order_.size() || draw_order_[draw_index_] != seat) {
    return ActionResult::rejected("not_your_turn", "it is not your turn to draw");
  }
  if (!action.contains("discard") || !action["discard"].is_array()) {
    return ActionResult::rejected("bad_action",
                                  "a draw needs \"discard\": a list of cards ([] to stand pat)");
  }
  auto cards = parse_card_array(action["discard"]);
  if (!cards) return ActionResult::rejected("bad_card", cards.error().message);
  std::vector<Card> hand = hands_[seat];
  if (!remove_cards(hand, *cards)) {
    return ActionResult::rejected("card_not_held", "you do not hold every card you discard");
  }
  if (static_cast<int>(cards->size()) > settings_.max_discard) {
    return ActionResult::rejected(
        "too_many_discards",
        "you may change at most " + std::to_string(settings_.max_discard) + " cards");
  }
  if (count_jokers(hands_[seat]) >= 2 && count_jokers(*cards) == 0) {
    return ActionResult::rejected("must_discard_joker",
                                  "holding two jokers, you must discard at least one");
  }
  // Unreachable with the creation check (deck >= 5 x seats + max_discard + 1); kept so a
  // draw can never read past the stock.
  if (!cards->empty() && stock_.size() + discards_.size() < cards->size() + 1) {
    return ActionResult::rejected("stock_exhausted", "the stock cannot serve that many cards");
  }
  serve(seat, *cards);
  ++draw_index_;
  if (draw_index_ >= draw_order_.size()) start_second_round();
  return ActionResult::accepted();
}

void PokerState::serve(Seat seat, const std::vector<Card>& discarded) {
  remove_cards(hands_[seat], discarded);
  const std::size_t wanted = discarded.size();
  // The stock's last card is never dealt: when fewer than wanted + 1 remain, the stock
  // and the discards of the players already served are shuffled into a new stock.
  if (wanted > 0 && stock_.size() < wanted + 1) {
    stock_.insert(stock_.end(), discards_.begin(), discards_.end());
    discards_.clear();
    rng_->shuffle(stock_);
    log_action([&](JsonWriter& out) {
      out.member("cards", stock_.size());
      out.member("type", "stock_rebuilt");
    });
  }
  std::vector<Card> received(stock_.begin(), stock_.begin() + static_cast<std::ptrdiff_t>(wanted));
  stock_.erase(stock_.begin(), stock_.begin() + static_cast<std::ptrdiff_t>(wanted));
  hands_[seat].insert(hands_[seat].end(), received.begin(), received.end());
  discards_.insert(discards_.end(), discarded.begin(), discarded.end());
  drawn_[seat] = static_cast<int>(wanted);
  auto write_draw = [&](JsonWriter& out) {
    out.member("count", wanted);
    out.member("seat", seat);
    out.member("type", "draw");
  };
  log_action(write_draw, Audience::all_but(seat));
  emit_written(
      [&](JsonWriter& out) {
        write_draw(out);
        out.key("discarded");
        out.cards(discarded);
        out.key("received");
        out.cards(received);
      },
      Audience::only(seat));
}

void PokerState::start_second_round() {
  phase_ = Phase::kSecondBetting;
  betting_.start_round((dealer_ + 1) % settings_.seats);
  if (!betting_.to_act()) finish_second_round();
}

}  // namespace parlor::poker
