// One match of Pedro, King Pedro or Cinch (see pedro.hpp for the rules summary and
// the error codes, pedro_variant.hpp for what differs between the variants).
//
// A hand runs through these phases:
//   bidding → trump → (Pedro, Cinch) automatic discard and refill → rob (only when the
//   dealer has a choice) → discard (Cinch excess trumps; King Pedro down to six, the
//   kitty taken first; simultaneous, only for seats with a choice) → play → scored,
//   and the next hand is dealt at once.
//
// Decisions where ../shared/rules/pedro.md is silent (each repeated at its code):
// - Pedro: after three passes the dealer may bid 7 to 14 but not pass (the forced bid
//   is an action, so a timeout bids 7).
// - King Pedro: if three seats pass before anyone bids, the fourth still chooses:
//   a bid makes them the high bidder, a pass throws the hand in.
// - Cinch with no contract: the dealer names trumps and leads the first trick.
// - Automatic steps are not asked of anyone: the rob when the dealer has no choice,
//   a King Pedro discard when a seat holds 6 or more trumps, a Cinch excess discard
//   when exactly the excess are non-point trumps.
// - The rob in Pedro lists the chosen non-trumps; listing the stock's trumps too is
//   accepted, but then every one of them (rob_leaves_trump otherwise).
// - King Pedro and Cinch discards are chosen simultaneously and revealed face up
//   together when the last seat has chosen (forced discards are revealed with them).
// - If the stock runs out before the dealer reaches six (Pedro, Cinch), the dealer
//   plays short; a seat whose hand is empty sits out the remaining tricks and the lead
//   passes to its left, exactly as for King Pedro's "I'm up".
// - King Pedro: an "I'm up" player's dead cards stay hidden; the rest of the stock
//   after the rob (Pedro, Cinch) stays face down.
// - Every deal is a round: a void Pedro deal and a thrown-in King Pedro deal count,
//   and appear in round_results with "void" / "thrown_in".
// - A timeout passes when passing is allowed, else bids the minimum; names the suit
//   it holds most trumps of (ties: the later suit of C D H S); robs the
//   required trumps plus the strongest cards to choose; discards the weakest allowed
//   cards; plays the lowest legal card, non-point cards first, dumping the lowest.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/card.hpp"
#include "engine/core/game.hpp"
#include "engine/pedro/pedro_scoring.hpp"
#include "engine/pedro/pedro_variant.hpp"

namespace parlor::pedro {

inline constexpr int kSeats = 4;
inline constexpr int kStockPileSize = 16;

inline int side_of(Seat seat) { return seat % 2; }
inline Seat left_of(Seat seat) { return (seat + 1) % kSeats; }

enum class Phase { kBidding, kTrump, kRob, kDiscard, kPlay, kOver };
std::string phase_name(Phase phase);

struct TrickCard {
  Seat seat = 0;
  Card card;
};

struct Trick {
  Seat leader = -1;
  std::vector<TrickCard> cards;
  Seat winner = -1;
  int dumped = 0;  // face-down cards that went with it
};

// Every place a card can be during a hand; together they always hold the 52 cards.
struct Zones {
  std::array<std::vector<Card>, kSeats> hands;
  std::vector<Card> stock;  // top first; after the rob, the rest, face down and dead
  std::vector<Card> kitty;  // King Pedro, until the bidder takes it
  std::array<std::vector<Card>, kSeats> discards;  // face up
  std::array<std::vector<Card>, kSeats> pending;   // chosen discards not yet revealed
  std::vector<Card> table;                         // Cinch: unused trumps, face up, dead
  std::array<std::vector<Card>, 2> won;            // played cards of each side's tricks
  std::vector<Card> dumped;                        // face down with the first trick
};

// What the dealer may rob: every card of `must_take`, plus `choose` of `choose_from`.
struct RobChoice {
  std::vector<Card> must_take;
  std::vector<Card> choose_from;
  int choose = 0;
};

class PedroState final : public GameState {
 public:
  PedroState(Variant variant, Seed seed, Seat dealer);

  // Deals the first hand (fixed by `setup` when given).
  std::optional<Error> start(const std::optional<Json>& setup);

  std::unique_ptr<GameState> clone() const override;
  const GameDefinition& definition() const override;
  int seat_count() const override { return kSeats; }
  Waiting waiting() const override;
  LegalActions legal_actions(Seat seat) const override;
  Json default_action(Seat seat) const override;
  bool match_over() const override { return phase_ == Phase::kOver; }
  int round() const override { return deals_; }
  int deals_started() const override { return deals_; }
  std::vector<std::int64_t> scores() const override;
  std::vector<int> placings() const override;

