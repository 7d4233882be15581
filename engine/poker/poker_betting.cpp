#include "engine/poker/poker_betting.hpp"

#include <algorithm>

namespace parlor::poker {
namespace {

Error error(std::string code, std::string message) {
  return Error{std::move(code), std::move(message)};
}

std::string chips_text(Chips chips) { return std::to_string(chips); }

}  // namespace

std::string move_name(MoveType type) {
  switch (type) {
    case MoveType::kCheck:
      return "check";
    case MoveType::kBet:
      return "bet";
    case MoveType::kCall:
      return "call";
    case MoveType::kRaise:
      return "raise";
    case MoveType::kFold:
      return "fold";
  }
  return "check";
}

Betting::Betting(int seats, Chips min_bet, Chips max_bet)
    : min_bet_(min_bet),
      max_bet_(max_bet),
      stacks_(seats, 0),
      in_deal_(seats, false),
      folded_(seats, false),
      committed_(seats, 0),
      round_bet_(seats, 0),
      acted_(seats, false),
      may_raise_(seats, false) {}

void Betting::start_deal(const std::vector<bool>& in_deal, const std::vector<Chips>& antes,
                         Chips carried) {
  in_deal_ = in_deal;
  std::fill(folded_.begin(), folded_.end(), false);
  std::fill(committed_.begin(), committed_.end(), 0);
  std::fill(round_bet_.begin(), round_bet_.end(), 0);
  dead_ = carried;
  for (Seat s = 0; s < seats(); ++s) {
    if (!in_deal_[s]) continue;
    Chips ante = std::min(antes[s], stacks_[s]);
    stacks_[s] -= ante;
    dead_ += ante;
  }
  current_bet_ = 0;
  turn_.reset();
}

void Betting::start_round(Seat first) {
  for (Seat s = 0; s < seats(); ++s) {
    committed_[s] += round_bet_[s];
    round_bet_[s] = 0;
    acted_[s] = false;
    may_raise_[s] = true;
  }
  current_bet_ = 0;
  turn_.reset();
  pass_turn((first - 1 + seats()) % seats());
}

int Betting::live_count() const {
  int count = 0;
  for (Seat s = 0; s < seats(); ++s) count += live(s) ? 1 : 0;
  return count;
}

int Betting::bettors() const {
  int count = 0;
  for (Seat s = 0; s < seats(); ++s) count += (live(s) && stacks_[s] > 0) ? 1 : 0;
  return count;
}

bool Betting::someone_else_can_answer(Seat s) const {
  for (Seat o = 0; o < seats(); ++o) {
    if (o != s && live(o) && stacks_[o] > 0) return true;
  }
  return false;
}

bool Betting::needs_to_act(Seat s) const {
  if (!live(s) || stacks_[s] == 0 || live_count() < 2) return false;
  if (round_bet_[s] < current_bet_) return true;
  return !acted_[s] && someone_else_can_answer(s);
}

void Betting::pass_turn(Seat from) {
  turn_.reset();
  for (int step = 1; step <= seats(); ++step) {
    Seat s = (from + step) % seats();
    if (needs_to_act(s)) {
      turn_ = s;
      return;
    }
  }
}

Chips Betting::call_amount(Seat s) const {
  return std::min(current_bet_ - round_bet_[s], stacks_[s]);
}

bool Betting::may_check(Seat s) const { return current_bet_ == round_bet_[s]; }

std::optional<AmountRange> Betting::bet_range(Seat s) const {
  if (current_bet_ > 0 || stacks_[s] == 0) return std::nullopt;
  return AmountRange{std::min(min_bet_, stacks_[s]), std::min(max_bet_, stacks_[s])};
}

std::optional<AmountRange> Betting::raise_range(Seat s) const {
  if (current_bet_ == 0 || !may_raise_[s]) return std::nullopt;
  Chips left = stacks_[s] - (current_bet_ - round_bet_[s]);
  if (left <= 0) return std::nullopt;
  return AmountRange{std::min(min_bet_, left), std::min(max_bet_, left)};
}

std::optional<Error> Betting::check_move(Seat seat, const Move& move) const {
  if (turn_ != seat) return error("not_your_turn", "it is not your turn to bet");
  switch (move.type) {
    case MoveType::kCheck:
      if (!may_check(seat)) {
        return error("check_after_open", "a bet stands: call, raise or fold");
      }
      return std::nullopt;
    case MoveType::kFold:
      if (!may_fold(seat)) return error("no_bet_to_fold", "no bet stands: check or bet");
      return std::nullopt;
    case MoveType::kCall:
      if (!may_call(seat)) return error("no_bet_to_call", "no bet stands: check or bet");
      return std::nullopt;
    case MoveType::kBet:
    case MoveType::kRaise:
      break;
  }
  const bool is_bet = move.type == MoveType::kBet;
  if (is_bet && current_bet_ > 0) {
    return error("bet_already_made", "a bet stands: raise it instead");
  }
  if (!is_bet && current_bet_ == 0) return error("no_bet_to_raise", "no bet stands: bet instead");
  if (!is_bet && !may_raise_[seat]) {
    return error("betting_not_reopened",
                 "only a short all-in raise followed your action: call or fold");
  }
  if (move.amount <= 0) return error("bad_amount", "the amount must be a positive whole number");
  const Chips owed = is_bet ? 0 : current_bet_ - round_bet_[seat];
  // Compared before adding: owed + an amount near 2^63 overflows (found by fuzz_engine).
  if (move.amount > stacks_[seat] - owed) {
    return error("over_stack", "that takes " + chips_text(owed) + " + " + chips_text(move.amount) +
                                   " chips; you have " + chips_text(stacks_[seat]));
  }
  const Chips total = owed + move.amount;
  const bool all_in = total == stacks_[seat];
  const std::string what = is_bet ? "a bet" : "a raise";
  if (move.amount > max_bet_ || (move.amount < min_bet_ && !all_in)) {
    return error("bet_out_of_limits", what + " must lie between " + chips_text(min_bet_) + " and " +
                                          chips_text(max_bet_) +
                                          " chips (less only when it puts you all in)");
  }
  return std::nullopt;
}

void Betting::put_in(Seat s, Chips chips) {
  stacks_[s] -= chips;
  round_bet_[s] += chips;
}

MoveRecord Betting::apply(Seat seat, const Move& move) {
  MoveRecord record;
  record.type = move.type;
  switch (move.type) {
    case MoveType::kCheck:
      break;
    case MoveType::kFold:
      folded_[seat] = true;
      break;
    case MoveType::kCall:
      record.paid = call_amount(seat);
      put_in(seat, record.paid);
      break;
    case MoveType::kBet:
    case MoveType::kRaise: {
      const Chips owed = current_bet_ - round_bet_[seat];
      record.paid = owed + move.amount;
      put_in(seat, record.paid);
      current_bet_ = round_bet_[seat];
      if (move.amount >= min_bet_) {
        for (Seat s = 0; s < seats(); ++s) may_raise_[s] = true;
      }
      break;
    }
  }
  acted_[seat] = true;
  may_raise_[seat] = false;
  record.to_bet = round_bet_[seat];
  record.all_in = live(seat) && stacks_[seat] == 0;
  pass_turn(seat);
  return record;
}

std::pair<Seat, Chips> Betting::end_round() {
  Seat top = 0;
  for (Seat s = 1; s < seats(); ++s) {
    if (round_bet_[s] > round_bet_[top]) top = s;
  }
  Chips second = 0;
  for (Seat s = 0; s < seats(); ++s) {
    if (s != top) second = std::max(second, round_bet_[s]);
  }
  const Chips uncalled = round_bet_[top] - second;
  if (uncalled > 0) {
    round_bet_[top] -= uncalled;
    stacks_[top] += uncalled;
  }
  for (Seat s = 0; s < seats(); ++s) {
    committed_[s] += round_bet_[s];
    round_bet_[s] = 0;
  }
  current_bet_ = 0;
  turn_.reset();
  return {top, uncalled};
}

Chips Betting::in_pots() const {
  Chips sum = dead_;
  for (Seat s = 0; s < seats(); ++s) sum += committed_[s] + round_bet_[s];
  return sum;
}

std::vector<Pot> Betting::pots() const {
  std::vector<Chips> committed(seats());
  std::vector<bool> live_seats(seats());
  for (Seat s = 0; s < seats(); ++s) {
    committed[s] = committed_[s] + round_bet_[s];
    live_seats[s] = live(s);
  }
  return build_pots(committed, live_seats, dead_);
}

Chips Betting::collect_all() {
  Chips sum = in_pots();
  dead_ = 0;
  std::fill(committed_.begin(), committed_.end(), 0);
  std::fill(round_bet_.begin(), round_bet_.end(), 0);
  current_bet_ = 0;
  turn_.reset();
  return sum;
}

Chips Betting::total() const {
  Chips sum = in_pots();
  for (Chips stack : stacks_) sum += stack;
  return sum;
}

}  // namespace parlor::poker
