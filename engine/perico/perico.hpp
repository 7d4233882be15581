// Perico: a draw-and-discard poker game (rules: ../shared/rules/perico.md, the
// authority). Everyone holds a poker hand of 5 (`five_card`, 2-6 seats, 2 jokers) or 6
// cards (`six_card`, 2-5 seats, 4 jokers). On a turn a player draws from the stock and
// discards, takes the top x cards of the face-up discard pile and discards x cards held
// before, or knocks once the pile holds the threshold (5 / 6): every other player then
// has one more turn and the best hand wins the round. A joker left on top of the pile
// reshuffles pile and stock and cancels a running knock; a complete hand (royal flush,
// five/six of a kind) ends the round at once, even at the deal. Options: `variant`,
// `scoring` (`winner`: 1 point to the round's single best hand; `outranked`: a point per
// player outranked), `target` (default 5 / 6). The round winner deals next; a drawn
// round (tie for best) passes the deal left.
//
// Actions (JSON): {"type":"draw"}, {"type":"discard","card":"7C"},
// {"type":"take","count":2,"discard":["7C","2C"]} (placed in order, last on top),
// {"type":"knock"}.
//
// Error codes (besides the base class's match_over, bad_seat, bad_action):
//   not_your_turn          another seat is to act
//   unknown_action         a type other than draw, discard, take, knock
//   bad_action             a field missing or of the wrong type
//   wrong_phase            a discard without a draw before it
//   discard_due            draw, take or knock after a draw, before its discard
//   stock_empty            a draw from an empty stock
//   bad_card               a string that is not a card
//   card_not_held          discarding a card the seat does not hold (or more copies)
//   card_just_taken        a take discarding one of the cards it takes
//   bad_take_count         a take count outside 1..min(hand size, pile size)
//   wrong_discard_count    a take whose discard list is not `count` cards long
//   knock_below_threshold  knocking with fewer pile cards than the threshold
//   knock_running          knocking while a knock is running
//   bad_setup              (new_match) a fixed deal that is not a possible deal, or
//                          one whose discard pile has a joker on top
//
// Decisions where the rules are silent (also in the final report):
// - A timeout draws (with the stock empty: the take keeping the best hand); after a
//   draw it discards the standard card keeping the best hand (never a joker: that would
//   reshuffle and cancel a knock), the drawn card among equals. A draw and its discard are two
//   actions, so a seat that times out on its turn times out twice.
// - The first deal of a scenario setup: "discard" (top first) may hold several cards but
//   not a joker on top (bad_setup); an empty one is turned up from the stock.
// - When a discard both completes a hand and leaves a joker on top, the reshuffle
//   happens first (it is part of the discard), then the round ends.
#pragma once

#include "engine/core/game.hpp"

namespace parlor::perico {

const GameDefinition& definition();

}  // namespace parlor::perico
