// One Poker match (../shared/rules/poker.md): deals, the two betting rounds around the
// draw, showdowns, jackpots carried over, rebuys, and each seat's view. The chip rules
// live in poker_betting / poker_pots; this file adds cards, phases and the rules that
// need cards (opening with jacks or better, the draw, the showdown). See poker.hpp for
// the summary of the rules, the decisions and the error codes.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "engine/core/card.hpp"
#include "engine/core/game.hpp"
#include "engine/hands/hand_eval.hpp"
#include "engine/poker/poker_betting.hpp"
#include "engine/poker/poker_options.hpp"

namespace parlor::poker {

enum class Phase { kFirstBetting, kDraw, kSecondBetting, kOver };

std::string phase_name(Phase phase);

class PokerState : public GameState {
 public:
  PokerState(Settings settings, std::shared_ptr<const hands::PokerEvaluator> evaluator, Seed seed,
             Seat first_dealer);
  // Deals the first deal (fixed by `setup` when given: "hands", "stock" top first, and
  // optionally "stacks", each seat's starting chips). Errors: "bad_setup".
  std::optional<Error> start(const std::optional<Json>& setup);

  std::unique_ptr<GameState> clone() const override;
  const GameDefinition& definition() const override;
  int seat_count() const override { return settings_.seats; }
  Waiting waiting() const override;
  LegalActions legal_actions(Seat seat) const override;
  Json default_action(Seat seat) const override;
  bool match_over() const override { return phase_ == Phase::kOver; }
  int round() const override { return round_; }
  int deals_started() const override { return deals_started_; }
  std::vector<std::int64_t> scores() const override;

  // Inspection for tests and tools (never sent to clients).
  Phase phase() const { return phase_; }
  Seat dealer() const { return dealer_; }
  const Settings& settings() const { return settings_; }
  const Betting& betting() const { return betting_; }
  const std::vector<Card>& hand(Seat seat) const { return hands_[seat]; }
  const std::vector<Card>& stock() const { return stock_; }
  const std::vector<Card>& discards() const { return discards_; }
  const std::vector<Card>& muck() const { return muck_; }
  Chips carried() const { return carried_; }
  // Every chip at the table (stacks, pots, a carried jackpot) and every chip bought in.
  Chips chips_at_table() const { return betting_.total() + carried_; }
  Chips chips_bought_in() const;
  std::uint32_t opening_strength() const { return opening_threshold_; }

 protected:
  ActionResult apply_action(Seat seat, const Json& action) override;
  void write_table_members(JsonWriter& out) const override;
  void write_seat_members(Seat seat, JsonWriter& out) const override;

 private:
  // The expert's determinizer (poker_worlds.cpp) builds states from a seat's view.
  friend class PokerWorlds;
  // The deal.
  std::optional<Error> begin_deal(const std::optional<Json>& setup);
  bool table_closes() const;
  void apply_rebuys();
  Seat next_dealer() const;
  std::optional<Error> deal_cards(const std::optional<Json>& setup,
                                  const std::vector<bool>& in_deal);
  Chips ante_for(Seat seat) const;
  void close_table();

  // Betting.
  ActionResult apply_bet(Seat seat, const Json& action);
  void after_betting_move();
  void finish_first_round();
  void finish_second_round();
  void return_uncalled();
  bool can_open(Seat seat) const;

  // The draw.
  ActionResult apply_draw(Seat seat, const Json& action);
  void start_draw();
  void serve(Seat seat, const std::vector<Card>& discarded);
  void start_second_round();

  // The end of a deal.
  void win_uncalled();
  void showdown();
  void carry_over();
  void end_deal(Json result);
  // A public action of the deal, written once as text: appended to the deal's log and
  // emitted to `audience`. `write_members(JsonWriter&)` writes the entry's members.
  template <class WriteMembers>
  void log_action(WriteMembers&& write_members, Audience audience = Audience::everyone());

  // Views.
  void write_legal_members(Seat seat, JsonWriter& out) const;
  // The one seat whose move the deal waits for (Poker is never simultaneous): what
  // waiting() says, without its vector, for the views written after every move.
  std::optional<Seat> seat_to_act() const;
  bool is_waiting_for(Seat seat) const;
  std::optional<hands::HandRank> rank_of(Seat seat) const;

  Settings settings_;
  std::shared_ptr<const hands::PokerEvaluator> evaluator_;
  std::uint32_t opening_threshold_ = 0;
  Seed seed_;
  std::optional<Rng> rng_;  // the current deal's stream
  Phase phase_ = Phase::kFirstBetting;
  Seat dealer_ = 0;
  int round_ = 0;
  int deals_started_ = 0;
  Betting betting_;
  std::vector<Chips> bought_in_;
  std::vector<int> rebuys_;
  Chips carried_ = 0;
  std::vector<Seat> carried_by_;  // the seats of the deal that carried the jackpot

  std::vector<std::vector<Card>> hands_;
  std::vector<Card> stock_;     // top first
  std::vector<Card> discards_;  // discards of players served in this draw, not yet reused
  std::vector<Card> muck_;      // folded hands (never reused during the deal)
  bool opened_ = false;
  std::optional<Seat> opener_;
  int bettors_at_start_ = 0;
  std::vector<Seat> draw_order_;
  std::size_t draw_index_ = 0;
  std::vector<int> drawn_;                // cards drawn per seat this deal, -1 before drawing
  std::string deal_log_text_ = "[]";      // this deal's public actions (kept in its result)
  std::string last_round_text_ = "null";  // the last deal's result, serialized once
};

}  // namespace parlor::poker
