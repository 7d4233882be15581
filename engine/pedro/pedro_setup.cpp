// From naming trumps to the first lead: the automatic discard and refill, the
// dealer's rob, King Pedro's kitty and every discard down to six.
#include <algorithm>
#include <cctype>

#include "engine/pedro/pedro_state.hpp"
#include "engine/pedro/pedro_trumps.hpp"

namespace parlor::pedro {
namespace {

void remove_cards(std::vector<Card>& from, const std::vector<Card>& cards) {
  for (Card c : cards) {
    auto it = std::find(from.begin(), from.end(), c);
    if (it != from.end()) from.erase(it);
  }
}

bool contains(const std::vector<Card>& cards, Card card) {
  return std::find(cards.begin(), cards.end(), card) != cards.end();
}

bool has_duplicates(std::vector<Card> cards) {
  std::sort(cards.begin(), cards.end());
  return std::adjacent_find(cards.begin(), cards.end()) != cards.end();
}

Expected<Suit> parse_suit(const Json& action) {
  if (!action.contains("suit") || !action["suit"].is_string()) {
    return Error{"bad_action", "naming trumps needs a \"suit\": C, D, H or S"};
  }
  const std::string text = action["suit"].get<std::string>();
  const std::string suits = "CDHS";
  if (text.size() == 1) {
    auto pos = suits.find(static_cast<char>(std::toupper(static_cast<unsigned char>(text[0]))));
    if (pos != std::string::npos) return static_cast<Suit>(pos);
  }
  return Error{"bad_suit", "'" + text + "' is not a suit: C, D, H or S"};
}

Expected<std::vector<Card>> parse_cards_field(const Json& action, const char* field) {
  if (!action.contains(field) || !action[field].is_array()) {
    return Error{"bad_action", std::string("\"") + field + "\" must be a list of cards"};
  }
  auto cards = parse_card_array(action[field]);
  if (!cards) return cards.error();
  if (has_duplicates(*cards)) return Error{"duplicate_card", "a card is listed twice"};
  return cards;
}

// Strongest first: point cards, then rank (the sensible default when taking cards).
void sort_strongest_first(std::vector<Card>& cards, Suit trump, const Variant& variant) {
  std::stable_sort(cards.begin(), cards.end(), [&](Card a, Card b) {
    const int pa = point_value(a, trump, variant);
    const int pb = point_value(b, trump, variant);
    if (pa != pb) return pa > pb;
    return play_strength(a, trump) > play_strength(b, trump);
  });
}

}  // namespace

// ---- Trump ----

ActionResult PedroState::on_trump(Seat seat, const Json& action) {
  if (phase_ != Phase::kTrump) {
    return ActionResult::rejected("wrong_phase", "trumps are named after the bidding");
  }
  if (seat != declarer_) {
    return ActionResult::rejected("not_your_turn",
                                  "seat " + std::to_string(declarer_) + " names trumps");
  }
  auto suit = parse_suit(action);
  if (!suit) return ActionResult::rejected(suit.error().code, suit.error().message);
  trump_ = *suit;
  emit({{"type", "trump"}, {"seat", seat}, {"suit", std::string(1, suit_symbol(*suit))}});
  if (variant_.robbing == Robbing::kNone) {
    take_kitty();
    begin_king_pedro_discards();
    return ActionResult::accepted();
  }
  discard_non_trumps();
  if (!refill_non_dealers()) {
    void_deal();
    return ActionResult::accepted();
  }
  RobChoice choice = rob_choice();
  if (static_cast<int>(choice.choose_from.size()) > choice.choose && choice.choose > 0) {
    phase_ = Phase::kRob;
    turn_ = dealer_;
    emit({{"type", "robbing"}, {"seat", dealer_}});
    return ActionResult::accepted();
  }
  std::vector<Card> taken = choice.must_take;
  taken.insert(taken.end(), choice.choose_from.begin(), choice.choose_from.begin() + choice.choose);
  rob(taken);
  return ActionResult::accepted();
}

// ---- Pedro and Cinch: discard, refill, rob ----

void PedroState::discard_non_trumps() {
  for (int i = 1; i <= kSeats; ++i) {
    const Seat s = (dealer_ + i) % kSeats;
    auto& hand = zones_.hands[s];
    std::vector<Card> thrown;
    for (Card c : hand) {
      if (!is_trump(c, *trump_)) thrown.push_back(c);
    }
    remove_cards(hand, thrown);
    zones_.discards[s] = thrown;
    emit({{"type", "discard"}, {"seat", s}, {"cards", cards_to_json(thrown)}});
  }
}

// Each non-dealer in turn from the dealer's left takes all it needs to hold six.
// False when the stock cannot do it (the hand is then void). The whole need is checked
// before anyone receives a card: a void hand deals nothing from the stock, so no seat
// sees stock cards of a deal that never happens (they went to a seat's own "refill"
// event and were reshuffled in the same action).
bool PedroState::refill_non_dealers() {
  int total_need = 0;
  for (int i = 1; i < kSeats; ++i) {
    const auto held = static_cast<int>(zones_.hands[(dealer_ + i) % kSeats].size());
    total_need += std::max(0, variant_.hand_size() - held);
  }
  if (total_need > static_cast<int>(zones_.stock.size())) return false;
  for (int i = 1; i < kSeats; ++i) {
    const Seat s = (dealer_ + i) % kSeats;
    auto& hand = zones_.hands[s];
    const int need = std::max(0, variant_.hand_size() - static_cast<int>(hand.size()));
    std::vector<Card> given(zones_.stock.begin(), zones_.stock.begin() + need);
    zones_.stock.erase(zones_.stock.begin(), zones_.stock.begin() + need);
    hand.insert(hand.end(), given.begin(), given.end());
    received_[s] = need;
    emit({{"type", "refill"}, {"seat", s}, {"cards", cards_to_json(given)}}, Audience::only(s));
    emit({{"type", "refill"}, {"seat", s}, {"count", need}}, Audience::all_but(s));
  }
  return true;
}

void PedroState::void_deal() {
  emit({{"type", "void_deal"}, {"reason", "the stock cannot refill the players"}});
  record_round({{"round", deals_}, {"dealer", dealer_}, {"void", true}});
  deal(std::nullopt);  // the same dealer deals again
}

RobChoice PedroState::rob_choice() const {
  RobChoice choice;
  std::vector<Card> trumps;
  std::vector<Card> plain;
  for (Card c : zones_.stock) (is_trump(c, *trump_) ? trumps : plain).push_back(c);
  sort_strongest_first(trumps, *trump_, variant_);
  sort_strongest_first(plain, *trump_, variant_);
  const int held = static_cast<int>(zones_.hands[dealer_].size());
  const int need = std::max(0, variant_.hand_size() - held);
  const int n_trumps = static_cast<int>(trumps.size());
  if (variant_.robbing == Robbing::kEveryTrump || n_trumps <= need) {
    // Every trump (Pedro: even past six), then non-trumps up to six.
    choice.must_take = trumps;
    choice.choose_from = plain;
    choice.choose = std::min(std::max(0, need - n_trumps), static_cast<int>(plain.size()));
  } else {
    // Cinch with more trumps than room: the dealer picks which trumps to take.
    choice.choose_from = trumps;
    choice.choose = need;
  }
  return choice;
}

std::optional<Error> PedroState::check_rob(const std::vector<Card>& cards) const {
  for (Card c : cards) {
    if (!contains(zones_.stock, c)) {
      return Error{"card_not_in_stock", c.str() + " is not in the stock"};
    }
  }
  const RobChoice choice = rob_choice();
  const int listed_trumps = count_trumps(cards, *trump_);
  const int listed_plain = static_cast<int>(cards.size()) - listed_trumps;
  const int must = static_cast<int>(choice.must_take.size());
  if (variant_.robbing == Robbing::kEveryTrump) {
    if (listed_trumps > 0 && listed_trumps < must) {
      return Error{"rob_leaves_trump", "the dealer takes every trump in the stock"};
    }
    if (listed_plain != choice.choose) {
      return Error{"rob_wrong_count",
                   "choose " + std::to_string(choice.choose) + " non-trump(s) to reach six"};
    }
    return std::nullopt;
  }
  const int total = must + choice.choose;
  if (static_cast<int>(cards.size()) != total) {
    return Error{"rob_wrong_count", "take " + std::to_string(total) + " card(s) to reach six"};
  }
  const int trumps_that_fit = std::min(total, count_trumps(zones_.stock, *trump_));
  if (listed_trumps < trumps_that_fit) {
    return Error{"rob_skips_trump", "take trumps first: a trump of the stock still fits"};
  }
  return std::nullopt;
}

ActionResult PedroState::on_rob(Seat seat, const Json& action) {
  if (phase_ != Phase::kRob) {
    return ActionResult::rejected("wrong_phase", "the dealer robs after the refill");
  }
  if (seat != dealer_) return ActionResult::rejected("not_your_turn", "only the dealer robs");
  auto cards = parse_cards_field(action, "cards");
  if (!cards) return ActionResult::rejected(cards.error().code, cards.error().message);
  if (auto err = check_rob(*cards)) return ActionResult::rejected(err->code, err->message);
  std::vector<Card> taken = *cards;
  if (variant_.robbing == Robbing::kEveryTrump) {
    for (Card c : rob_choice().must_take) {
      if (!contains(taken, c)) taken.push_back(c);
    }
  }
  rob(taken);
  return ActionResult::accepted();
}

void PedroState::rob(const std::vector<Card>& cards) {
  remove_cards(zones_.stock, cards);
  auto& hand = zones_.hands[dealer_];
  hand.insert(hand.end(), cards.begin(), cards.end());
  received_[dealer_] = static_cast<int>(cards.size());
  emit({{"type", "rob"}, {"seat", dealer_}, {"cards", cards_to_json(cards)}},
       Audience::only(dealer_));
  emit({{"type", "rob"}, {"seat", dealer_}, {"count", cards.size()}}, Audience::all_but(dealer_));
  if (variant_.robbing == Robbing::kUpToSix) {
    // Cinch: trumps the dealer could not use stay face up, out of play.
    for (Card c : zones_.stock) {
      if (is_trump(c, *trump_)) zones_.table.push_back(c);
    }
    remove_cards(zones_.stock, zones_.table);
    if (!zones_.table.empty()) {
      emit({{"type", "unused_trumps"}, {"cards", cards_to_json(zones_.table)}});
    }
    begin_cinch_excess();
    return;
  }
  begin_play();
}

// Cinch: more than six trumps after the refill → discard the excess, non-point trumps.
void PedroState::begin_cinch_excess() {
  for (Seat s = 0; s < kSeats; ++s) {
    const auto& hand = zones_.hands[s];
    const int excess = static_cast<int>(hand.size()) - variant_.hand_size();
    if (excess <= 0) continue;
    std::vector<Card> allowed;
    for (Card c : hand) {
      if (!is_point_card(c, *trump_, variant_)) allowed.push_back(c);
    }
    set_discard(s, excess, allowed);
  }
  end_discards();
}

// ---- King Pedro: kitty and discards ----

void PedroState::take_kitty() {
  auto& hand = zones_.hands[declarer_];
  emit({{"type", "kitty"}, {"seat", declarer_}, {"cards", cards_to_json(zones_.kitty)}},
       Audience::only(declarer_));
  emit({{"type", "kitty"}, {"seat", declarer_}, {"count", zones_.kitty.size()}},
       Audience::all_but(declarer_));
  received_[declarer_] = static_cast<int>(zones_.kitty.size());
  hand.insert(hand.end(), zones_.kitty.begin(), zones_.kitty.end());
  zones_.kitty.clear();
}

// Down to six, non-trumps first; with more than six trumps every non-trump goes and
// the excess trumps are dumped at the first trick.
void PedroState::begin_king_pedro_discards() {
  for (Seat s = 0; s < kSeats; ++s) {
    std::vector<Card> plain;
    for (Card c : zones_.hands[s]) {
      if (!is_trump(c, *trump_)) plain.push_back(c);
    }
    const int over = static_cast<int>(zones_.hands[s].size()) - variant_.hand_size();
    set_discard(s, std::min(over, static_cast<int>(plain.size())), plain);
  }
  end_discards();
}

// A seat owes `count` discards from `choose_from`; with no choice they are made now
// (and revealed with the others when the phase ends).
void PedroState::set_discard(Seat seat, int count, std::vector<Card> choose_from) {
  if (count <= 0) return;
  if (static_cast<int>(choose_from.size()) == count) {
    remove_cards(zones_.hands[seat], choose_from);
    zones_.pending[seat] = std::move(choose_from);
    return;
  }
  to_discard_[seat] = count;
  discard_from_[seat] = std::move(choose_from);
  choosing_[seat] = true;
}

std::optional<Error> PedroState::check_discard(Seat seat, const std::vector<Card>& cards) const {
  for (Card c : cards) {
    if (!contains(zones_.hands[seat], c)) {
      return Error{"card_not_held", "you do not hold " + c.str()};
    }
  }
  if (static_cast<int>(cards.size()) != to_discard_[seat]) {
    return Error{"discard_wrong_count", "discard exactly " + std::to_string(to_discard_[seat])};
  }
  for (Card c : cards) {
    if (contains(discard_from_[seat], c)) continue;
    if (variant_.robbing == Robbing::kNone) {
      return Error{"discard_trump", c.str() + " is a trump: discard non-trumps first"};
    }
    return Error{"discard_point_card", c.str() + " scores: discard non-point trumps"};
  }
  return std::nullopt;
}

ActionResult PedroState::on_discard(Seat seat, const Json& action) {
  if (phase_ != Phase::kDiscard) {
    return ActionResult::rejected("wrong_phase", "there is nothing to discard now");
  }
  if (!choosing_[seat]) {
    return ActionResult::rejected("not_your_turn", "you have no discard to make");
  }
  auto cards = parse_cards_field(action, "cards");
  if (!cards) return ActionResult::rejected(cards.error().code, cards.error().message);
  if (auto err = check_discard(seat, *cards)) {
    return ActionResult::rejected(err->code, err->message);
  }
  remove_cards(zones_.hands[seat], *cards);
  zones_.pending[seat] = *cards;
  choosing_[seat] = false;
  to_discard_[seat] = 0;
  discard_from_[seat].clear();
  emit({{"type", "discard_chosen"}, {"seat", seat}, {"cards", cards_to_json(*cards)}},
       Audience::only(seat));
  emit({{"type", "discard_chosen"}, {"seat", seat}, {"count", cards->size()}},
       Audience::all_but(seat));
  end_discards();
  return ActionResult::accepted();
}

// When nobody is still choosing, every discard is turned face up and play begins.
void PedroState::end_discards() {
  if (std::any_of(choosing_.begin(), choosing_.end(), [](bool b) { return b; })) {
    phase_ = Phase::kDiscard;
    turn_ = -1;
    return;
  }
  for (Seat s = 0; s < kSeats; ++s) {
    if (zones_.pending[s].empty()) continue;
    emit({{"type", "discard"}, {"seat", s}, {"cards", cards_to_json(zones_.pending[s])}});
    auto& face_up = zones_.discards[s];
    face_up.insert(face_up.end(), zones_.pending[s].begin(), zones_.pending[s].end());
    zones_.pending[s].clear();
  }
  begin_play();
}

}  // namespace parlor::pedro