  // Read-only state for the test suite's invariant checks.
  const Variant& variant() const { return variant_; }
  Phase phase() const { return phase_; }
  const Zones& zones() const { return zones_; }
  const Trick& trick() const { return trick_; }
  std::optional<Suit> trump() const { return trump_; }
  Seat dealer() const { return dealer_; }
  Seat declarer() const { return declarer_; }
  const std::array<int, 2>& hand_points() const { return points_; }
  int tricks_played() const { return tricks_played_; }
  bool is_out(Seat seat) const { return out_[seat]; }
  std::optional<int> winner_side() const { return winner_side_; }
  // The "legal" section of `seat`'s view, without building the rest of the view.
  Json legal(Seat seat) const { return legal_json(seat); }

 protected:
  ActionResult apply_action(Seat seat, const Json& action) override;
  void write_table_members(JsonWriter& out) const override;
  void write_seat_members(Seat seat, JsonWriter& out) const override;

 private:
  // The expert's determinizer (pedro_worlds.cpp) builds states from a seat's view.
  friend class PedroWorlds;
  // Dealing (pedro_state.cpp).
  std::optional<Error> deal(const std::optional<Json>& setup);
  std::optional<Error> deal_fixed(const Json& setup, Rng& rng);
  void deal_shuffled(Rng& rng);
  void reset_hand();

  // Bidding (pedro_state.cpp).
  ActionResult on_call(Seat seat, const Json& action, bool is_pass);
  std::optional<Error> check_call(Seat seat, const Json& action, bool is_pass) const;
  void advance_auction(Seat seat, bool is_pass);
  void end_auction(Seat declarer);
  void throw_in();
  bool may_pass(Seat seat) const;
  int lowest_bid() const;

  // Trump, refill, rob, kitty and discards (pedro_setup.cpp).
  ActionResult on_trump(Seat seat, const Json& action);
  ActionResult on_rob(Seat seat, const Json& action);
  ActionResult on_discard(Seat seat, const Json& action);
  std::optional<Error> check_rob(const std::vector<Card>& cards) const;
  std::optional<Error> check_discard(Seat seat, const std::vector<Card>& cards) const;
  void discard_non_trumps();
  bool refill_non_dealers();
  void void_deal();
  RobChoice rob_choice() const;
  void rob(const std::vector<Card>& cards);
  void begin_cinch_excess();
  void take_kitty();
  void begin_king_pedro_discards();
  void set_discard(Seat seat, int count, std::vector<Card> choose_from);
  void end_discards();

  // Play (pedro_play.cpp).
  void begin_play();
  ActionResult on_play(Seat seat, const Json& action);
  std::optional<Error> check_play(Seat seat, Card card, const std::vector<Card>& dump) const;
  std::vector<Card> playable(Seat seat) const;
  int dump_count(Seat seat) const;
  void finish_trick();
  void update_out();
  Seat next_in(Seat from) const;
  void finish_hand();
  void record_round(const Json& result);

  // Views and bot-facing legal moves (pedro_view.cpp).
  Json legal_json(Seat seat) const;
  void write_legal_members(Seat seat, JsonWriter& out) const;
  void write_players(JsonWriter& out) const;
  void write_trick(const Trick& trick, JsonWriter& out) const;

  Variant variant_;
  Seed seed_;
  Seat dealer_;
  int deals_ = 0;
  Phase phase_ = Phase::kBidding;
  Seat turn_ = -1;

  Zones zones_;
  std::optional<Suit> trump_;

  // Bidding.
  std::vector<std::pair<Seat, int>> calls_;  // amount 0 = pass
  std::array<bool, kSeats> spoke_{};
  std::array<bool, kSeats> passed_{};
  int passes_in_a_row_ = 0;
  int high_bid_ = 0;
  Seat high_bidder_ = -1;
  Seat declarer_ = -1;  // names trumps and leads: the high bidder, or Cinch's dealer
  bool contract_ = false;

  // Exchange.
  std::array<int, kSeats> received_{};    // -1 until the refill (the dealer: the rob)
  std::array<int, kSeats> to_discard_{};  // discard phase: how many each seat still owes
  std::array<std::vector<Card>, kSeats> discard_from_{};
  std::array<bool, kSeats> choosing_{};

  // Play.
  Trick trick_;
  std::optional<Trick> last_trick_;
  std::vector<Trick> tricks_;  // this hand's finished tricks, in order: public, in the view
  int tricks_played_ = 0;
  std::array<bool, kSeats> out_{};
  int in_count_ = 0;  // seats playing to the current trick
  std::array<int, 2> points_{};
  std::array<int, 2> tricks_won_{};
  std::array<int, kSeats> dumped_count_{};

  // Match.
  SideScores side_scores_{};
  std::optional<int> winner_side_;
};

}  // namespace parlor::pedro
