// One match of Carioca: the eight rounds, the turn (draw, lower, lay off, discard), the
// steal window, the stock running out, and the scoring. See carioca.hpp for the rules
// summary and the error codes, ../shared/rules/carioca.md for the rules themselves.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/carioca/carioca_melds.hpp"
#include "engine/core/game.hpp"

namespace parlor::carioca {

struct TableOptions {
  bool straight_wrap = true;
  bool flat_low_cards = false;
  int joker_value = 30;
  bool cut_bonus = false;
  int steal_window_ms = 5000;
  int stock_reshuffles = 100;
  int first_round = 1;  // practice tables and tests may start at a later contract

  static TableOptions from_json(const Json& options);
  MeldRules meld_rules() const { return MeldRules{straight_wrap}; }
};

enum class Phase {
  kCut,          // cut_bonus: the cutter names a cut size before the first draw
  kDraw,         // the player to act draws from the stock or the discard pile
  kStealWindow,  // after a stock draw: the others may claim the discard, in order
  kPlay,         // lower, lay off, discard
  kOver,
};

std::string phase_name(Phase phase);

struct StealWindow {
  Card card;
  Seat discarder = 0;
  std::vector<Seat> order;     // priority: turn order after the player drawing
  std::vector<Seat> declined;  // in the order they declined
  bool has_declined(Seat seat) const;
  bool may_claim(Seat seat) const;  // everyone before `seat` has declined
};

struct TableMeld {
  Seat owner = 0;
  Meld meld;
};

class CariocaState : public GameState {
 public:
  CariocaState(TableOptions options, int seats, Seed seed, Seat dealer);
  // Deals round 1 (from `setup` when given). Errors: bad_setup.
  std::optional<Error> start(const std::optional<Json>& setup);

  std::unique_ptr<GameState> clone() const override;
  const GameDefinition& definition() const override;
  int seat_count() const override { return seats_; }
  Waiting waiting() const override;
  LegalActions legal_actions(Seat seat) const override;
  Json default_action(Seat seat) const override;
  bool match_over() const override { return phase_ == Phase::kOver; }
  int round() const override { return round_; }
  int deals_started() const override { return deals_started_; }
  std::vector<std::int64_t> scores() const override;
  std::vector<int> placings() const override;

  // Read access for tests and tools (a seat's view is what players get).
  Phase phase() const { return phase_; }
  Seat turn() const { return turn_; }
  Seat dealer() const { return dealer_; }
  const std::vector<Card>& hand(Seat seat) const { return hands_[seat]; }
  const std::vector<Card>& stock() const { return stock_; }            // back = top
  const std::vector<Card>& discard_pile() const { return discards_; }  // back = top
  const std::vector<std::vector<Meld>>& melds() const { return melds_; }
  const std::optional<StealWindow>& steal_window() const { return window_; }
  const TableOptions& options() const { return options_; }
  std::vector<int> rounds_out() const { return rounds_out_; }

 protected:
  ActionResult apply_action(Seat seat, const Json& action) override;
  void write_table_members(JsonWriter& out) const override;
  void write_seat_members(Seat seat, JsonWriter& out) const override;

 private:
  // The expert's determinizer (carioca_worlds.cpp) builds states from a seat's view.
  friend class CariocaWorlds;
  // The round's deal and its end.
  std::optional<Error> deal(const std::optional<Json>& setup);
  std::optional<Error> deal_fixed(const Json& setup, Rng& rng);
  void deal_shuffled(Rng& rng);
  void begin_play();
  void begin_turn(Seat seat);
  void end_round(std::optional<Seat> went_out);
  Json round_summary(std::optional<Seat> went_out, const std::vector<std::int64_t>& points) const;

  // One function per action.
  ActionResult do_cut(Seat seat, const Json& action);
  ActionResult do_draw(Seat seat, const Json& action);
  ActionResult do_claim(Seat seat, bool steal);
  ActionResult do_lower(Seat seat, const Json& action);
  ActionResult do_lay_off(Seat seat, const Json& action);
  ActionResult do_discard(Seat seat, const Json& action);
  std::optional<ActionResult> check_turn_action(Seat seat, const std::string& type) const;
  void open_steal_window();
  void close_steal_window();
  void after_hand_shrank(Seat seat);

  // Helpers on the hand.
  bool may_discard(Seat seat, Card card) const;
  bool can_still_discard(const std::vector<Card>& hand) const;
  Card highest_discard(Seat seat) const;
  Seat right_of(Seat seat) const { return (seat + seats_ - 1) % seats_; }
  Seat cutter() const { return (dealer_ + 1) % seats_; }
  const Contract& contract() const { return contract_for_round(round_); }
  bool lowered(Seat seat) const { return lowered_turn_[seat] >= 0; }

  // Views (carioca_view.cpp).
  Json meld_json(const Meld& meld) const;
  static void write_meld_members(const Meld& meld, JsonWriter& out);
  Json legal_json(Seat seat) const;
  void write_legal_members(Seat seat, JsonWriter& out) const;
  std::vector<Json> play_actions(Seat seat) const;

  TableOptions options_;
  int seats_;
  Seed seed_;
  Rng rng_;  // the current deal's stream; reshuffles continue it
  int deals_started_ = 0;
  int round_ = 1;
  Phase phase_ = Phase::kDraw;
  Seat dealer_ = 0;
  Seat turn_ = 0;
  int turn_number_ = 0;  // turns played this round; lowering records it
  int reshuffles_ = 0;   // this round
  std::vector<std::vector<Card>> hands_;
  std::vector<Card> stock_;
  std::vector<Card> discards_;
  std::vector<std::vector<Meld>> melds_;  // per owner, in the order lowered
  std::vector<int> lowered_turn_;         // -1 until the seat lowers this round
  std::vector<int> steals_;               // this round
  std::vector<int> cut_points_;           // this round (cut_bonus)
  std::optional<Card> taken_;             // taken from the discard pile this turn
  std::optional<Seat> top_discarder_;     // who discarded the top card, while stealable
  std::optional<StealWindow> window_;
  std::vector<std::vector<std::int64_t>> points_by_round_;
  std::vector<int> rounds_out_;
};

}  // namespace parlor::carioca
