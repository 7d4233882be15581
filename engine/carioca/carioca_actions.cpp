// The actions of a Carioca round (carioca_state.hpp): cut, draw, claims in the steal
// window, lowering contracts, laying off and discarding.
#include <algorithm>

#include "engine/carioca/carioca_scoring.hpp"
#include "engine/carioca/carioca_state.hpp"

namespace parlor::carioca {
namespace {

ActionResult reject(std::string code, std::string message) {
  return ActionResult::rejected(std::move(code), std::move(message));
}

ActionResult bad_action(const std::string& message) { return reject("bad_action", message); }

// Removes one copy of each of `cards` from `hand`; false (hand unchanged) if one is missing.
bool remove_cards(std::vector<Card>& hand, const std::vector<Card>& cards) {
  std::vector<Card> rest = hand;
  for (Card card : cards) {
    auto it = std::find(rest.begin(), rest.end(), card);
    if (it == rest.end()) return false;
    rest.erase(it);
  }
  hand = std::move(rest);
  return true;
}

int count_of(const std::vector<Card>& cards, Card card) {
  return static_cast<int>(std::count(cards.begin(), cards.end(), card));
}

Expected<Card> card_field(const Json& action, const char* field) {
  if (!action.contains(field) || !action[field].is_string()) {
    return Error{"bad_action", std::string("\"") + field + "\" must be a card string"};
  }
  return parse_card(action[field].get<std::string>());
}

}  // namespace

// ------------------------------------------------------------------------- the actions

ActionResult CariocaState::apply_action(Seat seat, const Json& action) {
  const std::string type = action["type"].get<std::string>();
  if (type == "steal" || type == "decline") return do_claim(seat, type == "steal");
  static const std::vector<std::string> kTurnActions = {"cut", "draw", "lower", "lay_off",
                                                        "discard"};
  if (std::find(kTurnActions.begin(), kTurnActions.end(), type) == kTurnActions.end()) {
    return reject("unknown_action", "Carioca has no action '" + type + "'");
  }
  if (auto refused = check_turn_action(seat, type)) return *refused;
  if (type == "cut") return do_cut(seat, action);
  if (type == "draw") return do_draw(seat, action);
  if (type == "lower") return do_lower(seat, action);
  if (type == "lay_off") return do_lay_off(seat, action);
  return do_discard(seat, action);
}

std::optional<ActionResult> CariocaState::check_turn_action(Seat seat,
                                                            const std::string& type) const {
  if (phase_ == Phase::kStealWindow) {
    if (seat == turn_) {
      return reject("steal_window_open",
                    "wait until the others have stolen or declined the discard");
    }
    return reject("not_your_turn", "it is seat " + std::to_string(turn_) + "'s turn");
  }
  if (seat != turn_) {
    return reject("not_your_turn", "it is seat " + std::to_string(turn_) + "'s turn");
  }
  if (phase_ == Phase::kCut) {
    if (type != "cut") return reject("wrong_phase", "cut the deck first");
    return std::nullopt;
  }
  if (type == "cut") return reject("wrong_phase", "the deck has been cut");
  if (phase_ == Phase::kDraw && type != "draw") {
    return reject("wrong_phase", "draw first, from the stock or the discard pile");
  }
  if (phase_ == Phase::kPlay && type == "draw") {
    return reject("must_discard", "you have drawn; end your turn by discarding a card");
  }
  return std::nullopt;
}

ActionResult CariocaState::do_cut(Seat seat, const Json& action) {
  const int deck_size = 108;
  if (!action.contains("size") || !action["size"].is_number_integer() || action["size"] < 1 ||
      action["size"] >= deck_size) {
    return reject("bad_cut", "\"size\" is the number of cards to leave, 1 to 107");
  }
  int size = action["size"].get<int>();
  bool exact = size == seats_ * contract().hand_size + 1;
  if (exact) cut_points_[seat] -= 10;
  emit({{"type", "cut"}, {"seat", seat}, {"size", size}, {"bonus", exact ? -10 : 0}});
  begin_play();
  return ActionResult::accepted();
}

ActionResult CariocaState::do_draw(Seat seat, const Json& action) {
  // value("from", "") would throw on a "from" that is not a string (found by fuzz_engine).
  const auto from_it = action.find("from");
  if (from_it != action.end() && !from_it->is_string()) {
    return bad_action("\"from\" must be \"stock\" or \"discard\"");
  }
  const std::string from = from_it != action.end() ? from_it->get<std::string>() : "";
  if (from == "discard") {
    if (discards_.empty()) return reject("empty_discard", "the discard pile is empty");
    Card card = discards_.back();
    if (std::all_of(hands_[seat].begin(), hands_[seat].end(), [&](Card c) { return c == card; })) {
      return reject("no_discard_left", "you hold only copies of " + card.str() +
                                           " and could not discard after taking it");
    }
    discards_.pop_back();
    hands_[seat].push_back(card);
    taken_ = card;
    top_discarder_.reset();
    phase_ = Phase::kPlay;
    emit_written([&](JsonWriter& out) {
      out.member("type", "draw");
      out.member("seat", seat);
      out.member("from", "discard");
      out.member("card", card);
    });
    return ActionResult::accepted();
  }
  if (from != "stock") return bad_action("\"from\" must be \"stock\" or \"discard\"");
  Card card = stock_.back();
  stock_.pop_back();
  hands_[seat].push_back(card);
  // The drawer sees the card; everyone else, that one came from the stock.
  for (const bool own : {true, false}) {
    emit_written(
        [&](JsonWriter& out) {
          out.member("type", "draw");
          out.member("seat", seat);
          out.member("from", "stock");
          if (own) out.member("card", card);
        },
        own ? Audience::only(seat) : Audience::all_but(seat));
  }
  open_steal_window();
  return ActionResult::accepted();
}

// Only a card just discarded can be stolen (not the deal's upcard): the rules speak of
// "a card discarded", and the discarder and the player drawing take no part.
void CariocaState::open_steal_window() {
  phase_ = Phase::kPlay;
  if (!top_discarder_ || discards_.empty()) return;
  StealWindow window;
  window.card = discards_.back();
  window.discarder = *top_discarder_;
  top_discarder_.reset();
  for (Seat s = right_of(turn_); s != turn_; s = right_of(s)) {
    if (s != window.discarder) window.order.push_back(s);
  }
  if (window.order.empty()) return;
  emit({{"type", "steal_window"},
        {"card", window.card.str()},
        {"discarder", window.discarder},
        {"order", window.order}});
  window_ = std::move(window);
  phase_ = Phase::kStealWindow;
}

void CariocaState::close_steal_window() {
  window_.reset();
  phase_ = Phase::kPlay;
}

ActionResult CariocaState::do_claim(Seat seat, bool steal) {
  if (phase_ != Phase::kStealWindow || !window_) {
    return reject("no_steal_window", "there is no discard to steal now");
  }
  const StealWindow& window = *window_;
  if (std::find(window.order.begin(), window.order.end(), seat) == window.order.end()) {
    return reject("not_eligible", "the discarder and the player drawing may not steal this card");
  }
  if (window.has_declined(seat)) return reject("already_declined", "you have declined this card");
  if (!steal) {
    window_->declined.push_back(seat);
    emit_written([&](JsonWriter& out) {
      out.member("type", "decline");
      out.member("seat", seat);
    });
    if (window_->declined.size() == window_->order.size()) close_steal_window();
    return ActionResult::accepted();
  }
  if (!window.may_claim(seat)) {
    return reject("claim_out_of_order",
                  "a player before you in turn order has not declined the card yet");
  }
  Card card = discards_.back();
  discards_.pop_back();
  hands_[seat].push_back(card);
  ++steals_[seat];
  emit({{"type", "steal"}, {"seat", seat}, {"card", card.str()}, {"penalty", 2}});
  close_steal_window();
  return ActionResult::accepted();
}

ActionResult CariocaState::do_lower(Seat seat, const Json& action) {
  if (lowered(seat)) {
    return reject("already_lowered",
                  "you have lowered this round; you may only lay off, never start a new meld");
  }
  if (!action.contains("melds") || !action["melds"].is_array()) {
    return bad_action("\"melds\" must be a list of melds, each a list of cards");
  }
  std::vector<Meld> melds;
  std::vector<Card> all_cards;
  for (const Json& item : action["melds"]) {
    if (!item.is_array()) return bad_action("each meld must be a list of cards");
    auto cards = parse_card_array(item);
    if (!cards) return reject(cards.error().code, cards.error().message);
    all_cards.insert(all_cards.end(), cards->begin(), cards->end());
    auto meld = new_meld(*cards, options_.meld_rules());
    if (!meld) return reject(meld.error().code, meld.error().message);
    melds.push_back(std::move(*meld));
  }
  std::vector<Card> rest = hands_[seat];
  if (!remove_cards(rest, all_cards)) {
    return reject("card_not_held", "you do not hold all of " + cards_to_string(all_cards));
  }
  if (auto err = check_contract(melds, contract())) return reject(err->code, err->message);
  if (contract().go_out && !(rest.empty() || (rest.size() == 1 && can_still_discard(rest)))) {
    return reject("must_go_out",
                  "in rounds 7 and 8 you may lower only if you go out this turn (keep at most "
                  "one card to discard)");
  }
  if (!can_still_discard(rest)) {
    return reject("no_discard_left",
                  "you would keep only the card you took, which you may "
                  "not discard this turn");
  }
  hands_[seat] = std::move(rest);
  lowered_turn_[seat] = turn_number_;
  Json shown = Json::array();
  for (Meld& meld : melds) {
    shown.push_back(meld_json(meld));
    melds_[seat].push_back(std::move(meld));
  }
  emit({{"type", "lower"}, {"seat", seat}, {"melds", shown}});
  after_hand_shrank(seat);
  return ActionResult::accepted();
}

ActionResult CariocaState::do_lay_off(Seat seat, const Json& action) {
  if (!lowered(seat)) {
    return reject("not_lowered", "lower your contract before laying off cards");
  }
  if (lowered_turn_[seat] == turn_number_) {
    return reject("lowered_this_turn", "lay off only on a turn after the one you lowered in");
  }
  if (!action.contains("seat") || !action["seat"].is_number_integer() || !action.contains("meld") ||
      !action["meld"].is_number_integer()) {
    return bad_action("lay_off needs \"seat\" and \"meld\" (whole numbers) and \"card\"");
  }
  int owner = action["seat"].get<int>();
  int index = action["meld"].get<int>();
  if (owner < 0 || owner >= seats_ || index < 0 ||
      index >= static_cast<int>(melds_[owner].size())) {
    return reject("no_such_meld", "there is no meld " + std::to_string(index) + " of seat " +
                                      std::to_string(owner));
  }
  std::optional<End> end;
  if (action.contains("end")) {
    if (action["end"] == "low") {
      end = End::kLow;
    } else if (action["end"] == "high") {
      end = End::kHigh;
    } else {
      return bad_action("\"end\" must be \"low\" or \"high\"");
    }
  }
  auto card = card_field(action, "card");
  if (!card) return reject(card.error().code, card.error().message);
  std::vector<Card> rest = hands_[seat];
  if (!remove_cards(rest, {*card}))
    return reject("card_not_held", "you do not hold " + card->str());
  auto grown = lay_off(melds_[owner][index], *card, end, options_.meld_rules());
  if (!grown) return reject(grown.error().code, grown.error().message);
  if (!can_still_discard(rest)) {
    return reject("no_discard_left",
                  "you would keep only the card you took, which you may "
                  "not discard this turn");
  }
  hands_[seat] = std::move(rest);
  melds_[owner][index] = std::move(*grown);
  emit({{"type", "lay_off"},
        {"seat", seat},
        {"owner", owner},
        {"meld", index},
        {"card", card->str()},
        {"result", meld_json(melds_[owner][index])}});
  after_hand_shrank(seat);
  return ActionResult::accepted();
}

ActionResult CariocaState::do_discard(Seat seat, const Json& action) {
  auto card = card_field(action, "card");
  if (!card) return reject(card.error().code, card.error().message);
  if (count_of(hands_[seat], *card) == 0) {
    return reject("card_not_held", "you do not hold " + card->str());
  }
  if (!may_discard(seat, *card)) {
    return reject("discard_taken_card",
                  "you may not discard the card you took from the discard pile this turn");
  }
  remove_cards(hands_[seat], {*card});
  discards_.push_back(*card);
  top_discarder_ = seat;
  emit_written([&](JsonWriter& out) {
    out.member("type", "discard");
    out.member("seat", seat);
    out.member("card", *card);
  });
  if (hands_[seat].empty()) {
    end_round(seat);
  } else {
    begin_turn(right_of(seat));
  }
  return ActionResult::accepted();
}

void CariocaState::after_hand_shrank(Seat seat) {
  if (hands_[seat].empty()) end_round(seat);
}

// ------------------------------------------------------------------- discard helpers

// "A card taken from the discard pile this turn may not be discarded in the same turn":
// nor may an identical copy, or taking and throwing back would only be disguised.
bool CariocaState::may_discard(Seat seat, Card card) const {
  return count_of(hands_[seat], card) > 0 && !(taken_ && *taken_ == card);
}

bool CariocaState::can_still_discard(const std::vector<Card>& hand) const {
  if (hand.empty()) return true;
  return std::any_of(hand.begin(), hand.end(),
                     [&](Card card) { return !(taken_ && *taken_ == card); });
}

}  // namespace parlor::carioca
