#include "engine/pedro/pedro_state.hpp"

#include <algorithm>

#include "engine/core/deck.hpp"
#include "engine/core/fixed_deal.hpp"

namespace parlor::pedro {

std::string phase_name(Phase phase) {
  switch (phase) {
    case Phase::kBidding:
      return "bidding";
    case Phase::kTrump:
      return "trump";
    case Phase::kRob:
      return "rob";
    case Phase::kDiscard:
      return "discard";
    case Phase::kPlay:
      return "play";
    case Phase::kOver:
      return "over";
  }
  return "over";
}

PedroState::PedroState(Variant variant, Seed seed, Seat dealer)
    : variant_(std::move(variant)), seed_(seed), dealer_(dealer) {}

std::optional<Error> PedroState::start(const std::optional<Json>& setup) { return deal(setup); }

std::unique_ptr<GameState> PedroState::clone() const { return std::make_unique<PedroState>(*this); }

Waiting PedroState::waiting() const {
  if (phase_ == Phase::kOver) return {};
  if (phase_ == Phase::kDiscard) {
    Waiting wait{WaitMode::kSimultaneous, {}};
    for (Seat s = 0; s < kSeats; ++s) {
      if (choosing_[s]) wait.seats.push_back(s);
    }
    return wait;
  }
  return {WaitMode::kTurn, {turn_}};
}

std::vector<std::int64_t> PedroState::scores() const {
  std::vector<std::int64_t> out;
  for (Seat s = 0; s < kSeats; ++s) out.push_back(side_scores_[side_of(s)]);
  return out;
}

// The winner is not always the higher score (bidder goes out; King Pedro's defenders
// over 200), so placings follow the decided winner.
std::vector<int> PedroState::placings() const {
  if (!winner_side_) return GameState::placings();
  std::vector<int> places;
  for (Seat s = 0; s < kSeats; ++s) places.push_back(side_of(s) == *winner_side_ ? 1 : 2);
  return places;
}

ActionResult PedroState::apply_action(Seat seat, const Json& action) {
  const std::string type = action["type"].get<std::string>();
  if (type == "bid") return on_call(seat, action, false);
  if (type == "pass") return on_call(seat, action, true);
  if (type == "trump") return on_trump(seat, action);
  if (type == "rob") return on_rob(seat, action);
  if (type == "discard") return on_discard(seat, action);
  if (type == "play") return on_play(seat, action);
  return ActionResult::rejected("unknown_action", "Pedro has no action '" + type +
                                                      "' (bid, pass, trump, rob, discard, play)");
}

// ---- Dealing ----

void PedroState::reset_hand() {
  zones_ = Zones{};
  trump_.reset();
  calls_.clear();
  spoke_ = {};
  passed_ = {};
  passes_in_a_row_ = 0;
  high_bid_ = 0;
  high_bidder_ = -1;
  declarer_ = -1;
  contract_ = false;
  received_.fill(-1);
  to_discard_ = {};
  discard_from_ = {};
  choosing_ = {};
  trick_ = Trick{};
  last_trick_.reset();
  tricks_.clear();
  tricks_played_ = 0;
  out_ = {};
  in_count_ = 0;
  points_ = {};
  tricks_won_ = {};
  dumped_count_ = {};
}

std::optional<Error> PedroState::deal(const std::optional<Json>& setup) {
  Rng rng(seed_, static_cast<std::uint64_t>(deals_));
  reset_hand();
  if (setup) {
    if (auto err = deal_fixed(*setup, rng)) return err;
  } else {
    deal_shuffled(rng);
  }
  ++deals_;
  emit({{"type", "deal"},
        {"round", deals_},
        {"dealer", dealer_},
        {"cards_each", variant_.deal_size},
        {"stock", zones_.stock.size()},
        {"kitty", zones_.kitty.size()}});
  for (Seat s = 0; s < kSeats; ++s) {
    emit({{"type", "hand"}, {"seat", s}, {"cards", cards_to_json(zones_.hands[s])}},
         Audience::only(s));
  }
  phase_ = Phase::kBidding;
  turn_ = left_of(dealer_);
  return std::nullopt;
}

// In batches of three from the dealer's left, then the stock (or the kitty).
void PedroState::deal_shuffled(Rng& rng) {
  std::vector<Card> deck = standard_deck();
  rng.shuffle(deck);
  std::size_t next = 0;
  for (int batch = 0; batch < variant_.deal_size / 3; ++batch) {
    for (int i = 1; i <= kSeats; ++i) {
      auto& hand = zones_.hands[(dealer_ + i) % kSeats];
      hand.insert(hand.end(), deck.begin() + next, deck.begin() + next + 3);
      next += 3;
    }
  }
  auto& rest = variant_.kitty_size > 0 ? zones_.kitty : zones_.stock;
  rest.assign(deck.begin() + next, deck.end());
}

std::optional<Error> PedroState::deal_fixed(const Json& setup, Rng& rng) {
  const bool has_kitty = variant_.kitty_size > 0;
  const std::string pile = has_kitty ? "kitty" : "stock";
  auto fixed = take_fixed_deal(setup, standard_deck(), kSeats, {pile}, Notation::kStandard, rng);
  if (!fixed) return fixed.error();
  if (auto err = check_hand_sizes(*fixed, variant_.deal_size)) return err;
  for (Seat s = 0; s < kSeats; ++s) zones_.hands[s] = fixed->hands[s];
  auto& rest = has_kitty ? zones_.kitty : zones_.stock;
  rest = fixed->pile(pile);
  rest.insert(rest.end(), fixed->rest.begin(), fixed->rest.end());
  return std::nullopt;
}

// ---- Bidding ----

int PedroState::lowest_bid() const { return std::max(variant_.min_bid, high_bid_ + 1); }

// Pedro's dealer, after three passes, is the only seat ever refused a pass.
bool PedroState::may_pass(Seat seat) const {
  return !(variant_.auction == Auction::kOneBidEach && seat == dealer_ && high_bidder_ < 0);
}

std::optional<Error> PedroState::check_call(Seat seat, const Json& action, bool is_pass) const {
  if (phase_ != Phase::kBidding) return Error{"wrong_phase", "the bidding is over"};
  if (variant_.auction == Auction::kOneBidEach && spoke_[seat]) {
    return Error{"already_bid", "in Pedro each player bids or passes once"};
  }
  if (variant_.auction == Auction::kFinalPass && passed_[seat]) {
    return Error{"already_passed", "in King Pedro a pass is final"};
  }
  if (seat != turn_) {
    return Error{"not_your_turn", "seat " + std::to_string(turn_) + " is to bid"};
  }
  if (is_pass) {
    if (!may_pass(seat)) {
      return Error{"dealer_must_bid", "the first three passed: the dealer must bid " +
                                          std::to_string(variant_.min_bid)};
    }
    return std::nullopt;
  }
  if (!action.contains("amount") || !action["amount"].is_number_integer()) {
    return Error{"bad_action", "a bid needs a whole-number \"amount\""};
  }
  const auto amount = action["amount"].get<std::int64_t>();
  if (amount < variant_.min_bid || amount > variant_.max_bid) {
    return Error{"bid_out_of_range", "bids run from " + std::to_string(variant_.min_bid) + " to " +
                                         std::to_string(variant_.max_bid)};
  }
  if (amount <= high_bid_) {
    return Error{"bid_too_low", "a bid must be above the high bid of " + std::to_string(high_bid_)};
  }
  return std::nullopt;
}

ActionResult PedroState::on_call(Seat seat, const Json& action, bool is_pass) {
  if (auto err = check_call(seat, action, is_pass)) {
    return ActionResult::rejected(err->code, err->message);
  }
  const int amount = is_pass ? 0 : action["amount"].get<int>();
  calls_.emplace_back(seat, amount);
  spoke_[seat] = true;
  if (is_pass) {
    emit({{"type", "pass"}, {"seat", seat}});
  } else {
    high_bid_ = amount;
    high_bidder_ = seat;
    emit({{"type", "bid"}, {"seat", seat}, {"amount", amount}});
  }
  advance_auction(seat, is_pass);
  return ActionResult::accepted();
}

void PedroState::advance_auction(Seat seat, bool is_pass) {
  switch (variant_.auction) {
    case Auction::kOneBidEach:
      if (seat == dealer_) return end_auction(high_bidder_);
      turn_ = left_of(seat);
      return;
    case Auction::kFinalPass: {
      if (is_pass) passed_[seat] = true;
      const int passes = static_cast<int>(std::count(passed_.begin(), passed_.end(), true));
      if (passes == kSeats) return throw_in();
      // Three passes end it once someone has bid; if nobody has, the last seat in
      // still chooses between a bid and throwing the hand in.
      if (passes == kSeats - 1 && high_bidder_ >= 0) return end_auction(high_bidder_);
      Seat next = left_of(seat);
      while (passed_[next]) next = left_of(next);
      turn_ = next;
      return;
    }
    case Auction::kThreeInARow:
      passes_in_a_row_ = is_pass ? passes_in_a_row_ + 1 : 0;
      if (high_bidder_ >= 0 && passes_in_a_row_ == kSeats - 1) return end_auction(high_bidder_);
      // Four passes and no bid: the dealer names trumps with no contract, and leads.
      if (high_bidder_ < 0 && passes_in_a_row_ == kSeats) return end_auction(dealer_);
      turn_ = left_of(seat);
      return;
  }
}

void PedroState::end_auction(Seat declarer) {
  declarer_ = declarer;
  contract_ = high_bidder_ >= 0;
  phase_ = Phase::kTrump;
  turn_ = declarer;
  emit({{"type", "auction_over"},
        {"declarer", declarer},
        {"bid", contract_ ? Json(high_bid_) : Json(nullptr)}});
}

// The finished round stays in every view until the next one ends.
void PedroState::record_round(const Json& result) { record_round_result(result); }

void PedroState::throw_in() {
  emit({{"type", "thrown_in"}});
  record_round({{"round", deals_}, {"dealer", dealer_}, {"thrown_in", true}});
  dealer_ = left_of(dealer_);
  deal(std::nullopt);
}

}  // namespace parlor::pedro
