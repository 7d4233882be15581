// Poker's table options (../shared/rules/poker.md, "Table options") and the settings a
// match derives from them and the seat count: the deck in use (`auto` and `rule_of_11`
// depend on the seats), the hand-ranking rules, the limits, and the match length.
//
// Options the rules leave open (documented here and in poker.hpp):
// - `deals` (default 0 = no limit): the table closes after this many deals, unless a
//   jackpot nobody opened is still carried over (then it deals on until a deal is won).
//   It always closes when fewer than two seats can pay the ante.
// - `rebuy` (`off` default, `starting_stack`, `largest_stack`) and `max_rebuys`
//   (default 3): before a deal, a seat that cannot pay the ante buys in again, for the
//   starting stack or for the largest stack at the table (never less than the starting
//   stack), at most `max_rebuys` times. Rebuys are automatic (no action), so a match
//   never waits on a busted seat.
#pragma once

#include <vector>

#include "engine/core/card.hpp"
#include "engine/core/expected.hpp"
#include "engine/core/options.hpp"
#include "engine/hands/hand_eval.hpp"
#include "engine/poker/poker_pots.hpp"

namespace parlor::poker {

enum class Rebuy { kOff, kStartingStack, kLargestStack };

struct Settings {
  int seats = 2;
  int lowest_rank = 2;  // resolved from `deck` and the seat count
  int jokers = 0;
  hands::PokerRules rules;
  Chips ante = 1;
  Chips min_bet = 1;
  Chips max_bet = 10;
  Chips stack = 100;
  bool dealer_double_ante = false;
  int max_discard = 5;
  int deals = 0;  // 0: no limit
  Rebuy rebuy = Rebuy::kOff;
  int max_rebuys = 3;

  std::vector<Card> deck() const;
  int deck_cards() const;  // jokers included
};

const OptionSchema& option_schema();

// The lowest rank of the deck `deck_option` (52, 40, 36, 32, "auto", "rule_of_11")
// names for `seats` players.
int lowest_rank_for(const Json& deck_option, int seats);

// Reads validated options. Errors: "deck_too_small" (the deck cannot serve five cards to
// every seat and a full draw: it needs 5 x seats + max_discard + 1 cards, the last card
// of the stock never being dealt), "bad_bet_limits" (min_bet above max_bet),
// "stack_below_ante" (a starting stack that cannot pay the ante).
Expected<Settings> read_settings(const Json& options, int seats);

}  // namespace parlor::poker
