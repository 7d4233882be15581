// The Pedro family's figures, read from its hands' results (pedro_play.cpp,
// finish_hand: {"round", "dealer", "declarer", "bid", "bidding_side", "trump", "points",
// "tricks", "made", "delta", "scores", "winner_side"}; a void Pedro deal or a thrown-in
// King Pedro hand is {"round", "dealer", "void" | "thrown_in": true}). Per seat, summed:
//
//   bids       hands the seat won the bidding (it was the high bidder and named trumps);
//              a hand played without a contract (Cinch, everyone passed), a void deal
//              and a thrown-in hand are nobody's bid
//   bids_made  of those, the hands its side made the bid
//   bids_set   of those, the hands its side was set (bids_made + bids_set = bids)
//
// Figures of a side (points, tricks) are the partnership's, not a seat's, and are left
// out; so is the size of a bid made, whose scale differs between the variants (Pedro
// 7-14, King Pedro 30-44, Cinch 1-14) that the server counts as one game. A hand whose
// result is not of that shape is skipped whole.
#include "engine/pedro/pedro_figures.hpp"

#include "engine/core/seat_figures.hpp"

namespace parlor::pedro {

Json seat_figures(const std::vector<std::string>& round_result_texts, int seats) {
  return figures_from_rounds(round_result_texts, seats, {"bids", "bids_made", "bids_set"},
                             [](const Json& round, SeatFigures& figures) {
                               if (round.contains("void") || round.contains("thrown_in")) return;
                               const Json& bid = member_of(round, "bid");
                               if (bid.is_null()) return;  // no contract
                               if (integer_of(bid) <= 0) throw UnreadableRound("a bad bid");
                               const int declarer =
                                   seat_of(member_of(round, "declarer"), figures.seats());
                               const bool made = bool_of(member_of(round, "made"));
                               figures.add(declarer, "bids");
                               figures.add(declarer, made ? "bids_made" : "bids_set");
                             });
}

}  // namespace parlor::pedro
