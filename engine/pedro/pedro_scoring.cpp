#include "engine/pedro/pedro_scoring.hpp"

#include <cstdlib>

namespace parlor::pedro {
namespace {

// The side with more points scores the difference; equal points score nothing.
void score_difference(const HandTally& t, HandScore& s) {
  const int diff = t.points[0] - t.points[1];
  if (diff > 0) s.delta[0] = diff;
  if (diff < 0) s.delta[1] = -diff;
}

void score_bid_or_set(const HandTally& t, HandScore& s) {
  const int bidders = t.bidding_side;
  const int defenders = 1 - bidders;
  s.delta[defenders] = t.points[defenders];
  s.delta[bidders] = s.made ? t.points[bidders] : -t.bid;
}

void score_cinch(const HandTally& t, Scoring scoring, HandScore& s) {
  const int bidders = t.bidding_side;
  const int defenders = 1 - bidders;
  if (!s.made) {
    s.delta[defenders] = t.points[defenders] + t.bid;
    return;
  }
  if (scoring == Scoring::kDifference) {
    score_difference(t, s);
    return;
  }
  // bid_minus_opponents: a negative result is scored by the defenders.
  const int value = t.bid - t.points[defenders];
  if (value > 0) s.delta[bidders] = value;
  if (value < 0) s.delta[defenders] = -value;
}

}  // namespace

HandScore score_hand(const HandTally& tally, const Variant& variant) {
  HandScore score;
  score.contract = tally.bidding_side >= 0;
  if (!score.contract) {  // only Cinch plays without a contract
    score_difference(tally, score);
    return score;
  }
  score.made = tally.points[tally.bidding_side] >= tally.bid;
  if (variant.scoring == Scoring::kBidOrSet) {
    score_bid_or_set(tally, score);
  } else {
    score_cinch(tally, variant.scoring, score);
  }
  return score;
}

std::optional<int> match_winner(const Variant& variant, const SideScores& before,
                                const SideScores& after, const HandTally& tally,
                                const HandScore& score) {
  const int bidders = tally.bidding_side;
  if (variant.target_needs_made_bid) {  // King Pedro: only on your own made bid
    if (score.made && after[bidders] >= variant.target) return bidders;
    return std::nullopt;
  }
  if (variant.bidder_goes_out && score.made && before[0] >= variant.bidder_goes_out_at &&
      before[1] >= variant.bidder_goes_out_at) {
    return bidders;
  }
  const bool first = after[0] >= variant.target;
  const bool second = after[1] >= variant.target;
  if (first && second) return bidders >= 0 ? bidders : (after[0] >= after[1] ? 0 : 1);
  if (first) return 0;
  if (second) return 1;
  return std::nullopt;
}

}  // namespace parlor::pedro
