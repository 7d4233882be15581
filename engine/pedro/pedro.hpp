// Pedro, King Pedro and Cinch: one partnership trick-taking engine, three variants.
// The rules are ../shared/rules/pedro.md (the authority); a variant is a set of
// parameters (pedro_variant.hpp), never a copy.
//
// Four seats, partners opposite (sides: 0 = seats 0+2, 1 = seats 1+3). The players bid
// for the right to name trumps; the 5 of trumps (pedro) and the 5 of the same colour
// (low pedro) are trumps worth 5 each; the ace, jack, ten and two of trumps 1 each
// (King Pedro: the king 30, and the two scores for whoever plays it). Every non-trump
// is thrown away face up, hands are refilled to six (Pedro, Cinch: from the stock, the
// dealer robbing it; King Pedro: the bidder takes a 4-card kitty and everyone discards
// down to six), and the trumps are fought over in tricks. Pedro plays to 62 (bidder
// goes out at 55), King Pedro to 200 on a made bid, Cinch to 51 with its own scoring.
//
// Options: variant (pedro | king_pedro | cinch), cinch_scoring (difference |
// bid_minus_opponents; only read by Cinch).
//
// Actions: {"type":"bid","amount":N} {"type":"pass"} {"type":"trump","suit":"H"}
// {"type":"rob","cards":[..]} {"type":"discard","cards":[..]}
// {"type":"play","card":"AH"} {"type":"play","card":"AH","dump":[..]}
//
// Error codes (besides the shared ones of engine/README.md: bad_action,
// unknown_action, wrong_phase, not_your_turn, bad_card, card_not_held):
//   bid_out_of_range    a bid outside 7–14 (King Pedro 30–44, Cinch 1–14)
//   bid_too_low         a bid not above the current high bid
//   already_bid         Pedro: a second bid or pass in the one round of bidding
//   already_passed      King Pedro: bidding or passing again after a (final) pass
//   dealer_must_bid     Pedro: the dealer passing after three passes
//   bad_suit            a trump suit that is not C, D, H or S
//   duplicate_card      the same card twice in one list
//   card_not_in_stock   Pedro, Cinch: robbing a card the stock does not hold
//   rob_wrong_count     robbing more or fewer cards than the rules make the dealer take
//   rob_leaves_trump    Pedro: a rob that lists some of the stock's trumps but not all
//   rob_skips_trump     Cinch: taking a non-trump while a trump of the stock still fits
//   discard_wrong_count discarding more or fewer cards than the rules require
//   discard_trump       King Pedro: discarding a trump while holding non-trumps
//   discard_point_card  Cinch: discarding a point trump as excess
//   must_follow         a card the follow rules do not allow
//   low_pedro_is_trump  a play that treats the low pedro as a card of its printed suit
//   dump_wrong_count    dumping more or fewer cards than the excess over six (or
//                       dumping when not allowed)
//   dump_point_card     dumping a point card, or playing a card that would force one
//
// Decisions where the rules are silent are documented next to the code that makes
// them and gathered in pedro_state.hpp.
#pragma once

#include "engine/core/game.hpp"

namespace parlor::pedro {

const GameDefinition& definition();

}  // namespace parlor::pedro
