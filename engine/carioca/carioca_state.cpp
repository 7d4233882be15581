// The round's flow: the deal, the turns, the end of a round and the scores. The actions
// are in carioca_actions.cpp; views, legal moves and default actions in carioca_view.cpp.
#include "engine/carioca/carioca_state.hpp"

#include <algorithm>

#include "engine/carioca/carioca_scoring.hpp"
#include "engine/core/deck.hpp"
#include "engine/core/fixed_deal.hpp"

namespace parlor::carioca {

std::string phase_name(Phase phase) {
  switch (phase) {
    case Phase::kCut:
      return "cut";
    case Phase::kDraw:
      return "draw";
    case Phase::kStealWindow:
      return "steal_window";
    case Phase::kPlay:
      return "play";
    case Phase::kOver:
      return "over";
  }
  return "over";
}

bool StealWindow::has_declined(Seat seat) const {
  return std::find(declined.begin(), declined.end(), seat) != declined.end();
}

bool StealWindow::may_claim(Seat seat) const {
  for (Seat earlier : order) {
    if (earlier == seat) return true;
    if (!has_declined(earlier)) return false;
  }
  return false;
}

TableOptions TableOptions::from_json(const Json& options) {
  TableOptions out;
  out.straight_wrap = options.value("straight_wrap", out.straight_wrap);
  out.flat_low_cards = options.value("flat_low_cards", out.flat_low_cards);
  out.joker_value = options.value("joker_value", out.joker_value);
  out.cut_bonus = options.value("cut_bonus", out.cut_bonus);
  out.steal_window_ms = options.value("steal_window_ms", out.steal_window_ms);
  out.stock_reshuffles = options.value("stock_reshuffles", out.stock_reshuffles);
  out.first_round = options.value("first_round", out.first_round);
  return out;
}

CariocaState::CariocaState(TableOptions options, int seats, Seed seed, Seat dealer)
    : options_(options),
      seats_(seats),
      seed_(seed),
      rng_(seed, 0),
      round_(options.first_round),
      dealer_(dealer) {
  rounds_out_.assign(seats_, 0);
}

std::optional<Error> CariocaState::start(const std::optional<Json>& setup) { return deal(setup); }

std::unique_ptr<GameState> CariocaState::clone() const {
  return std::make_unique<CariocaState>(*this);
}

// ---------------------------------------------------------------------------- the deal

std::optional<Error> CariocaState::deal(const std::optional<Json>& setup) {
  Rng rng(seed_, static_cast<std::uint64_t>(deals_started_++));
  hands_.assign(seats_, {});
  melds_.assign(seats_, {});
  lowered_turn_.assign(seats_, -1);
  steals_.assign(seats_, 0);
  cut_points_.assign(seats_, 0);
  stock_.clear();
  discards_.clear();
  window_.reset();
  taken_.reset();
  top_discarder_.reset();
  reshuffles_ = 0;
  if (setup) {
    if (auto err = deal_fixed(*setup, rng)) return err;
  } else {
    deal_shuffled(rng);
  }
  rng_ = rng;
  emit({{"type", "deal"},
        {"round", round_},
        {"dealer", dealer_},
        {"contract", contract().describe()},
        {"upcard", discards_.empty() ? Json(nullptr) : Json(discards_.back().str())},
        {"stock_size", stock_.size()}});
  for (Seat seat = 0; seat < seats_; ++seat) {
    emit({{"type", "hand"}, {"seat", seat}, {"cards", cards_to_json(hands_[seat])}},
         Audience::only(seat));
  }
  if (options_.cut_bonus) {
    phase_ = Phase::kCut;
    turn_ = cutter();
  } else {
    begin_play();
  }
  return std::nullopt;
}

std::optional<Error> CariocaState::deal_fixed(const Json& setup, Rng& rng) {
  auto fixed = take_fixed_deal(setup, double_deck_with_jokers(), seats_, {"discard", "stock"},
                               Notation::kStandard, rng);
  if (!fixed) return fixed.error();
  if (auto err = check_hand_sizes(*fixed, static_cast<std::size_t>(contract().hand_size))) {
    return err;
  }
  hands_ = fixed->hands;
  // Piles are listed top first; the vectors keep the top at the back.
  discards_.assign(fixed->pile("discard").rbegin(), fixed->pile("discard").rend());
  std::vector<Card> top_first = fixed->pile("stock");
  top_first.insert(top_first.end(), fixed->rest.begin(), fixed->rest.end());
  stock_.assign(top_first.rbegin(), top_first.rend());
  if (discards_.empty() && !stock_.empty()) {
    discards_.push_back(stock_.back());
    stock_.pop_back();
  }
  return std::nullopt;
}

void CariocaState::deal_shuffled(Rng& rng) {
  std::vector<Card> deck = double_deck_with_jokers();
  rng.shuffle(deck);
  std::size_t next = 0;
  for (int i = 0; i < contract().hand_size; ++i) {
    // Dealt one at a time to the right, starting with the dealer's right neighbour.
    for (int k = 1; k <= seats_; ++k) {
      hands_[(dealer_ - k % seats_ + seats_) % seats_].push_back(deck[next++]);
    }
  }
  discards_.push_back(deck[next++]);
  stock_.assign(deck.rbegin(), deck.rend() - static_cast<std::ptrdiff_t>(next));
}

void CariocaState::begin_play() {
  turn_number_ = 0;
  begin_turn(right_of(dealer_));
}

// The stock is rebuilt when a turn starts with it empty (rules, "Stock runs out"); the
// table option stock_reshuffles bounds how often, so every round ends.
void CariocaState::begin_turn(Seat seat) {
  turn_ = seat;
  ++turn_number_;
  taken_.reset();
  phase_ = Phase::kDraw;
  if (!stock_.empty()) return;
  if (reshuffles_ >= options_.stock_reshuffles || discards_.size() <= 1) {
    end_round(std::nullopt);
    return;
  }
  Card top = discards_.back();
  discards_.pop_back();
  stock_ = std::move(discards_);
  discards_ = {top};
  rng_.shuffle(stock_);
  ++reshuffles_;
  emit({{"type", "reshuffle"}, {"stock_size", stock_.size()}, {"reshuffles", reshuffles_}});
}

// --------------------------------------------------------------------------- scoring

void CariocaState::end_round(std::optional<Seat> went_out) {
  std::vector<std::int64_t> points(seats_, 0);
  for (Seat seat = 0; seat < seats_; ++seat) {
    points[seat] = 2 * steals_[seat] + cut_points_[seat];
    if (went_out && seat == *went_out) {
      if (lowered_turn_[seat] == turn_number_) points[seat] -= 30;
      continue;
    }
    for (Card card : hands_[seat]) {
      points[seat] += card_points(card, options_.flat_low_cards, options_.joker_value);
    }
  }
  if (went_out) ++rounds_out_[*went_out];
  points_by_round_.push_back(points);
  window_.reset();
  Json summary = round_summary(went_out, points);
  const std::string& summary_text = record_round_result(summary);
  std::string event = R"({"type":"round_end","result":)";
  event += summary_text;
  event += '}';
  emit_text(std::move(event));
  if (round_ == kRounds) {
    phase_ = Phase::kOver;
    emit({{"type", "match_end"}, {"scores", scores()}, {"placings", placings()}});
    return;
  }
  ++round_;
  dealer_ = right_of(dealer_);
  deal(std::nullopt);
}

Json CariocaState::round_summary(std::optional<Seat> went_out,
                                 const std::vector<std::int64_t>& points) const {
  Json hands = Json::array();
  for (const auto& hand : hands_) hands.push_back(cards_to_json(hand));
  Json out = {{"round", round_},
              {"contract", contract().describe()},
              {"went_out", went_out ? Json(*went_out) : Json(nullptr)},
              {"ended_by", went_out ? "going_out" : "stock_exhausted"},
              {"hands", hands},
              {"steals", steals_},
              {"points", points}};
  if (went_out) out["out_bonus"] = lowered_turn_[*went_out] == turn_number_ ? -30 : 0;
  std::vector<std::int64_t> totals(seats_, 0);
  for (const auto& round_points : points_by_round_) {
    for (Seat seat = 0; seat < seats_; ++seat) totals[seat] += round_points[seat];
  }
  out["totals"] = totals;
  return out;
}

std::vector<std::int64_t> CariocaState::scores() const {
  std::vector<std::int64_t> totals(seats_, 0);
  for (const auto& points : points_by_round_) {
    for (Seat seat = 0; seat < seats_; ++seat) totals[seat] += points[seat];
  }
  if (phase_ != Phase::kOver) {  // this round's steals and cut count at once
    for (Seat seat = 0; seat < seats_; ++seat) {
      totals[seat] += 2 * steals_[seat] + cut_points_[seat];
    }
  }
  return totals;
}

std::vector<int> CariocaState::placings() const { return placings_by_total(scores(), rounds_out_); }

}  // namespace parlor::carioca
