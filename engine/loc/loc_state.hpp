// One match of Loc (loc.hpp summarises the rules; ../shared/rules/loc.md is the
// authority). Exposed for the tests, which audit where every card is.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/loc/loc_cards.hpp"
#include "engine/loc/loc_resolve.hpp"

namespace parlor::loc {

// Where every card of the deck is now, for the tests' audits.
struct CardPlaces {
  std::vector<std::vector<Card>> hands;
  std::vector<std::optional<Card>> choices;  // the current step's hidden choices
  std::vector<Card> discards;                // this hand's, face down
  std::vector<Card> shown;                   // revealed in this hand's plays
  std::vector<Card> set_aside;               // undealt, unseen

  std::vector<Card> all() const;
};

struct LocTable {
  DeckKind deck = DeckKind::kStandard;
  std::int64_t bet = 1;
  int hands = 1;  // hands in the match
  int seats = 2;
};

class LocState : public GameState {
 public:
  LocState(LocTable table, Seed seed, Seat first_dealer);

  // Deals the first hand, from `setup` when given (bad_setup if it is not a deal).
  std::optional<Error> start(const std::optional<Json>& setup);

  std::unique_ptr<GameState> clone() const override;
  const GameDefinition& definition() const override;
  int seat_count() const override { return table_.seats; }
  Waiting waiting() const override;
  LegalActions legal_actions(Seat seat) const override;
  Json default_action(Seat seat) const override;
  bool match_over() const override { return phase_ == Phase::kOver; }
  int round() const override { return hand_number_; }
  int deals_started() const override { return deals_; }
  std::vector<std::int64_t> scores() const override { return balances_; }

  // Every card of the deck, wherever it is now: the tests check each appears exactly
  // once and that no viewer sees one it may not.
  CardPlaces card_places() const;
  std::int64_t pot() const { return pot_; }

 protected:
  ActionResult apply_action(Seat seat, const Json& action) override;
  void write_table_members(JsonWriter& out) const override;
  void write_seat_members(Seat seat, JsonWriter& out) const override;

 private:
  // The expert's determinizer (loc_worlds.cpp) builds states from a seat's view.
  friend class LocWorlds;
  enum class Phase { kDiscard, kPlay, kOver };

  // Starting a hand.
  std::optional<Error> deal_hand(const std::optional<Json>& setup);
  void ante();
  // The two kinds of step.
  ActionResult on_discard(Seat seat, const Json& action);
  ActionResult on_play(Seat seat, const Json& action);
  ActionResult check_card(Seat seat, const Json& action, Card& card) const;
  void choose(Seat seat, Card card);
  bool everyone_chose() const;
  void reveal_discards();
  void reveal_play();
  void finish_hand();
  void add_to_ledger(const Json& entry);
  // Views (loc_view.cpp).
  std::string phase_name() const;
  std::string step_action() const;  // "discard" or "play"

  LocTable table_;
  Seed seed_;
  Seat dealer_;
  Phase phase_ = Phase::kDiscard;
  int hand_number_ = 0;
  int deals_ = 0;
  int play_ = 0;  // 1..kPlays during the plays, 0 in the discard step
  std::int64_t pot_ = 0;
  std::vector<std::int64_t> balances_;
  std::vector<std::int64_t> hand_start_balances_;
  std::vector<std::vector<Card>> hands_;
  std::vector<std::optional<Card>> choices_;  // the current step's hidden choices
  std::vector<Card> discards_;                // face down: never in a view, event or result
  std::vector<Card> shown_;                   // revealed in this hand's plays
  std::vector<Card> set_aside_;               // undealt, unseen
  Json ledger_ = Json::array();               // this hand's public ledger
  // The ledger serialized once when it changes, not in every view.
  std::string ledger_text_ = "[]";
};

}  // namespace parlor::loc
