// "secret": a small test-only game with every kind of hidden information the real games
// have, so the server's tests do not depend on any real game being built.
//
// Each round every seat is dealt three cards from a shuffled standard deck; the rest is
// a face-down stock. First, simultaneously, every seat puts one card face down
// ({"type":"choose","card":C}: hidden from everyone else until all have chosen). Then in
// turn from the dealer's left each seat draws the stock's top card ({"type":"draw"}:
// seen only by the drawer) and discards one card face up ({"type":"discard","card":C}).
// When all have discarded the chosen cards are revealed and the highest rank scores a
// point (ties: every tied seat). `rounds` rounds (option, default 2) make a match.
//
// Error codes: the engine's shared ones (wrong_phase, not_your_turn, bad_card,
// card_not_held, unknown_action, bad_action) and already_chose.
#pragma once

#include <algorithm>

#include "engine/core/card.hpp"
#include "engine/core/deck.hpp"
#include "engine/core/game.hpp"

namespace parlor::testing {

class SecretGame;
inline const SecretGame& secret_game();

class SecretState : public GameState {
 public:
  SecretState(int seats, int rounds, Seed seed, Seat dealer)
      : seats_(seats), rounds_(rounds), seed_(seed), dealer_(dealer) {
    scores_.assign(seats, 0);
    deal();
  }

  std::unique_ptr<GameState> clone() const override { return std::make_unique<SecretState>(*this); }
  const GameDefinition& definition() const override;
  int seat_count() const override { return seats_; }
  Waiting waiting() const override {
    if (over_) return {};
    if (phase_ == Phase::kChoose) {
      Waiting w{WaitMode::kSimultaneous, {}};
      for (Seat s = 0; s < seats_; ++s) {
        if (!chosen_[s]) w.seats.push_back(s);
      }
      return w;
    }
    return {WaitMode::kTurn, {turn_}};
  }
  LegalActions legal_actions(Seat seat) const override {
    LegalActions legal;
    for (const Json& a : legal_list(seat)) legal.actions.push_back(a);
    return legal;
  }
  Json default_action(Seat seat) const override {
    Json list = legal_list(seat);
    return list.empty() ? Json{{"type", "draw"}} : list.front();
  }
  bool match_over() const override { return over_; }
  int round() const override { return round_; }
  int deals_started() const override { return deals_; }
  std::vector<std::int64_t> scores() const override { return scores_; }

 protected:
  ActionResult apply_action(Seat seat, const Json& action) override {
    const std::string type = action["type"];
    if (type != "choose" && type != "draw" && type != "discard") {
      return ActionResult::rejected("unknown_action", "choose, draw or discard");
    }
    if (type == "choose") return choose(seat, action);
    if (phase_ == Phase::kChoose) return ActionResult::rejected("wrong_phase", "choose first");
    if (seat != turn_) return ActionResult::rejected("not_your_turn", "wait for your turn");
    if (type == "draw") {
      if (drawn_) return ActionResult::rejected("wrong_phase", "discard now");
      Card card = stock_.back();
      stock_.pop_back();
      hands_[seat].push_back(card);
      drawn_ = true;
      emit({{"type", "draw"}, {"seat", seat}, {"card", card.str()}}, Audience::only(seat));
      emit({{"type", "draw"}, {"seat", seat}}, Audience::all_but(seat));
      return ActionResult::accepted();
    }
    if (!drawn_) return ActionResult::rejected("wrong_phase", "draw first");
    auto card = take_card(seat, action);
    if (!card) return ActionResult::rejected(card.error().code, card.error().message);
    discards_[seat].push_back(*card);
    emit({{"type", "discard"}, {"seat", seat}, {"card", card->str()}});
    drawn_ = false;
    turn_ = (turn_ + 1) % seats_;
    if (turn_ == (dealer_ + 1) % seats_) finish_round();
    return ActionResult::accepted();
  }

  void write_table_members(JsonWriter& out) const override {
    out.member("dealer", dealer_);
    out.member("last_round", last_round_);
    out.member("phase", phase_ == Phase::kChoose ? "choose" : drawn_ ? "discard" : "draw");
    out.key("players");
    out.begin_array();
    for (Seat s = 0; s < seats_; ++s) {
      out.begin_object();
      out.member("cards", hands_[s].size());
      out.member("chosen", chosen_[s].has_value());
      out.key("discards");
      out.cards(discards_[s]);
      out.end_object();
    }
    out.end_array();
    out.member("stock", stock_.size());
    out.key("turn");
    if (phase_ == Phase::kChoose) {
      out.value(nullptr);
    } else {
      out.value(turn_);
    }
  }
  void write_seat_members(Seat seat, JsonWriter& out) const override {
    out.key("hand");
    out.cards(hands_[seat]);
    out.key("legal");
    out.begin_object();
    out.member("actions", legal_list(seat));
    out.end_object();
    out.key("my_choice");
    if (chosen_[seat]) {
      out.value(*chosen_[seat]);
    } else {
      out.value(nullptr);
    }
  }

 private:
  enum class Phase { kChoose, kPlay };

