// One Perico match (rules: ../shared/rules/perico.md; summary and error codes in
// perico.hpp). Piles are stored top card LAST internally; views, events and setups
// list them top card first.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/core/card.hpp"
#include "engine/core/fixed_deal.hpp"
#include "engine/core/game.hpp"
#include "engine/perico/perico_rules.hpp"

namespace parlor::perico {

enum class Phase {
  kPlay,     // the seat on turn draws, takes or knocks
  kDiscard,  // the seat on turn has drawn and must discard one card
  kOver,     // the match has ended
};

std::string_view phase_name(Phase phase);

struct PericoConfig {
  const Variant* variant = &five_card();
  Scoring scoring = Scoring::kWinner;
  std::int64_t target = 5;
};

class PericoState : public GameState {
 public:
  PericoState(const PericoConfig& config, int seats, const Seed& seed, Seat first_dealer);

  // Deals the first round, from `setup` when given. Errors: "bad_setup".
  std::optional<Error> start(const std::optional<Json>& setup);

  std::unique_ptr<GameState> clone() const override;
  const GameDefinition& definition() const override;
  int seat_count() const override { return static_cast<int>(hands_.size()); }
  Waiting waiting() const override;
  LegalActions legal_actions(Seat seat) const override;
  Json default_action(Seat seat) const override;
  bool match_over() const override { return phase_ == Phase::kOver; }
  int round() const override { return round_; }
  int deals_started() const override { return deals_; }
  std::vector<std::int64_t> scores() const override { return scores_; }

  // Read access for tests and tools (never for a client: these show hidden cards).
  const PericoConfig& config() const { return config_; }
  Phase phase() const { return phase_; }
  Seat dealer() const { return dealer_; }
  Seat turn() const { return turn_; }
  std::optional<Seat> knocker() const { return knocker_; }
  const std::vector<std::vector<Card>>& hands() const { return hands_; }
  std::vector<Card> discard_pile() const;  // top first
  std::vector<Card> stock() const;         // top first
  std::optional<Card> drawn() const { return drawn_; }

 protected:
  ActionResult apply_action(Seat seat, const Json& action) override;
  void write_table_members(JsonWriter& out) const override;
  void write_seat_members(Seat seat, JsonWriter& out) const override;

 private:
  // The expert's determinizer (perico_worlds.cpp) builds states from a seat's view.
  friend class PericoWorlds;
  enum class RoundEnd { kKnock, kComplete };

  // Dealing.
  std::optional<Error> deal(const std::optional<Json>& setup);
  std::optional<Error> deal_fixed(const Json& setup, Rng& rng);
  void deal_shuffled(Rng& rng);
  int turn_up_first_card();
  void emit_deal();
  void play_rounds_until_a_turn();  // deals again while deals end at once

  // The moves.
  ActionResult draw(Seat seat);
  ActionResult discard(Seat seat, const Json& action);
  ActionResult take(Seat seat, const Json& action);
  ActionResult knock(Seat seat);
  ActionResult check_play_turn(Seat seat) const;
  void place_on_pile(Card card);
  void reshuffle_if_joker_on_top(Seat seat);
  void complete_turn(Seat seat);

  // Round and match end.
  bool anyone_complete() const;
  void end_round(RoundEnd how, bool at_deal);
  std::string write_round_result(const Showdown& showdown, RoundEnd how, bool at_deal) const;

  // Views.
  int take_max(Seat seat) const;
  bool may_knock() const;

  PericoConfig config_;
  Seed seed_;
  Rng rng_;  // the current deal's stream (reshuffles continue it)
  Phase phase_ = Phase::kPlay;
  Seat dealer_ = 0;
  Seat turn_ = 0;
  int round_ = 1;
  int deals_ = 0;
  std::optional<Seat> knocker_;
  std::optional<Card> drawn_;
  int jokers_returned_ = 0;  // by the current deal's turn-up, for its event
  std::vector<std::vector<Card>> hands_;
  std::vector<Card> pile_;   // top last
  std::vector<Card> stock_;  // top last
  std::vector<std::int64_t> scores_;
};

}  // namespace parlor::perico
