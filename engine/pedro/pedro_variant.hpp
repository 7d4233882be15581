// The three games of the Pedro family as parameters of one engine: every difference
// between Pedro, King Pedro and Cinch that the engine acts on is a field here, read
// once from the table options (`variant`, `cinch_scoring`).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace parlor::pedro {

enum class VariantKind { kPedro, kKingPedro, kCinch };

// How the bidding goes round.
enum class Auction {
  kOneBidEach,   // Pedro: one chance each, the dealer forced to the minimum
  kFinalPass,    // King Pedro: round and round, a pass is final, three passes end it
  kThreeInARow,  // Cinch: passers may bid again, three passes in a row end it
};

// How a finished hand turns captured points into score.
enum class Scoring {
  kBidOrSet,           // Pedro, King Pedro: points, or minus the bid when short
  kDifference,         // Cinch default
  kBidMinusOpponents,  // Cinch `cinch_scoring: bid_minus_opponents`
};

enum class Robbing {
  kNone,        // King Pedro: no stock; the bidder takes the kitty instead
  kEveryTrump,  // Pedro: every trump, even past six, then non-trumps up to six
  kUpToSix,     // Cinch: at most six cards, trumps first; unused trumps face up
};

struct Variant {
  VariantKind kind = VariantKind::kPedro;
  std::string name = "pedro";
  int deal_size = 9;
  int kitty_size = 0;
  int min_bid = 7;
  int max_bid = 14;
  Auction auction = Auction::kOneBidEach;
  Scoring scoring = Scoring::kBidOrSet;
  Robbing robbing = Robbing::kEveryTrump;
  int king_points = 0;                 // King Pedro: the king of trumps is worth 30
  bool two_scores_for_player = false;  // King Pedro: the two goes to whoever plays it
  bool free_plain_follow = false;      // King Pedro: any card on a plain-suit lead
  bool players_go_up = false;          // King Pedro: "I'm up" without trumps
  int target = 62;
  bool target_needs_made_bid = false;  // King Pedro: win only on your own made bid
  bool bidder_goes_out = true;         // Pedro: both at 55 → a made bid wins at once
  int bidder_goes_out_at = 55;
  bool excess_dumped_at_first_trick = true;  // Cinch discards the excess face up instead

  int hand_size() const { return 6; }
  // Points in play when every point card is captured: 14, King Pedro 44.
  int total_points() const { return 14 + king_points; }
};

// The variant the validated options describe.
Variant variant_from_options(const nlohmann::json& options);

}  // namespace parlor::pedro
