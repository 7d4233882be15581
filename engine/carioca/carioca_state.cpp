// The round's flow and the actions. Views, legal moves and default actions are in
// carioca_view.cpp.
#include "engine/carioca/carioca_state.hpp"

#include <algorithm>

#include "engine/carioca/carioca_scoring.hpp"
#include "engine/core/deck.hpp"
#include "engine/core/fixed_deal.hpp"

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

std::string phase_name(Phase phase) {
  switch (phase) {
    case Phase::kCut:
      return "cut";
    case Phase::kDraw:
      return "draw";
    case Phase::kStealWindow:
      return "steal_window";
    case Phase::kPlay:
      return "play";
    case Phase::kOver:
      return "over";
  }
  return "over";
}

bool StealWindow::has_declined(Seat seat) const {
  return std::find(declined.begin(), declined.end(), seat) != declined.end();
}

bool StealWindow::may_claim(Seat seat) const {
  for (Seat earlier : order) {
    if (earlier == seat) return true;
    if (!has_declined(earlier)) return false;
  }
  return false;
}

TableOptions TableOptions::from_json(const Json& options) {
  TableOptions out;
  out.straight_wrap = options.value("straight_wrap", out.straight_wrap);
  out.flat_low_cards = options.value("flat_low_cards", out.flat_low_cards);
  out.joker_value = options.value("joker_value", out.joker_value);
  out.cut_bonus = options.value("cut_bonus", out.cut_bonus);
  out.steal_window_ms = options.value("steal_window_ms", out.steal_window_ms);
  out.stock_reshuffles = options.value("stock_reshuffles", out.stock_reshuffles);
  out.first_round = options.value("first_round", out.first_round);
  return out;
}

CariocaState::CariocaState(TableOptions options, int seats, Seed seed, Seat dealer)
    : options_(options),
      seats_(seats),
      seed_(seed),
      rng_(seed, 0),
      round_(options.first_round),
      dealer_(dealer) {
  rounds_out_.assign(seats_, 0);
}

std::optional<Error> CariocaState::start(const std::optional<Json>& setup) { return deal(setup); }

std::unique_ptr<GameState> CariocaState::clone() const {
  return std::make_unique<CariocaState>(*this);
}

// ---------------------------------------------------------------------------- the deal

std::optional<Error> CariocaState::deal(const std::optional<Json>& setup) {
  Rng rng(seed_, static_cast<std::uint64_t>(deals_started_++));
  hands_.assign(seats_, {});
  melds_.assign(seats_, {});
  lowered_turn_.assign(seats_, -1);
  steals_.assign(seats_, 0);
  cut_points_.assign(seats_, 0);
  stock_.clear();
  discards_.clear();
  window_.reset();
  taken_.reset();
  top_discarder_.reset();
  reshuffles_ = 0;
  if (setup) {
    if (auto err = deal_fixed(*setup, rng)) return err;
  } else {
    deal_shuffled(rng);
  }
  rng_ = rng;
  emit({{"type", "deal"},
        {"round", round_},
        {"dealer", dealer_},
        {"contract", contract().describe()},
        {"upcard", discards_.empty() ? Json(nullptr) : Json(discards_.back().str())},
        {"stock_size", stock_.size()}});
  for (Seat seat = 0; seat < seats_; ++seat) {
    emit({{"type", "hand"}, {"seat", seat}, {"cards", cards_to_json(hands_[seat])}},
         Audience::only(seat));
  }
  if (options_.cut_bonus) {
    phase_ = Phase::kCut;
    turn_ = cutter();
  } else {
    begin_play();
  }
  return std::nullopt;
}

std::optional<Error> CariocaState::deal_fixed(const Json& setup, Rng& rng) {
  auto fixed = take_fixed_deal(setup, double_deck_with_jokers(), seats_, {"discard", "stock"},
                               Notation::kStandard, rng);
  if (!fixed) return fixed.error();
  if (auto err = check_hand_sizes(*fixed, static_cast<std::size_t>(contract().hand_size))) {
    return err;
  }
  hands_ = fixed->hands;
  // Piles are listed top first; the vectors keep the top at the back.
  discards_.assign(fixed->pile("discard").rbegin(), fixed->pile("discard").rend());
  std::vector<Card> top_first = fixed->pile("stock");
  top_first.insert(top_first.end(), fixed->rest.begin(), fixed->rest.end());
  stock_.assign(top_first.rbegin(), top_first.rend());
  if (discards_.empty() && !stock_.empty()) {
    discards_.push_back(stock_.back());
    stock_.pop_back();
  }
  return std::nullopt;
}

