#include "engine/perico/perico_state.hpp"

#include <algorithm>
#include <set>

#include "engine/core/deck.hpp"
#include "engine/perico/perico_strategy.hpp"

namespace parlor::perico {
namespace {

// Piles are stored top card last and shown top card first: the same reversal both ways.
std::vector<Card> reversed(const std::vector<Card>& cards) {
  return {cards.rbegin(), cards.rend()};
}

Card pop_top(std::vector<Card>& pile) {
  Card card = pile.back();
  pile.pop_back();
  return card;
}

ActionResult reject(std::string code, std::string message) {
  return ActionResult::rejected(std::move(code), std::move(message));
}

std::string_view round_end_name(bool by_knock, bool at_deal) {
  if (by_knock) return "knock";
  return at_deal ? "complete_at_deal" : "complete";
}

// Every ordered choice of `count` cards from `hand` (identical jokers counted once).
void ordered_choices(const std::vector<Card>& hand, std::size_t count, std::vector<bool>& used,
                     std::vector<Card>& chosen, std::set<std::vector<Card>>& out) {
  if (chosen.size() == count) {
    out.insert(chosen);
    return;
  }
  for (std::size_t i = 0; i < hand.size(); ++i) {
    if (used[i]) continue;
    used[i] = true;
    chosen.push_back(hand[i]);
    ordered_choices(hand, count, used, chosen, out);
    chosen.pop_back();
    used[i] = false;
  }
}

}  // namespace

PericoState::PericoState(const PericoConfig& config, int seats, const Seed& seed, Seat first_dealer)
    : config_(config), seed_(seed), rng_(seed, 0), dealer_(first_dealer) {
  hands_.assign(static_cast<std::size_t>(seats), {});
  scores_.assign(static_cast<std::size_t>(seats), 0);
}

std::optional<Error> PericoState::start(const std::optional<Json>& setup) {
  if (auto err = deal(setup)) return err;
  play_rounds_until_a_turn();
  return std::nullopt;
}

std::unique_ptr<GameState> PericoState::clone() const {
  return std::make_unique<PericoState>(*this);
}

std::vector<Card> PericoState::discard_pile() const { return reversed(pile_); }
std::vector<Card> PericoState::stock() const { return reversed(stock_); }

// ---------------------------------------------------------------------------------------
// Dealing

std::optional<Error> PericoState::deal(const std::optional<Json>& setup) {
  rng_ = Rng(seed_, static_cast<std::uint64_t>(deals_++));
  jokers_returned_ = 0;
  for (auto& hand : hands_) hand.clear();
  pile_.clear();
  stock_.clear();
  knocker_.reset();
  drawn_.reset();
  phase_ = Phase::kPlay;
  turn_ = (dealer_ + 1) % seat_count();
  if (setup) {
    if (auto err = deal_fixed(*setup, rng_)) return err;
  } else {
    deal_shuffled(rng_);
  }
  emit_deal();
  return std::nullopt;
}

void PericoState::deal_shuffled(Rng& rng) {
  stock_ = standard_deck(config_.variant->jokers);
  rng.shuffle(stock_);
  for (int round = 0; round < config_.variant->hand_size; ++round) {
    for (int i = 1; i <= seat_count(); ++i) {
      hands_[static_cast<std::size_t>((dealer_ + i) % seat_count())].push_back(pop_top(stock_));
    }
  }
  jokers_returned_ = turn_up_first_card();
}

// Setup rule (tests only): a listed discard pile may not have a joker on top, because a
// deal never leaves one there; an empty one is turned up from the stock as in a deal.
std::optional<Error> PericoState::deal_fixed(const Json& setup, Rng& rng) {
  auto fixed = take_fixed_deal(setup, standard_deck(config_.variant->jokers), seat_count(),
                               {"discard", "stock"}, Notation::kStandard, rng);
  if (!fixed) return fixed.error();
  if (auto err = check_hand_sizes(*fixed, static_cast<std::size_t>(config_.variant->hand_size))) {
    return err;
  }
  hands_ = fixed->hands;
  std::vector<Card> stock_top_first = fixed->pile("stock");
  stock_top_first.insert(stock_top_first.end(), fixed->rest.begin(), fixed->rest.end());
  stock_ = reversed(stock_top_first);
  pile_ = reversed(fixed->pile("discard"));
  if (pile_.empty()) {
    if (stock_.empty()) return Error{"bad_setup", "there is no card to turn up for the pile"};
    jokers_returned_ = turn_up_first_card();
  } else if (pile_.back().is_joker()) {
    return Error{"bad_setup",
                 "the discard pile cannot start with a joker on top (a deal re-turns it)"};
  }
  return std::nullopt;
}

// Turns the stock's top card face up; a joker goes back, the stock is reshuffled and
// another card is turned, as often as needed. Returns how many jokers went back.
int PericoState::turn_up_first_card() {
  int returned = 0;
  pile_.push_back(pop_top(stock_));
  while (pile_.back().is_joker()) {
    const bool only_jokers =
        std::all_of(stock_.begin(), stock_.end(), [](Card c) { return c.is_joker(); });
    if (only_jokers) break;  // unreachable: hands never hold enough cards for this
    stock_.push_back(pop_top(pile_));
    rng_.shuffle(stock_);
    pile_.push_back(pop_top(stock_));
    ++returned;
  }
  return returned;
}

void PericoState::emit_deal() {
  emit_written([&](JsonWriter& out) {
    out.member("type", "deal");
    out.member("round", round_);
    out.member("dealer", dealer_);
    out.member("turn", turn_);
    out.key("discard_pile");
    out.cards(pile_.rbegin(), pile_.rend());
    out.member("stock_size", stock_.size());
    out.member("jokers_returned", jokers_returned_);
  });
  for (Seat seat = 0; seat < seat_count(); ++seat) {
    emit_written(
        [&](JsonWriter& out) {
          out.member("type", "hand");
          out.member("seat", seat);
          out.key("cards");
          out.cards(hands_[seat]);
        },
        Audience::only(seat));
  }
}

void PericoState::play_rounds_until_a_turn() {
  while (phase_ != Phase::kOver && anyone_complete()) end_round(RoundEnd::kComplete, true);
}

// ---------------------------------------------------------------------------------------
// Moves

ActionResult PericoState::apply_action(Seat seat, const Json& action) {
  const std::string type = action["type"].get<std::string>();
  if (type == "draw") return draw(seat);
  if (type == "discard") return discard(seat, action);
  if (type == "take") return take(seat, action);
  if (type == "knock") return knock(seat);
  return reject("unknown_action",
                "Perico has no action '" + type + "' (draw, discard, take, knock)");
}

ActionResult PericoState::check_play_turn(Seat seat) const {
  if (seat != turn_) {
    return reject("not_your_turn", "it is seat " + std::to_string(turn_) + "'s turn");
  }
  if (phase_ == Phase::kDiscard) {
    return reject("discard_due", "you drew a card: discard one before anything else");
  }
  return ActionResult::accepted();
}

ActionResult PericoState::draw(Seat seat) {
  if (auto check = check_play_turn(seat); !check.ok()) return check;
  if (stock_.empty()) {
    return reject("stock_empty", "the stock is empty: take from the discard pile or knock");
  }
  Card card = pop_top(stock_);
  hands_[seat].push_back(card);
  drawn_ = card;
  phase_ = Phase::kDiscard;
  // The drawer sees the card; everyone else, that a card was drawn.
  for (const bool own : {true, false}) {
    emit_written(
        [&](JsonWriter& out) {
          out.member("type", "draw");
          out.member("seat", seat);
          if (own) out.member("card", card);
          out.member("stock_size", stock_.size());
        },
        own ? Audience::only(seat) : Audience::all_but(seat));
  }
  return ActionResult::accepted();
}

ActionResult PericoState::discard(Seat seat, const Json& action) {
  if (seat != turn_) {
    return reject("not_your_turn", "it is seat " + std::to_string(turn_) + "'s turn");
  }
  if (phase_ != Phase::kDiscard) {
    return reject("wrong_phase",
                  "discard comes right after a draw; a take names its discards itself");
  }
  if (!action.contains("card") || !action["card"].is_string()) {
    return reject("bad_action", "a discard needs \"card\", such as \"7C\"");
  }
  auto card = parse_card(action["card"].get<std::string>());
  if (!card) return reject(card.error().code, card.error().message);
  auto& hand = hands_[seat];
  auto it = std::find(hand.begin(), hand.end(), *card);
  if (it == hand.end()) return reject("card_not_held", "you do not hold " + card->str());
  hand.erase(it);
  drawn_.reset();
  phase_ = Phase::kPlay;
  place_on_pile(*card);
  emit_written([&](JsonWriter& out) {
    out.member("type", "discard");
    out.member("seat", seat);
    out.member("card", *card);
  });
  reshuffle_if_joker_on_top(seat);
  complete_turn(seat);
  return ActionResult::accepted();
}

ActionResult PericoState::take(Seat seat, const Json& action) {
  if (auto check = check_play_turn(seat); !check.ok()) return check;
  if (!action.contains("count") || !action["count"].is_number_integer()) {
    return reject("bad_action", "a take needs \"count\", a whole number");
  }
  if (!action.contains("discard") || !action["discard"].is_array()) {
    return reject("bad_action", "a take needs \"discard\", the list of cards placed");
  }
  const std::int64_t count = action["count"].get<std::int64_t>();
  const int max = take_max(seat);
  if (count < 1 || count > max) {
    return reject("bad_take_count", "you may take 1 to " + std::to_string(max) +
                                        " cards now, not " + std::to_string(count));
  }
  auto discards = parse_card_array(action["discard"]);
  if (!discards) return reject(discards.error().code, discards.error().message);
  if (static_cast<std::int64_t>(discards->size()) != count) {
    return reject("wrong_discard_count", "taking " + std::to_string(count) + " cards means " +
                                             "discarding " + std::to_string(count) + ", not " +
                                             std::to_string(discards->size()));
  }
  std::vector<Card> taken(pile_.rbegin(), pile_.rbegin() + count);  // top first
  if (auto err = check_take_discards(hands_[seat], taken, *discards)) {
    return reject(err->code, err->message);
  }
  std::vector<Card> hand = remove_cards(hands_[seat], *discards);
  hand.insert(hand.end(), taken.begin(), taken.end());
  hands_[seat] = std::move(hand);
  pile_.resize(pile_.size() - static_cast<std::size_t>(count));
  for (Card card : *discards) place_on_pile(card);
  emit_written([&](JsonWriter& out) {
    out.member("type", "take");
    out.member("seat", seat);
    out.member("count", count);
    out.key("taken");
    out.cards(taken);
    out.key("discard");
    out.cards(*discards);
  });
  reshuffle_if_joker_on_top(seat);
  complete_turn(seat);
  return ActionResult::accepted();
}

ActionResult PericoState::knock(Seat seat) {
  if (auto check = check_play_turn(seat); !check.ok()) return check;
  if (knocker_) {
    return reject("knock_running",
                  "seat " + std::to_string(*knocker_) + " has knocked; draw or take");
  }
  if (!may_knock()) {
    return reject("knock_below_threshold",
                  "knocking needs " + std::to_string(config_.variant->knock_threshold) +
                      " cards in the discard pile; it holds " + std::to_string(pile_.size()));
  }
  knocker_ = seat;
  emit_written([&](JsonWriter& out) {
    out.member("type", "knock");
    out.member("seat", seat);
  });
  complete_turn(seat);
  return ActionResult::accepted();
}

void PericoState::place_on_pile(Card card) { pile_.push_back(card); }

// A joker left on top: pile and stock are shuffled together and a card turned up (jokers
// re-turned); a running knock is cancelled. A joker lower in the pile does nothing.
void PericoState::reshuffle_if_joker_on_top(Seat seat) {
  if (pile_.empty() || !pile_.back().is_joker()) return;
  stock_.insert(stock_.end(), pile_.begin(), pile_.end());
  pile_.clear();
  rng_.shuffle(stock_);
  const int returned = turn_up_first_card();
  const bool cancelled = knocker_.has_value();
  emit({{"type", "reshuffle"},
        {"seat", seat},
        {"top", pile_.back().str()},
        {"stock_size", stock_.size()},
        {"jokers_returned", returned},
        {"knock_cancelled", cancelled}});
  knocker_.reset();
}

// After every completed turn: a complete hand ends the round at once; otherwise the turn
// passes left, and a knock phase ends when the turn comes back to the knocker.
void PericoState::complete_turn(Seat seat) {
  if (anyone_complete()) {
    end_round(RoundEnd::kComplete, false);
    play_rounds_until_a_turn();
    return;
  }
  turn_ = (seat + 1) % seat_count();
  if (!knocker_ || turn_ != *knocker_) return;
  if (static_cast<int>(pile_.size()) >= config_.variant->knock_threshold) {
    end_round(RoundEnd::kKnock, false);
    play_rounds_until_a_turn();
    return;
  }
  // Unreachable in play (draws only grow the pile, takes keep it, and a reshuffle
  // cancels the knock), but the rule says so: the knock is void and play goes on.
  emit({{"type", "knock_void"}, {"seat", *knocker_}, {"pile_size", pile_.size()}});
  knocker_.reset();
}

// ---------------------------------------------------------------------------------------
// Round and match end

bool PericoState::anyone_complete() const {
  return std::any_of(hands_.begin(), hands_.end(),
                     [](const std::vector<Card>& hand) { return rank_hand(hand).complete; });
}

void PericoState::end_round(RoundEnd how, bool at_deal) {
  Showdown showdown = compare_hands(hands_, config_.scoring);
  for (Seat seat = 0; seat < seat_count(); ++seat) scores_[seat] += showdown.points[seat];
  // The event is the result with its type: written from the result's text, not a copy
  // of its tree.
  const std::string& result_text =
      record_round_result_text(write_round_result(showdown, how, at_deal));
  std::string event = R"({"type":"round_end",)";
  event.append(result_text, 1);
  emit_text(std::move(event));
  knocker_.reset();
  drawn_.reset();
  if (match_finished(scores_, config_.target)) {
    phase_ = Phase::kOver;
    auto best = std::max_element(scores_.begin(), scores_.end());
    emit({{"type", "match_end"}, {"winner", best - scores_.begin()}, {"scores", scores_}});
    return;
  }
  dealer_ = showdown.winner.value_or((dealer_ + 1) % seat_count());
  ++round_;
  deal(std::nullopt);
}

// The round's result, written rather than built as a tree (a round of Perico ends every
// few dozen moves, and the tree cost more than a move): {"dealer", "drawn", "hands":
// [{"cards", "category", "complete", "jokers", "seat"}], "knocker", "points", "reason",
// "round", "scores", "winner"}, members in the order a tree of them was dumped in, so the
// journal's text is as it was. After the round's points are added to the scores.
std::string PericoState::write_round_result(const Showdown& showdown, RoundEnd how,
                                            bool at_deal) const {
  std::string text;
  text.reserve(160 + 120 * hands_.size());
  JsonWriter out(text);
  out.begin_object();
  out.member("dealer", dealer_);
  out.member("drawn", !showdown.winner.has_value());
  out.key("hands");
  out.begin_array();
  for (Seat seat = 0; seat < seat_count(); ++seat) {
    const hands::HandRank& rank = showdown.ranks[seat];
    out.begin_object();
    out.key("cards");
    out.cards(hands_[seat]);
    out.member("category", hands::category_name(rank.category));
    out.member("complete", rank.complete);
    out.member("jokers", rank.jokers);
    out.member("seat", seat);
    out.end_object();
  }
  out.end_array();
  out.key("knocker");
  if (knocker_) {
    out.value(*knocker_);
  } else {
    out.value(nullptr);
  }
  out.key("points");
  out.begin_array();
  for (std::int64_t points : showdown.points) out.value(points);
  out.end_array();
  out.member("reason", round_end_name(how == RoundEnd::kKnock, at_deal));
  out.member("round", round_);
  out.key("scores");
  out.begin_array();
  for (std::int64_t score : scores_) out.value(score);
  out.end_array();
  out.key("winner");
  if (showdown.winner) {
    out.value(*showdown.winner);
  } else {
    out.value(nullptr);
  }
  out.end_object();
  return text;
}

// ---------------------------------------------------------------------------------------
// Who acts, legal moves, default

Waiting PericoState::waiting() const {
  if (phase_ == Phase::kOver) return {};
  return {WaitMode::kTurn, {turn_}};
}

int PericoState::take_max(Seat seat) const {
  const std::size_t held = hands_[seat].size();
  return static_cast<int>(std::min(held, pile_.size()));
}

bool PericoState::may_knock() const {
  return !knocker_ && static_cast<int>(pile_.size()) >= config_.variant->knock_threshold;
}

LegalActions PericoState::legal_actions(Seat seat) const {
  LegalActions legal;
  if (phase_ == Phase::kOver || seat != turn_) return legal;
  const std::vector<Card>& hand = hands_[seat];
  if (phase_ == Phase::kDiscard) {
    std::set<Card> distinct(hand.begin(), hand.end());
    for (Card card : distinct) legal.actions.push_back({{"type", "discard"}, {"card", card.str()}});
    return legal;
  }
  if (!stock_.empty()) legal.actions.push_back({{"type", "draw"}});
  if (may_knock()) legal.actions.push_back({{"type", "knock"}});
  for (int count = 1; count <= take_max(seat); ++count) {
    std::set<std::vector<Card>> choices;
    std::vector<bool> used(hand.size(), false);
    std::vector<Card> chosen;
    ordered_choices(hand, static_cast<std::size_t>(count), used, chosen, choices);
    for (const auto& discards : choices) {
      legal.actions.push_back(
          {{"type", "take"}, {"count", count}, {"discard", cards_to_json(discards)}});
    }
  }
  return legal;
}

// Timeout: in the play phase draw (or, with the stock empty, the take that keeps the
// best hand); after a draw, discard the standard card that keeps the best hand (the
// drawn card when that changes nothing), never a joker.
Json PericoState::default_action(Seat seat) const {
  const std::vector<Card>& hand = hands_[seat];
  if (phase_ == Phase::kDiscard) {
    return {{"type", "discard"}, {"card", hand[best_discard_index(hand)].str()}};
  }
  if (!stock_.empty()) return {{"type", "draw"}};
  const std::vector<Card> pile = reversed(pile_);
  auto plan = best_take(hand, pile, take_max(seat));
  if (!plan) plan = best_take(hand, pile, take_max(seat), /*allow_joker_on_top=*/true);
  return {{"type", "take"}, {"count", plan->count}, {"discard", cards_to_json(plan->discards)}};
}

}  // namespace parlor::perico
