// A tiny game for testing the engine core's plumbing (scenario runner, fixed deals,
// views, events) without depending on a real game: each round every seat is dealt
// two cards and, in turn from the dealer's left, plays one ({"type":"play","card":..})
// face up; the highest rank wins a point; three rounds make a match.
#pragma once

#include <algorithm>

#include "engine/core/deck.hpp"
#include "engine/core/fixed_deal.hpp"
#include "engine/core/game.hpp"

namespace parlor::testing {

inline const GameDefinition& toy_game();

class ToyState : public GameState {
 public:
  ToyState(int seats, Seed seed, Seat dealer) : seats_(seats), seed_(seed), dealer_(dealer) {
    scores_.assign(seats, 0);
  }
  std::optional<Error> deal(const std::optional<Json>& setup) {
    Rng rng(seed_, static_cast<std::uint64_t>(deals_++));
    hands_.assign(seats_, {});
    played_.assign(seats_, std::nullopt);
    if (setup) {
      auto fixed =
          take_fixed_deal(*setup, standard_deck(), seats_, {"stock"}, Notation::kStandard, rng);
      if (!fixed) return fixed.error();
      if (auto err = check_hand_sizes(*fixed, 2)) return err;
      hands_ = fixed->hands;
    } else {
      auto deck = standard_deck();
      rng.shuffle(deck);
      for (int s = 0; s < seats_; ++s) hands_[s] = {deck[2 * s], deck[2 * s + 1]};
    }
    turn_ = (dealer_ + 1) % seats_;
    emit({{"type", "deal"}, {"round", round_}});
    return std::nullopt;
  }

  std::unique_ptr<GameState> clone() const override { return std::make_unique<ToyState>(*this); }
  const GameDefinition& definition() const override { return toy_game(); }
  int seat_count() const override { return seats_; }
  Waiting waiting() const override {
    if (over_) return {};
    return {WaitMode::kTurn, {turn_}};
  }
  LegalActions legal_actions(Seat seat) const override {
    LegalActions legal;
    if (seat != turn_ || over_) return legal;
    for (Card c : hands_[seat]) legal.actions.push_back({{"type", "play"}, {"card", c.str()}});
    return legal;
  }
  Json default_action(Seat seat) const override {
    return {{"type", "play"}, {"card", hands_[seat].front().str()}};
  }
  bool match_over() const override { return over_; }
  int round() const override { return round_; }
  int deals_started() const override { return deals_; }
  std::vector<std::int64_t> scores() const override { return scores_; }

 protected:
  ActionResult apply_action(Seat seat, const Json& action) override {
    if (seat != turn_) return ActionResult::rejected("not_your_turn", "wait for your turn");
    if (action["type"] != "play") return ActionResult::rejected("unknown_action", "only play");
    auto card = parse_card(action.value("card", ""));
    if (!card) return ActionResult::rejected(card.error().code, card.error().message);
    auto& hand = hands_[seat];
    auto it = std::find(hand.begin(), hand.end(), *card);
    if (it == hand.end()) return ActionResult::rejected("card_not_held", "you do not hold it");
    hand.erase(it);
    played_[seat] = *card;
    emit({{"type", "play"}, {"seat", seat}, {"card", card->str()}});
    turn_ = (turn_ + 1) % seats_;
    if (turn_ == (dealer_ + 1) % seats_) finish_round();
    return ActionResult::accepted();
  }
  void write_table_members(JsonWriter& out) const override {
    out.member("dealer", dealer_);
    out.key("played");
    out.begin_array();
    for (const auto& card : played_) {
      if (card) {
        out.value(*card);
      } else {
        out.value(nullptr);
      }
    }
    out.end_array();
    out.member("turn", turn_);
  }
  void write_seat_members(Seat seat, JsonWriter& out) const override {
    out.key("hand");
    out.cards(hands_[seat]);
  }

 private:
  void finish_round() {
    Seat best = 0;
    for (Seat s = 1; s < seats_; ++s) {
      if (played_[s]->rank() > played_[best]->rank()) best = s;
    }
    ++scores_[best];
    record_round_result({{"round", round_}, {"winner", best}});
    if (round_ == 3) {
      over_ = true;
      return;
    }
    ++round_;
    dealer_ = (dealer_ + 1) % seats_;
    deal(std::nullopt);
  }

  int seats_;
  Seed seed_;
  Seat dealer_;
  Seat turn_ = 0;
  int round_ = 1;
  int deals_ = 0;
  bool over_ = false;
  std::vector<std::vector<Card>> hands_;
  std::vector<std::optional<Card>> played_;
  std::vector<std::int64_t> scores_;
};

class ToyGame : public GameDefinition {
 public:
  std::string name() const override { return "toy"; }
  std::string title() const override { return "Toy"; }
  std::string summary() const override { return "high card, three rounds"; }
  const OptionSchema& option_schema() const override {
    static const OptionSchema schema({OptionSpec::integer("rounds", 3, 3, 3, "rounds")});
    return schema;
  }
  SeatRange seat_range(const Json&) const override { return {2, 4}; }
  Expected<std::unique_ptr<GameState>> new_match(const MatchConfig& config) const override {
    Seat dealer = config.dealer.value_or(choose_first_dealer(config.seed, config.seats));
    auto state = std::make_unique<ToyState>(config.seats, config.seed, dealer);
    if (auto err = state->deal(config.setup)) return *err;
    return std::unique_ptr<GameState>(std::move(state));
  }
  std::unique_ptr<BotPolicy> make_bot(BotLevel) const override { return nullptr; }
};

inline const GameDefinition& toy_game() {
  static const ToyGame game;
  return game;
}

}  // namespace parlor::testing