  Json legal_list(Seat seat) const {
    Json list = Json::array();
    if (over_) return list;
    if (phase_ == Phase::kChoose) {
      if (chosen_[seat]) return list;
      for (Card c : hands_[seat]) list.push_back({{"type", "choose"}, {"card", c.str()}});
      return list;
    }
    if (seat != turn_) return list;
    if (!drawn_) return Json::array({{{"type", "draw"}}});
    for (Card c : hands_[seat]) list.push_back({{"type", "discard"}, {"card", c.str()}});
    return list;
  }

  Expected<Card> take_card(Seat seat, const Json& action) {
    if (!action.contains("card") || !action["card"].is_string()) {
      return Error{"bad_action", "\"card\" must be a card string"};
    }
    auto card = parse_card(action["card"].get<std::string>());
    if (!card) return card.error();
    auto& hand = hands_[seat];
    auto it = std::find(hand.begin(), hand.end(), *card);
    if (it == hand.end()) return Error{"card_not_held", "you do not hold " + card->str()};
    hand.erase(it);
    return *card;
  }

  ActionResult choose(Seat seat, const Json& action) {
    if (phase_ != Phase::kChoose) return ActionResult::rejected("wrong_phase", "not now");
    if (chosen_[seat]) return ActionResult::rejected("already_chose", "you already chose");
    auto card = take_card(seat, action);
    if (!card) return ActionResult::rejected(card.error().code, card.error().message);
    chosen_[seat] = *card;
    emit({{"type", "chose"}, {"seat", seat}});
    if (std::all_of(chosen_.begin(), chosen_.end(), [](auto& c) { return c.has_value(); })) {
      phase_ = Phase::kPlay;
    }
    return ActionResult::accepted();
  }

  void deal() {
    Rng rng(seed_, static_cast<std::uint64_t>(deals_++));
    stock_ = standard_deck();
    rng.shuffle(stock_);
    hands_.assign(seats_, {});
    discards_.assign(seats_, {});
    chosen_.assign(seats_, std::nullopt);
    for (int i = 0; i < 3; ++i) {
      for (Seat s = 0; s < seats_; ++s) {
        hands_[s].push_back(stock_.back());
        stock_.pop_back();
      }
    }
    for (Seat s = 0; s < seats_; ++s) {
      emit({{"type", "deal"}, {"round", round_}, {"hand", cards_to_json(hands_[s])}},
           Audience::only(s));
    }
    emit({{"type", "deal"}, {"round", round_}, {"dealer", dealer_}}, Audience::only(kSpectator));
    phase_ = Phase::kChoose;
    drawn_ = false;
    turn_ = (dealer_ + 1) % seats_;
  }

  void finish_round() {
    int best = 0;
    for (const auto& c : chosen_) best = std::max(best, c->rank());
    Json revealed = Json::array();
    Json winners = Json::array();
    for (Seat s = 0; s < seats_; ++s) {
      revealed.push_back(chosen_[s]->str());
      if (chosen_[s]->rank() == best) {
        ++scores_[s];
        winners.push_back(s);
      }
    }
    last_round_ = {{"round", round_}, {"chosen", revealed}, {"winners", winners}};
    record_round_result(last_round_);
    emit({{"type", "reveal"}, {"chosen", revealed}, {"winners", winners}});
    if (round_ == rounds_) {
      over_ = true;
      return;
    }
    ++round_;
    dealer_ = (dealer_ + 1) % seats_;
    deal();
  }

  int seats_;
  int rounds_;
  Seed seed_;
  Seat dealer_;
  Phase phase_ = Phase::kChoose;
  Seat turn_ = 0;
  bool drawn_ = false;
  int round_ = 1;
  int deals_ = 0;
  bool over_ = false;
  std::vector<Card> stock_;
  std::vector<std::vector<Card>> hands_;
  std::vector<std::vector<Card>> discards_;
  std::vector<std::optional<Card>> chosen_;
  std::vector<std::int64_t> scores_;
  Json last_round_ = nullptr;
};

// Picks uniformly among view["legal"]["actions"].
class SecretBot : public BotPolicy {
 public:
  Json choose(const Json& view, Rng& rng) const override {
    const Json& actions = view["legal"]["actions"];
    return actions[rng.below(actions.size())];
  }
};

class SecretGame : public GameDefinition {
 public:
  std::string name() const override { return "secret"; }
  std::string title() const override { return "Secret (test game)"; }
  std::string summary() const override { return "hidden choices, a stock, private draws"; }
  const OptionSchema& option_schema() const override {
    static const OptionSchema schema({OptionSpec::integer("rounds", 2, 1, 9, "rounds")});
    return schema;
  }
  SeatRange seat_range(const Json&) const override { return {2, 6}; }
  Expected<std::unique_ptr<GameState>> new_match(const MatchConfig& config) const override {
    Seat dealer = config.dealer.value_or(choose_first_dealer(config.seed, config.seats));
    int rounds = config.options.value("rounds", 2);
    return std::unique_ptr<GameState>(
        std::make_unique<SecretState>(config.seats, rounds, config.seed, dealer));
  }
  std::unique_ptr<BotPolicy> make_bot(BotLevel) const override {
    return std::make_unique<SecretBot>();
  }
};

inline const SecretGame& secret_game() {
  static const SecretGame game;
  return game;
}

inline const GameDefinition& SecretState::definition() const { return secret_game(); }

}  // namespace parlor::testing
