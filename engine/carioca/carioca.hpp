// Carioca (Perla's Cariocas): a Chilean contract rummy over eight rounds; the lowest
// total wins. The rules are ../shared/rules/carioca.md (the authority); in short:
//
// - 2-5 seats (option max_seats up to 6), two 52-card decks and 4 jokers (108 cards),
//   play passes to the right (seat s -> s-1). 11 cards each, 13 in round 8; one card
//   face up starts the discard pile.
// - Each round has a contract: 2 trios; straight + trio; 2 straights; 3 trios;
//   2 trios + straight; 2 straights + trio; 4 trios*; 3 straights* (* only together
//   with going out). Trio: 3+ of one rank. Straight: 4+ consecutive of one suit, the
//   ace low or high, round the corner when straight_wrap is on. One joker per meld when
//   lowered; later jokers never side by side and never more than half the naturals.
// - A turn: draw (stock or discard); lower the whole contract at once, or, on a later
//   turn, lay off onto any lowered meld; discard (not the card just taken).
// - Stealing: when the player to draw takes the stock, the others (not the discarder)
//   may claim the discard in turn order, each only after everyone before them has
//   declined; the stealer takes it with no discard and +2 points.
// - Out: -30 if lowered and emptied in one turn, else 0; the others add their cards
//   (2-9 face, T-K 10, A 20, joker 30). The stock is rebuilt from the discards when it
//   runs out; a round with nothing left to draw ends with nobody out.
//
// Decisions where the rules are silent (documented at the code that applies them):
// - stock_reshuffles (default 100): how often a round's stock may be rebuilt; when it runs
//   out after that, the round ends with nobody out. The rules rebuild it every time; the
//   cap only guarantees that every round ends (lower it for quick tables and tests).
// - The deal's upcard cannot be stolen (nobody discarded it); a steal window opens only
//   for the card the previous player discarded.
// - The card taken from the discard pile may not be discarded that turn, nor a copy of it
//   (identical cards are interchangeable). So that a turn can always end, taking the
//   discard while holding only copies of it, or a lowering or lay-off that would leave
//   only such copies, is refused (no_discard_left).
// - Two straights of one contract may share a suit; trios may not share a rank.
// - A natural card that fits both ends of a straight goes high unless "end" says low.
// - cut_bonus: online the cut moves no cards; the cutter (the dealer's left) names a size
//   after the deal and before the first draw, -10 for exactly seats*hand+1.
// - A player who has lowered may still steal.
// - first_round (default 1): a practice table may start at a later contract; the match
//   then plays the rounds from there to 8.
//
// Error codes (besides the shared ones: bad_action, unknown_action, wrong_phase,
// not_your_turn, bad_card, card_not_held):
//   invalid_meld        not a trio or straight (too short, mixed, not consecutive, wraps
//                       when straight_wrap is off)
//   wrong_contract      not exactly the round's trios and straights (partial or wrong)
//   duplicate_trio_rank two trios of one rank in a contract
//   too_many_jokers     a second joker in a meld being lowered
//   joker_limit         more jokers than half the natural cards
//   adjacent_jokers     a joker next to another joker in a straight
//   does_not_fit        a lay-off card that does not continue the meld
//   end_required        a joker that could go at either end of a straight, no "end"
//   no_such_meld        lay_off names a seat or meld index that does not exist
//   already_lowered     lowering again (a new meld after lowering)
//   not_lowered         laying off before lowering
//   lowered_this_turn   laying off in the turn of lowering
//   must_go_out         lowering in round 7 or 8 without going out this turn
//   no_discard_left     would hold only copies of the card taken this turn
//   must_discard        drawing again: the turn ends with a discard
//   discard_taken_card  discarding the card taken from the discard pile this turn (or a
//                       copy of it)
//   empty_discard       drawing from an empty discard pile
//   steal_window_open   the player to act must wait for the steal window
//   no_steal_window     steal/decline with no window open
//   not_eligible        the discarder or the player drawing tries to steal
//   already_declined    a second answer to the same window
//   claim_out_of_order  a claim before everyone earlier in the order has declined
//   bad_cut             a cut size outside 1..107
#pragma once

#include "engine/core/game.hpp"

namespace parlor::carioca {

const GameDefinition& definition();

}  // namespace parlor::carioca
