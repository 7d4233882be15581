#include "engine/pedro/pedro_variant.hpp"

namespace parlor::pedro {
namespace {

Variant king_pedro() {
  Variant v;
  v.kind = VariantKind::kKingPedro;
  v.name = "king_pedro";
  v.deal_size = 12;
  v.kitty_size = 4;
  v.min_bid = 30;
  v.max_bid = 44;
  v.auction = Auction::kFinalPass;
  v.robbing = Robbing::kNone;
  v.king_points = 30;
  v.two_scores_for_player = true;
  v.free_plain_follow = true;
  v.players_go_up = true;
  v.target = 200;
  v.target_needs_made_bid = true;
  v.bidder_goes_out = false;
  return v;
}

Variant cinch(const std::string& scoring) {
  Variant v;
  v.kind = VariantKind::kCinch;
  v.name = "cinch";
  v.min_bid = 1;
  v.auction = Auction::kThreeInARow;
  v.scoring = scoring == "bid_minus_opponents" ? Scoring::kBidMinusOpponents : Scoring::kDifference;
  v.robbing = Robbing::kUpToSix;
  v.target = 51;
  v.bidder_goes_out = false;
  v.excess_dumped_at_first_trick = false;
  return v;
}

}  // namespace

Variant variant_from_options(const nlohmann::json& options) {
  const std::string name = options.value("variant", std::string("pedro"));
  if (name == "king_pedro") return king_pedro();
  if (name == "cinch") return cinch(options.value("cinch_scoring", std::string("difference")));
  return Variant{};
}

}  // namespace parlor::pedro
