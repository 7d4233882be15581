#include "engine/loc/loc_state.hpp"

#include <algorithm>

#include "engine/core/fixed_deal.hpp"

namespace parlor::loc {

LocState::LocState(LocTable table, Seed seed, Seat first_dealer)
    : table_(table), seed_(seed), dealer_(first_dealer) {
  balances_.assign(table_.seats, 0);
}

std::optional<Error> LocState::start(const std::optional<Json>& setup) { return deal_hand(setup); }

std::unique_ptr<GameState> LocState::clone() const { return std::make_unique<LocState>(*this); }

// --- Starting a hand ---------------------------------------------------------------

std::optional<Error> LocState::deal_hand(const std::optional<Json>& setup) {
  Rng rng(seed_, static_cast<std::uint64_t>(deals_++));
  ++hand_number_;
  const int seats = table_.seats;
  hands_.assign(seats, {});
  if (setup) {
    // No piles: every card the setup does not deal is set aside, as in a real hand.
    auto fixed =
        take_fixed_deal(*setup, loc_deck(table_.deck), seats, {}, deck_notation(table_.deck), rng);
    if (!fixed) return fixed.error();
    if (auto err = check_hand_sizes(*fixed, kHandSize)) return err;
    hands_ = fixed->hands;
    set_aside_ = fixed->rest;
  } else {
    std::vector<Card> deck = loc_deck(table_.deck);
    rng.shuffle(deck);
    // One card at a time, starting at the dealer's left.
    for (int i = 0; i < kHandSize * seats; ++i) {
      hands_[(dealer_ + 1 + i) % seats].push_back(deck[i]);
    }
    set_aside_.assign(deck.begin() + kHandSize * seats, deck.end());
  }
  choices_.assign(seats, std::nullopt);
  discards_.clear();
  shown_.clear();
  ledger_ = Json::array();
  ledger_text_ = "[]";
  phase_ = Phase::kDiscard;
  play_ = 0;
  hand_start_balances_ = balances_;
  emit({{"type", "deal"}, {"hand", hand_number_}, {"dealer", dealer_}});
  for (Seat seat = 0; seat < seats; ++seat) {
    emit_written(
        [&](JsonWriter& out) {
          out.member("type", "hand");
          out.key("cards");
          out.cards(hands_[seat]);
        },
        Audience::only(seat));
  }
  ante();
  return std::nullopt;
}

void LocState::ante() {
  std::vector<std::int64_t> paid(table_.seats, table_.bet);
  for (auto& balance : balances_) balance -= table_.bet;
  pot_ = table_.bet * table_.seats;
  add_to_ledger({{"step", "ante"}, {"paid", paid}, {"pot", pot_}});
  emit({{"type", "ante"}, {"paid", paid}, {"pot", pot_}});
}

// --- Actions -----------------------------------------------------------------------

ActionResult LocState::apply_action(Seat seat, const Json& action) {
  const std::string type = action["type"].get<std::string>();
  if (type == "discard") return on_discard(seat, action);
  if (type == "play") return on_play(seat, action);
  return ActionResult::rejected(
      "unknown_action", "Loc has two actions: \"discard\" and \"play\", not \"" + type + "\"");
}

// Every check below reads only the sender's own hand and choice and public state (the
// phase, the play number), so a rejection tells nothing about anyone else's choice.
ActionResult LocState::on_discard(Seat seat, const Json& action) {
  if (phase_ != Phase::kDiscard || choices_[seat]) {
    return ActionResult::rejected("already_discarded",
                                  "you have already discarded this hand; a discard is final");
  }
  Card card;
  if (auto rejected = check_card(seat, action, card); !rejected.ok()) return rejected;
  choose(seat, card);
  return ActionResult::accepted();
}

ActionResult LocState::on_play(Seat seat, const Json& action) {
  if (phase_ == Phase::kDiscard) {
    return ActionResult::rejected(
        "wrong_phase", "the plays begin once every player has discarded one card face down");
  }
  if (choices_[seat]) {
    return ActionResult::rejected("already_chosen", "you have already chosen your card for play " +
                                                        std::to_string(play_) +
                                                        "; a choice is final");
  }
  Card card;
  if (auto rejected = check_card(seat, action, card); !rejected.ok()) return rejected;
  choose(seat, card);
  return ActionResult::accepted();
}

ActionResult LocState::check_card(Seat seat, const Json& action, Card& card) const {
  if (!action.contains("card") || !action["card"].is_string()) {
    return ActionResult::rejected(
        "bad_action", "name the card: {\"type\": \"" + step_action() + "\", \"card\": \"7C\"}");
  }
  auto parsed = parse_card(action["card"].get<std::string>(), deck_notation(table_.deck));
  if (!parsed) return ActionResult::rejected(parsed.error().code, parsed.error().message);
  const auto& hand = hands_[seat];
  if (std::find(hand.begin(), hand.end(), *parsed) == hand.end()) {
    return ActionResult::rejected("card_not_held", "you do not hold " + parsed->str());
  }
  card = *parsed;
  return ActionResult::accepted();
}

// The card leaves the hand at once but stays hidden until the step resolves; the
// public event names the seat only.
void LocState::choose(Seat seat, Card card) {
  auto& hand = hands_[seat];
  hand.erase(std::find(hand.begin(), hand.end(), card));
  choices_[seat] = card;
  Json event = {{"type", "chosen"}, {"step", step_action()}, {"seat", seat}};
  if (phase_ == Phase::kPlay) event["play"] = play_;
  emit(event);
  if (!everyone_chose()) return;
  if (phase_ == Phase::kDiscard) {
    reveal_discards();
  } else {
    reveal_play();
  }
}

void LocState::add_to_ledger(const Json& entry) {
  ledger_.push_back(entry);
  ledger_text_ = ledger_.dump();
}

bool LocState::everyone_chose() const {
  return std::all_of(choices_.begin(), choices_.end(), [](const auto& c) { return c.has_value(); });
}

// Nothing is revealed: the discards go face down and the plays begin.
void LocState::reveal_discards() {
  for (auto& choice : choices_) {
    discards_.push_back(*choice);
    choice.reset();
  }
  phase_ = Phase::kPlay;
  play_ = 1;
  emit({{"type", "discards_in"}, {"play", play_}});
}

void LocState::reveal_play() {
  std::vector<Card> cards;
  for (auto& choice : choices_) {
    cards.push_back(*choice);
    shown_.push_back(*choice);
    choice.reset();
  }
  PlayOutcome outcome = resolve_play(cards, play_, pot_, table_.bet);
  std::vector<std::int64_t> change = balance_changes(outcome);
  for (std::size_t seat = 0; seat < change.size(); ++seat) balances_[seat] += change[seat];
  pot_ = outcome.pot_after;
  Json entry = {{"step", "play"},
                {"play", play_},
                {"cards", cards_to_json(cards)},
                {"result", play_kind_name(outcome.kind)},
                {"winner", outcome.winner},
                {"took", outcome.took},
                {"paid", outcome.paid},
                {"pot", pot_}};
  add_to_ledger(entry);
  Json event = entry;
  event["type"] = "reveal";
  emit(event);
  if (play_ == kPlays) {
    finish_hand();
  } else {
    ++play_;
  }
}

void LocState::finish_hand() {
  std::vector<std::int64_t> net(table_.seats);
  for (int seat = 0; seat < table_.seats; ++seat) {
    net[seat] = balances_[seat] - hand_start_balances_[seat];
  }
  Json result = {{"hand", hand_number_},
                 {"dealer", dealer_},
                 {"ledger", ledger_},
                 {"net", net},
                 {"balances", balances_}};
  record_round_result(result);
  emit({{"type", "hand_over"}, {"hand", hand_number_}, {"net", net}, {"balances", balances_}});
  if (hand_number_ >= table_.hands) {
    phase_ = Phase::kOver;
    emit({{"type", "match_over"}, {"scores", balances_}});
    return;
  }
  dealer_ = (dealer_ + 1) % table_.seats;
  deal_hand(std::nullopt);  // a shuffled deal cannot fail
}

// --- Who acts ----------------------------------------------------------------------

Waiting LocState::waiting() const {
  if (phase_ == Phase::kOver) return {};
  Waiting wait{WaitMode::kSimultaneous, {}};
  for (Seat seat = 0; seat < table_.seats; ++seat) {
    if (!choices_[seat]) wait.seats.push_back(seat);
  }
  return wait;
}

LegalActions LocState::legal_actions(Seat seat) const {
  LegalActions legal;
  if (phase_ == Phase::kOver || seat < 0 || seat >= table_.seats || choices_[seat]) return legal;
  for (Card card : hands_[seat]) {
    legal.actions.push_back({{"type", step_action()}, {"card", card.str()}});
  }
  return legal;
}

// Rules are silent on a seat whose time runs out: it gives up its weakest card, for
// the discard as for a play, which keeps its pot-takers for later plays.
Json LocState::default_action(Seat seat) const {
  Json action = {{"type", step_action()}};
  if (seat >= 0 && seat < table_.seats && !hands_[seat].empty()) {
    action["card"] = weakest(hands_[seat]).str();
  }
  return action;
}

CardPlaces LocState::card_places() const {
  return {hands_, choices_, discards_, shown_, set_aside_};
}

std::vector<Card> CardPlaces::all() const {
  std::vector<Card> cards = set_aside;
  for (const auto& hand : hands) cards.insert(cards.end(), hand.begin(), hand.end());
  for (const auto& choice : choices) {
    if (choice) cards.push_back(*choice);
  }
  cards.insert(cards.end(), discards.begin(), discards.end());
  cards.insert(cards.end(), shown.begin(), shown.end());
  return cards;
}

}  // namespace parlor::loc
