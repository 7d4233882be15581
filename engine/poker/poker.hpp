// Poker: Spanish five-card draw (rules: ../shared/rules/poker.md, the authority).
//
// 2-7 seats. Every deal: everyone with chips for the ante antes (the dealer twice with
// `dealer_double_ante`), a jackpot nobody opened stays in; five cards each; a first
// betting round from the dealer's left where the first bet ("opening") needs at least a
// pair of jacks and nobody may check once it is open; if nobody opens, the jackpot
// carries over and the deal passes left. Otherwise one draw (0 to `max_discard` cards,
// the dealer last, two jokers force a joker out; the stock's last card is never dealt and
// the served players' discards are reshuffled when it runs short), a second betting
// round (checks until a bet), and a showdown, where hands are ranked by
// engine/hands/hand_eval.hpp. An uncalled bet wins unseen. Table stakes, side pots and
// split pots (odd chips from the dealer's left) are in poker_betting / poker_pots. A
// match result is each seat's net chips (stack minus everything bought in).
//
// Decisions where the rules are silent (also noted next to the code):
// - Match length: option `deals` (0 = no limit); the table also closes when fewer than
//   two seats can pay the ante. A jackpot still carried over when `deals` is reached is
//   played for first; one left when the table closes is shared by the players of the deal
//   that carried it (odd chips from the dealer's left).
// - Rebuys: option `rebuy` (off / starting_stack / largest_stack) with `max_rebuys`;
//   automatic, before a deal, for a seat whose stack cannot pay the ante. A seat that
//   cannot pay the ante (and does not rebuy) sits the deal out; the deal passes to the
//   next seat on the left that can pay. The dealer's double ante is paid as far as the
//   stack allows (antes are dead money: every player in the deal may win them).
// - If fewer than two players have chips left after the antes, nobody can bet: the
//   first round is skipped and the hands are drawn to and shown down for the jackpot.
// - An all-in bet or raise below `min_bet` does not reopen the betting for a seat that
//   has acted since the last full bet or raise (it may call or fold).
// - Uncalled chips are returned to their maker before the pots are built.
// - The last card of a rebuilt stock is never dealt either; the table checks at
//   creation that a full draw can always be served: deck >= 5 x seats + max_discard + 1.
// - Folded hands go to a muck that is not reshuffled into the stock.
// - Timeout: check when checking is legal, otherwise fold; at the draw stand pat, or
//   discard one joker when holding two.
//
// Error codes (besides the shared ones of engine/README.md):
//   cannot_open          opening without at least a pair of jacks
//   check_after_open     checking while a bet stands (after the opening in round one)
//   bet_out_of_limits    a bet or raise increment outside min_bet..max_bet (less only all in)
//   over_stack           betting or raising more than the stack
//   bet_already_made     "bet" while a bet stands (raise instead)
//   no_bet_to_raise / no_bet_to_call / no_bet_to_fold   nothing stands to raise, call, fold
//   betting_not_reopened raising after only a short all-in raise since one's last action
//   bad_amount           an amount that is not positive
//   too_many_discards    discarding more than max_discard
//   must_discard_joker   standing pat (or keeping both) with two jokers
//   stock_exhausted      (never expected: the deck size is checked when the table is created)
// Table creation: deck_too_small, bad_bet_limits, stack_below_ante.
#pragma once

#include "engine/core/game.hpp"

namespace parlor::poker {

const GameDefinition& definition();

}  // namespace parlor::poker
