// Poker's chips during a deal (../shared/rules/poker.md, "A deal" steps 1, 3, 6 and
// "Table stakes"): stacks, antes, one betting round at a time (check, bet, call, raise,
// fold with the bet limits and table stakes), uncalled bets returned, and the pots.
// It knows nothing of cards: the game adds the opening requirement and the phases.
//
// Decisions (the rules are silent; documented in engine/poker/poker.hpp too):
// - An all-in bet or raise for less than `min_bet` is allowed; it does not reopen the
//   betting: a seat that has acted since the last full bet or raise may then only call
//   or fold.
// - A seat that has matched the highest bet is not asked to act when nobody else in
//   the deal has chips left to answer a bet.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/core/expected.hpp"
#include "engine/poker/poker_pots.hpp"

namespace parlor::poker {

enum class MoveType { kCheck, kBet, kCall, kRaise, kFold };

struct Move {
  MoveType type = MoveType::kCheck;
  Chips amount = 0;  // bet: the bet; raise: the increment over the highest bet
};

// What a move did, for events and logs.
struct MoveRecord {
  MoveType type = MoveType::kCheck;
  Chips paid = 0;    // chips moved from the stack into the pot
  Chips to_bet = 0;  // the seat's bet in this round afterwards
  bool all_in = false;
};

// The range of amounts a bet or a raise increment may take now.
struct AmountRange {
  Chips min = 0;
  Chips max = 0;
};

std::string move_name(MoveType type);

class Betting {
 public:
  Betting(int seats, Chips min_bet, Chips max_bet);

  int seats() const { return static_cast<int>(stacks_.size()); }
  Chips stack(Seat s) const { return stacks_[s]; }
  void add_chips(Seat s, Chips chips) { stacks_[s] += chips; }

  // Starts a deal: the seats with in_deal[s] pay antes[s] (which their stacks cover) into
  // the dead money, with the `carried` jackpot.
  void start_deal(const std::vector<bool>& in_deal, const std::vector<Chips>& antes, Chips carried);
  // Starts a betting round; the first seat asked is `first` or the next one to its left
  // that needs to act.
  void start_round(Seat first);

  // The seat to act now, or none when the round is over.
  std::optional<Seat> to_act() const { return turn_; }
  // Why `move` is illegal for `seat` now (stable codes), or nothing.
  std::optional<Error> check_move(Seat seat, const Move& move) const;
  // Applies a legal move and passes the turn.
  MoveRecord apply(Seat seat, const Move& move);
  // Ends the round: an uncalled part of the highest bet goes back to its maker (who and
  // how much are returned; amount 0 when everything was called); bets join the pots.
  std::pair<Seat, Chips> end_round();

  bool in_deal(Seat s) const { return in_deal_[s]; }
  bool folded(Seat s) const { return folded_[s]; }
  bool live(Seat s) const { return in_deal_[s] && !folded_[s]; }
  bool all_in(Seat s) const { return live(s) && stacks_[s] == 0; }
  int live_count() const;
  // Live seats with chips left to bet.
  int bettors() const;

  Chips current_bet() const { return current_bet_; }
  Chips round_bet(Seat s) const { return round_bet_[s]; }
  Chips committed(Seat s) const { return committed_[s] + round_bet_[s]; }
  Chips dead() const { return dead_; }
  Chips call_amount(Seat s) const;
  bool may_check(Seat s) const;
  bool may_call(Seat s) const { return call_amount(s) > 0; }
  bool may_fold(Seat s) const { return call_amount(s) > 0; }
  std::optional<AmountRange> bet_range(Seat s) const;
  std::optional<AmountRange> raise_range(Seat s) const;

  // Chips in the middle: dead money, bets of past rounds and of this one.
  Chips in_pots() const;
  // The pots as they stand (bets of the current round included).
  std::vector<Pot> pots() const;
  // Takes every chip in the middle (a jackpot nobody opened carries it to the next deal).
  Chips collect_all();
  // Pays `chips` won to a seat (after collect_all() or from award).
  void pay(Seat s, Chips chips) { stacks_[s] += chips; }
  // Every chip at the table: stacks plus the middle.
  Chips total() const;

 private:
  // The expert's determinizer (poker_worlds.cpp) rebuilds a betting round from a view.
  friend class PokerWorlds;
  bool needs_to_act(Seat s) const;
  bool someone_else_can_answer(Seat s) const;
  void pass_turn(Seat from);
  void put_in(Seat s, Chips chips);

  Chips min_bet_;
  Chips max_bet_;
  std::vector<Chips> stacks_;
  std::vector<bool> in_deal_;
  std::vector<bool> folded_;
  std::vector<Chips> committed_;  // bets of finished rounds, this deal
  std::vector<Chips> round_bet_;  // bets of the current round
  std::vector<bool> acted_;       // has acted in this round
  std::vector<bool> may_raise_;   // no full bet or raise since this seat last acted
  Chips dead_ = 0;
  Chips current_bet_ = 0;
  std::optional<Seat> turn_;
};

}  // namespace parlor::poker