void CariocaState::deal_shuffled(Rng& rng) {
  std::vector<Card> deck = double_deck_with_jokers();
  rng.shuffle(deck);
  std::size_t next = 0;
  for (int i = 0; i < contract().hand_size; ++i) {
    // Dealt one at a time to the right, starting with the dealer's right neighbour.
    for (int k = 1; k <= seats_; ++k) {
      hands_[(dealer_ - k % seats_ + seats_) % seats_].push_back(deck[next++]);
    }
  }
  discards_.push_back(deck[next++]);
  stock_.assign(deck.rbegin(), deck.rend() - static_cast<std::ptrdiff_t>(next));
}

void CariocaState::begin_play() {
  turn_number_ = 0;
  begin_turn(right_of(dealer_));
}

// The stock is rebuilt when a turn starts with it empty (rules, "Stock runs out"); the
// table option stock_reshuffles bounds how often, so every round ends.
void CariocaState::begin_turn(Seat seat) {
  turn_ = seat;
  ++turn_number_;
  taken_.reset();
  phase_ = Phase::kDraw;
  if (!stock_.empty()) return;
  if (reshuffles_ >= options_.stock_reshuffles || discards_.size() <= 1) {
    end_round(std::nullopt);
    return;
  }
  Card top = discards_.back();
  discards_.pop_back();
  stock_ = std::move(discards_);
  discards_ = {top};
  rng_.shuffle(stock_);
  ++reshuffles_;
  emit({{"type", "reshuffle"}, {"stock_size", stock_.size()}, {"reshuffles", reshuffles_}});
}

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

// --------------------------------------------------------------------------- scoring

void CariocaState::end_round(std::optional<Seat> went_out) {
  std::vector<std::int64_t> points(seats_, 0);
  for (Seat seat = 0; seat < seats_; ++seat) {
    points[seat] = 2 * steals_[seat] + cut_points_[seat];
    if (went_out && seat == *went_out) {
      if (lowered_turn_[seat] == turn_number_) points[seat] -= 30;
      continue;
    }
    for (Card card : hands_[seat]) {
      points[seat] += card_points(card, options_.flat_low_cards, options_.joker_value);
    }
  }
  if (went_out) ++rounds_out_[*went_out];
  points_by_round_.push_back(points);
  window_.reset();
  Json summary = round_summary(went_out, points);
  const std::string& summary_text = record_round_result(summary);
  std::string event = R"({"type":"round_end","result":)";
  event += summary_text;
  event += '}';
  emit_text(std::move(event));
  if (round_ == kRounds) {
    phase_ = Phase::kOver;
    emit({{"type", "match_end"}, {"scores", scores()}, {"placings", placings()}});
    return;
  }
  ++round_;
  dealer_ = right_of(dealer_);
  deal(std::nullopt);
}

Json CariocaState::round_summary(std::optional<Seat> went_out,
                                 const std::vector<std::int64_t>& points) const {
  Json hands = Json::array();
  for (const auto& hand : hands_) hands.push_back(cards_to_json(hand));
  Json out = {{"round", round_},
              {"contract", contract().describe()},
              {"went_out", went_out ? Json(*went_out) : Json(nullptr)},
              {"ended_by", went_out ? "going_out" : "stock_exhausted"},
              {"hands", hands},
              {"steals", steals_},
              {"points", points}};
  if (went_out) out["out_bonus"] = lowered_turn_[*went_out] == turn_number_ ? -30 : 0;
  std::vector<std::int64_t> totals(seats_, 0);
  for (const auto& round_points : points_by_round_) {
    for (Seat seat = 0; seat < seats_; ++seat) totals[seat] += round_points[seat];
  }
  out["totals"] = totals;
  return out;
}

std::vector<std::int64_t> CariocaState::scores() const {
  std::vector<std::int64_t> totals(seats_, 0);
  for (const auto& points : points_by_round_) {
    for (Seat seat = 0; seat < seats_; ++seat) totals[seat] += points[seat];
  }
  if (phase_ != Phase::kOver) {  // this round's steals and cut count at once
    for (Seat seat = 0; seat < seats_; ++seat) {
      totals[seat] += 2 * steals_[seat] + cut_points_[seat];
    }
  }
  return totals;
}

std::vector<int> CariocaState::placings() const { return placings_by_total(scores(), rounds_out_); }

}  // namespace parlor::carioca
