#include "engine/poker/poker_state.hpp"

#include <algorithm>

#include "engine/core/fixed_deal.hpp"
#include "engine/poker/poker_hands.hpp"

namespace parlor::poker {
namespace {

std::vector<std::int64_t> to_json_ready(const std::vector<Chips>& chips) { return chips; }

// A deal's recorded result: `result_text` (an object with members, as nlohmann writes it:
// keys in order) with the deal's action log as its "actions" member. Written, not parsed
// and written again (about 7% of Poker's server instructions per action went to that).
// "actions" sorts before every key a result has (carried, dealer, outcome, pots, round,
// shown, stacks, winner, winnings), so it goes first, where nlohmann would put it.
std::string with_action_log(std::string_view result_text, std::string_view log_text) {
  constexpr std::string_view kKey = "{\"actions\":";
  std::string text;
  text.reserve(kKey.size() + log_text.size() + result_text.size());
  text += kKey;
  text += log_text;
  text += ',';
  text += result_text.substr(1);  // without its opening brace
  return text;
}

bool remove_cards(std::vector<Card>& from, const std::vector<Card>& cards) {
  std::vector<Card> left = from;
  for (Card card : cards) {
    auto it = std::find(left.begin(), left.end(), card);
    if (it == left.end()) return false;
    left.erase(it);
  }
  from = std::move(left);
  return true;
}

// Every amount of the range, or (when there are more than kMaxListed) the smallest, the
// largest and a few between, marking the list incomplete.
void add_amounts(LegalActions& legal, const std::string& type, const AmountRange& range) {
  constexpr Chips kMaxListed = 100;
  if (range.max - range.min + 1 <= kMaxListed) {
    for (Chips a = range.min; a <= range.max; ++a) {
      legal.actions.push_back({{"type", type}, {"amount", a}});
    }
    return;
  }
  legal.complete = false;
  for (int i = 0; i <= 4; ++i) {
    Chips a = range.min + (range.max - range.min) * i / 4;
    legal.actions.push_back({{"type", type}, {"amount", a}});
  }
}

}  // namespace

PokerState::PokerState(Settings settings, std::shared_ptr<const hands::PokerEvaluator> evaluator,
                       Seed seed, Seat first_dealer)
    : settings_(settings),
      evaluator_(std::move(evaluator)),
      seed_(seed),
      dealer_(first_dealer),
      betting_(settings.seats, settings.min_bet, settings.max_bet),
      bought_in_(settings.seats, settings.stack),
      rebuys_(settings.seats, 0),
      hands_(settings.seats),
      drawn_(settings.seats, -1) {
  opening_threshold_ = opening_threshold(*evaluator_, settings_.jokers);
  for (Seat s = 0; s < settings_.seats; ++s) betting_.add_chips(s, settings_.stack);
}

std::optional<Error> PokerState::start(const std::optional<Json>& setup) {
  if (!setup || !setup->is_object() || !setup->contains("stacks")) return begin_deal(setup);
  // A scenario may give each seat its own starting stack (tests and offline tools only,
  // like the whole setup), so side pots can be scripted in a first deal.
  const Json& stacks = (*setup)["stacks"];
  if (!stacks.is_array() || static_cast<int>(stacks.size()) != settings_.seats) {
    return Error{"bad_setup", "setup.stacks must list one stack per seat"};
  }
  for (Seat s = 0; s < settings_.seats; ++s) {
    if (!stacks[s].is_number_integer() || stacks[s].get<Chips>() < settings_.ante) {
      return Error{"bad_setup",
                   "setup.stacks: every stack is a whole number of chips that "
                   "pays the ante"};
    }
    const Chips chips = stacks[s].get<Chips>();
    betting_.add_chips(s, chips - betting_.stack(s));
    bought_in_[s] = chips;
  }
  Json deal = *setup;
  deal.erase("stacks");
  return begin_deal(deal);
}

std::unique_ptr<GameState> PokerState::clone() const { return std::make_unique<PokerState>(*this); }

Chips PokerState::chips_bought_in() const {
  Chips sum = 0;
  for (Chips chips : bought_in_) sum += chips;
  return sum;
}

std::vector<std::int64_t> PokerState::scores() const {
  std::vector<std::int64_t> out(settings_.seats);
  for (Seat s = 0; s < settings_.seats; ++s) out[s] = betting_.stack(s) - bought_in_[s];
  return out;
}

// ---------------------------------------------------------------------------------------
// The deal

Chips PokerState::ante_for(Seat seat) const {
  return seat == dealer_ && settings_.dealer_double_ante ? 2 * settings_.ante : settings_.ante;
}

bool PokerState::table_closes() const {
  int can_play = 0;
  for (Seat s = 0; s < settings_.seats; ++s) {
    if (betting_.stack(s) >= settings_.ante) ++can_play;
  }
  if (can_play < 2) return true;
  return settings_.deals > 0 && deals_started_ >= settings_.deals && carried_ == 0;
}

void PokerState::apply_rebuys() {
  if (settings_.rebuy == Rebuy::kOff) return;
  Chips largest = 0;
  for (Seat s = 0; s < settings_.seats; ++s) largest = std::max(largest, betting_.stack(s));
  const Chips target = settings_.rebuy == Rebuy::kLargestStack ? std::max(largest, settings_.stack)
                                                               : settings_.stack;
  for (Seat s = 0; s < settings_.seats; ++s) {
    if (betting_.stack(s) >= settings_.ante || rebuys_[s] >= settings_.max_rebuys) continue;
    const Chips chips = target - betting_.stack(s);
    betting_.add_chips(s, chips);
    bought_in_[s] += chips;
    ++rebuys_[s];
    emit({{"type", "rebuy"}, {"seat", s}, {"chips", chips}, {"stack", betting_.stack(s)}});
  }
}

Seat PokerState::next_dealer() const {
  for (int step = 1; step <= settings_.seats; ++step) {
    Seat s = (dealer_ + step) % settings_.seats;
    if (betting_.stack(s) >= settings_.ante) return s;
  }
  return dealer_;
}

std::optional<Error> PokerState::begin_deal(const std::optional<Json>& setup) {
  if (deals_started_ > 0) {
    if (settings_.deals > 0 && deals_started_ >= settings_.deals && carried_ == 0) {
      close_table();
      return std::nullopt;
    }
    apply_rebuys();
    if (table_closes()) {
      close_table();
      return std::nullopt;
    }
    dealer_ = next_dealer();
  }
  ++round_;
  phase_ = Phase::kFirstBetting;
  opened_ = false;
  opener_.reset();
  deal_log_text_ = "[]";
  std::fill(drawn_.begin(), drawn_.end(), -1);

  std::vector<bool> in_deal(settings_.seats);
  std::vector<Chips> antes(settings_.seats, 0);
  std::vector<Seat> players;
  for (Seat s = 0; s < settings_.seats; ++s) {
    in_deal[s] = betting_.stack(s) >= settings_.ante;
    if (!in_deal[s]) continue;
    players.push_back(s);
    antes[s] = std::min(ante_for(s), betting_.stack(s));
  }
  if (auto err = deal_cards(setup, in_deal)) return err;
  betting_.start_deal(in_deal, antes, carried_);
  emit({{"type", "deal"},
        {"round", round_},
        {"dealer", dealer_},
        {"players", players},
        {"antes", to_json_ready(antes)},
        {"carried", carried_},
        {"pot", betting_.in_pots()}});
  carried_ = 0;
  carried_by_.clear();
  for (Seat s : players) {
    emit_written(
        [&](JsonWriter& out) {
          out.member("type", "hand");
          out.member("seat", s);
          out.key("cards");
          out.cards(hands_[s]);
        },
        Audience::only(s));
  }
  betting_.start_round((dealer_ + 1) % settings_.seats);
  bettors_at_start_ = betting_.bettors();
  if (!betting_.to_act()) finish_first_round();
  return std::nullopt;
}

std::optional<Error> PokerState::deal_cards(const std::optional<Json>& setup,
                                            const std::vector<bool>& in_deal) {
  rng_.emplace(seed_, static_cast<std::uint64_t>(deals_started_++));
  for (auto& hand : hands_) hand.clear();
  stock_.clear();
  discards_.clear();
  muck_.clear();
  if (setup) {
    auto fixed = take_fixed_deal(*setup, settings_.deck(), settings_.seats, {"stock"},
                                 Notation::kStandard, *rng_);
    if (!fixed) return fixed.error();
    if (auto err = check_hand_sizes(*fixed, 5)) return err;
    hands_ = fixed->hands;
    stock_ = fixed->pile("stock");
    stock_.insert(stock_.end(), fixed->rest.begin(), fixed->rest.end());
    return std::nullopt;
  }
  std::vector<Card> deck = settings_.deck();
  rng_->shuffle(deck);
  std::size_t next = 0;
  for (int card = 0; card < 5; ++card) {
    for (int step = 1; step <= settings_.seats; ++step) {
      Seat s = (dealer_ + step) % settings_.seats;
      if (in_deal[s]) hands_[s].push_back(deck[next++]);
    }
  }
  stock_.assign(deck.begin() + static_cast<std::ptrdiff_t>(next), deck.end());
  return std::nullopt;
}

void PokerState::close_table() {
  if (carried_ > 0) {
    // Rules silent: a jackpot still on the table when it closes is shared by the players
    // of the deal that carried it, odd chips from the dealer's left.
    std::vector<Chips> shares = split_pot(carried_, carried_by_, dealer_, settings_.seats);
    for (Seat s = 0; s < settings_.seats; ++s) betting_.pay(s, shares[s]);
    emit({{"type", "jackpot_shared"}, {"amount", carried_}, {"shares", to_json_ready(shares)}});
    carried_ = 0;
  }
  phase_ = Phase::kOver;
  for (auto& hand : hands_) hand.clear();
  stock_.clear();
  discards_.clear();
  muck_.clear();
  emit({{"type", "match_over"}, {"scores", scores()}});
}

// ---------------------------------------------------------------------------------------
// Actions

ActionResult PokerState::apply_action(Seat seat, const Json& action) {
  const std::string type = action["type"].get<std::string>();
  const bool betting_move =
      type == "check" || type == "bet" || type == "call" || type == "raise" || type == "fold";
  if (betting_move) {
    if (phase_ != Phase::kFirstBetting && phase_ != Phase::kSecondBetting) {
      return ActionResult::rejected("wrong_phase", "no betting round is under way");
    }
    return apply_bet(seat, action);
  }
  if (type == "draw") {
    if (phase_ != Phase::kDraw) return ActionResult::rejected("wrong_phase", "it is not the draw");
    return apply_draw(seat, action);
  }
  return ActionResult::rejected("unknown_action", "poker has no action '" + type + "'");
}

bool PokerState::can_open(Seat seat) const {
  if (hands_[seat].size() != 5) return false;
  return evaluate_hand(*evaluator_, hands_[seat]).strength >= opening_threshold_;
}

ActionResult PokerState::apply_bet(Seat seat, const Json& action) {
  const std::string type = action["type"].get<std::string>();
  Move move;
  if (type == "check") move.type = MoveType::kCheck;
  if (type == "call") move.type = MoveType::kCall;
  if (type == "fold") move.type = MoveType::kFold;
  if (type == "bet" || type == "raise") {
    move.type = type == "bet" ? MoveType::kBet : MoveType::kRaise;
    if (!action.contains("amount") || !action["amount"].is_number_integer()) {
      return ActionResult::rejected("bad_action", "a " + type + " needs a whole \"amount\"");
    }
    move.amount = action["amount"].get<Chips>();
  }
  if (auto err = betting_.check_move(seat, move)) {
    if (err->code == "check_after_open" && phase_ == Phase::kFirstBetting) {
      err->message = "the pot is open: nobody may check; call, raise or fold";
    }
    return ActionResult::rejected(err->code, err->message);
  }
  const bool opening = phase_ == Phase::kFirstBetting && move.type == MoveType::kBet;
  if (opening && !can_open(seat)) {
    return ActionResult::rejected("cannot_open", "opening needs at least a pair of jacks");
  }
  MoveRecord record = betting_.apply(seat, move);
  if (move.type == MoveType::kFold) {
    // A folded hand goes face down to the muck: nobody ever sees it.
    muck_.insert(muck_.end(), hands_[seat].begin(), hands_[seat].end());
    hands_[seat].clear();
  }
  if (opening) {
    opened_ = true;
    opener_ = seat;
  }
  log_action([&](JsonWriter& out) {
    out.member("all_in", record.all_in);
    if (move.type == MoveType::kBet || move.type == MoveType::kRaise) {
      out.member("amount", move.amount);
    }
    out.member("bet", record.to_bet);
    if (opening) out.member("opens", true);
    out.member("paid", record.paid);
    out.member("seat", seat);
    out.member("type", move_name(move.type));
  });
  after_betting_move();
  return ActionResult::accepted();
}

void PokerState::after_betting_move() {
  if (betting_.to_act()) return;
  if (phase_ == Phase::kFirstBetting) {
    finish_first_round();
  } else {
    finish_second_round();
  }
}

// The log is appended to, never changed, and kept only as text: it grows with each
// entry rather than being serialized again for every view, and the entry's text is the
// event's too (a tree per entry, copied into a tree log and dumped twice, made most of
// Poker's allocations above the other games'). The deal's recorded result takes the log's
// text as it is (with_action_log), so every entry writes its members with their keys in
// order, as nlohmann writes an object: a round's recorded text is the dump of its tree
// (tests/support/random_playout.cpp checks it for every round of random matches).
template <class WriteMembers>
void PokerState::log_action(WriteMembers&& write_members, Audience audience) {
  std::string entry;
  entry.reserve(96);
  JsonWriter out(entry);
  out.begin_object();
  write_members(out);
  out.end_object();
  deal_log_text_.pop_back();  // the closing bracket
  if (deal_log_text_.size() > 1) deal_log_text_ += ',';
  deal_log_text_ += entry;
  deal_log_text_ += ']';
  emit_text(std::move(entry), audience);
}

void PokerState::return_uncalled() {
  // Not a structured binding: clang 15 (the fuzz build) cannot capture one in a lambda.
  const auto returned = betting_.end_round();
  const auto seat = returned.first;
  const auto amount = returned.second;
  if (amount > 0) {
    log_action([&](JsonWriter& out) {
      out.member("amount", amount);
      out.member("seat", seat);
      out.member("type", "uncalled_returned");
    });
  }
}

void PokerState::finish_first_round() {
  if (betting_.live_count() == 1) {
    win_uncalled();
    return;
  }
  // Nobody opened although two or more could bet: the jackpot carries over. When fewer
  // than two players had chips left after the antes nobody could bet at all; the hands
  // are then drawn to and shown down for the jackpot (rules silent; see poker.hpp).
  if (!opened_ && bettors_at_start_ >= 2) {
    carry_over();
    return;
  }
  return_uncalled();
  start_draw();
}

void PokerState::finish_second_round() {
  if (betting_.live_count() == 1) {
    win_uncalled();
    return;
  }
  return_uncalled();
  showdown();
}

// ---------------------------------------------------------------------------------------
// The draw

void PokerState::start_draw() {
  phase_ = Phase::kDraw;
  draw_order_.clear();
  draw_index_ = 0;
  for (int step = 1; step <= settings_.seats; ++step) {
    Seat s = (dealer_ + step) % settings_.seats;
    if (betting_.live(s)) draw_order_.push_back(s);
  }
}

ActionResult PokerState::apply_draw(Seat seat, const Json& action) {
  if (draw_index_ >= draw_order_.size() || draw_order_[draw_index_] != seat) {
    return ActionResult::rejected("not_your_turn", "it is not your turn to draw");
  }
  if (!action.contains("discard") || !action["discard"].is_array()) {
    return ActionResult::rejected("bad_action",
                                  "a draw needs \"discard\": a list of cards ([] to stand pat)");
  }
  auto cards = parse_card_array(action["discard"]);
  if (!cards) return ActionResult::rejected("bad_card", cards.error().message);
  std::vector<Card> hand = hands_[seat];
  if (!remove_cards(hand, *cards)) {
    return ActionResult::rejected("card_not_held", "you do not hold every card you discard");
  }
  if (static_cast<int>(cards->size()) > settings_.max_discard) {
    return ActionResult::rejected(
        "too_many_discards",
        "you may change at most " + std::to_string(settings_.max_discard) + " cards");
  }
  if (count_jokers(hands_[seat]) >= 2 && count_jokers(*cards) == 0) {
    return ActionResult::rejected("must_discard_joker",
                                  "holding two jokers, you must discard at least one");
  }
  // Unreachable with the creation check (deck >= 5 x seats + max_discard + 1); kept so a
  // draw can never read past the stock.
  if (!cards->empty() && stock_.size() + discards_.size() < cards->size() + 1) {
    return ActionResult::rejected("stock_exhausted", "the stock cannot serve that many cards");
  }
  serve(seat, *cards);
  ++draw_index_;
  if (draw_index_ >= draw_order_.size()) start_second_round();
  return ActionResult::accepted();
}

void PokerState::serve(Seat seat, const std::vector<Card>& discarded) {
  remove_cards(hands_[seat], discarded);
  const std::size_t wanted = discarded.size();
  // The stock's last card is never dealt: when fewer than wanted + 1 remain, the stock
  // and the discards of the players already served are shuffled into a new stock.
  if (wanted > 0 && stock_.size() < wanted + 1) {
    stock_.insert(stock_.end(), discards_.begin(), discards_.end());
    discards_.clear();
    rng_->shuffle(stock_);
    log_action([&](JsonWriter& out) {
      out.member("cards", stock_.size());
      out.member("type", "stock_rebuilt");
    });
  }
  std::vector<Card> received(stock_.begin(), stock_.begin() + static_cast<std::ptrdiff_t>(wanted));
  stock_.erase(stock_.begin(), stock_.begin() + static_cast<std::ptrdiff_t>(wanted));
  hands_[seat].insert(hands_[seat].end(), received.begin(), received.end());
  discards_.insert(discards_.end(), discarded.begin(), discarded.end());
  drawn_[seat] = static_cast<int>(wanted);
  auto write_draw = [&](JsonWriter& out) {
    out.member("count", wanted);
    out.member("seat", seat);
    out.member("type", "draw");
  };
  log_action(write_draw, Audience::all_but(seat));
  emit_written(
      [&](JsonWriter& out) {
        write_draw(out);
        out.key("discarded");
        out.cards(discarded);
        out.key("received");
        out.cards(received);
      },
      Audience::only(seat));
}

void PokerState::start_second_round() {
  phase_ = Phase::kSecondBetting;
  betting_.start_round((dealer_ + 1) % settings_.seats);
  if (!betting_.to_act()) finish_second_round();
}

// ---------------------------------------------------------------------------------------
// The end of a deal

void PokerState::win_uncalled() {
  return_uncalled();
  Seat winner = 0;
  for (Seat s = 0; s < settings_.seats; ++s) {
    if (betting_.live(s)) winner = s;
  }
  const Chips pot = betting_.collect_all();
  betting_.pay(winner, pot);
  std::vector<Chips> winnings(settings_.seats, 0);
  winnings[winner] = pot;
  emit({{"type", "pot_won"}, {"seat", winner}, {"amount", pot}, {"shown", false}});
  end_deal({{"outcome", "uncalled"},
            {"winner", winner},
            {"pots", Json::array({{{"amount", pot}, {"winners", {winner}}}})},
            {"winnings", to_json_ready(winnings)},
            {"shown", Json::array()}});
}

void PokerState::showdown() {
  std::vector<std::uint32_t> strength(settings_.seats, 0);
  Json shown = Json::array();
  for (int step = 1; step <= settings_.seats; ++step) {
    Seat s = (dealer_ + step) % settings_.seats;
    if (!betting_.live(s)) continue;
    hands::HandRank rank = evaluate_hand(*evaluator_, hands_[s]);
    strength[s] = rank.strength;
    shown.push_back({{"seat", s},
                     {"hand", cards_to_json(hands_[s])},
                     {"category", std::string(hands::category_name(rank.category))}});
  }
  emit({{"type", "showdown"}, {"hands", shown}});
  const std::vector<Pot> pots = betting_.pots();
  std::vector<std::vector<Seat>> winners;
  const std::vector<Chips> winnings =
      award_pots(pots, strength, dealer_, settings_.seats, &winners);
  betting_.collect_all();
  for (Seat s = 0; s < settings_.seats; ++s) betting_.pay(s, winnings[s]);
  Json pots_json = Json::array();
  for (std::size_t i = 0; i < pots.size(); ++i) {
    Json pot = {
        {"amount", pots[i].amount}, {"eligible", pots[i].eligible}, {"winners", winners[i]}};
    pots_json.push_back(pot);
    emit({{"type", "pot_won"}, {"pot", i}, {"amount", pots[i].amount}, {"winners", winners[i]}});
  }
  end_deal({{"outcome", "showdown"},
            {"pots", pots_json},
            {"winnings", to_json_ready(winnings)},
            {"shown", shown}});
}

void PokerState::carry_over() {
  carried_ = betting_.collect_all();
  carried_by_.clear();
  for (Seat s = 0; s < settings_.seats; ++s) {
    if (betting_.in_deal(s)) carried_by_.push_back(s);
  }
  emit({{"type", "no_opener"}, {"carried", carried_}});
  end_deal({{"outcome", "no_opener"},
            {"carried", carried_},
            {"pots", Json::array()},
            {"winnings", std::vector<Chips>(settings_.seats, 0)},
            {"shown", Json::array()}});
}

void PokerState::end_deal(Json result) {
  std::vector<Chips> stacks(settings_.seats);
  for (Seat s = 0; s < settings_.seats; ++s) stacks[s] = betting_.stack(s);
  result["round"] = round_;
  result["dealer"] = dealer_;
  result["stacks"] = to_json_ready(stacks);
  last_round_text_ = result.dump();  // the view's copy leaves out the action log
  record_round_result_text(with_action_log(last_round_text_, deal_log_text_));
  begin_deal(std::nullopt);
}

// ---------------------------------------------------------------------------------------
// Who acts, defaults, legal moves

std::optional<Seat> PokerState::seat_to_act() const {
  if (phase_ == Phase::kOver) return std::nullopt;
  if (phase_ == Phase::kDraw) {
    if (draw_index_ < draw_order_.size()) return draw_order_[draw_index_];
    return std::nullopt;
  }
  return betting_.to_act();
}

Waiting PokerState::waiting() const {
  if (auto seat = seat_to_act()) return {WaitMode::kTurn, {*seat}};
  return {};
}

bool PokerState::is_waiting_for(Seat seat) const { return seat_to_act() == seat; }

Json PokerState::default_action(Seat seat) const {
  if (phase_ == Phase::kDraw) {
    Json discard = Json::array();
    if (count_jokers(hands_[seat]) >= 2) discard.push_back("JK");
    return {{"type", "draw"}, {"discard", discard}};
  }
  if (betting_.may_check(seat)) return {{"type", "check"}};
  return {{"type", "fold"}};
}

LegalActions PokerState::legal_actions(Seat seat) const {
  LegalActions legal;
  if (!is_waiting_for(seat)) return legal;
  if (phase_ == Phase::kDraw) {
    const std::vector<Card>& hand = hands_[seat];
    const bool two_jokers = count_jokers(hand) >= 2;
    for (unsigned mask = 0; mask < 32; ++mask) {
      Json discard = Json::array();
      std::vector<Card> cards;
      for (int i = 0; i < 5; ++i) {
        if (mask & (1u << i)) cards.push_back(hand[i]);
      }
      if (static_cast<int>(cards.size()) > settings_.max_discard) continue;
      if (two_jokers && count_jokers(cards) == 0) continue;
      // Jokers are identical: skip the second joker's duplicate subsets.
      if (count_jokers(cards) == 1 && two_jokers) {
        int first_joker = -1;
        for (int i = 0; i < 5; ++i) {
          if (hand[i].is_joker()) {
            first_joker = i;
            break;
          }
        }
        if (!(mask & (1u << first_joker))) continue;
      }
      legal.actions.push_back({{"type", "draw"}, {"discard", cards_to_json(cards)}});
    }
    return legal;
  }
  if (betting_.may_check(seat)) legal.actions.push_back({{"type", "check"}});
  if (betting_.may_call(seat)) legal.actions.push_back({{"type", "call"}});
  if (betting_.may_fold(seat)) legal.actions.push_back({{"type", "fold"}});
  const bool opening = phase_ == Phase::kFirstBetting && !opened_;
  if (auto range = betting_.bet_range(seat); range && (!opening || can_open(seat))) {
    add_amounts(legal, "bet", *range);
  }
  if (auto range = betting_.raise_range(seat)) add_amounts(legal, "raise", *range);
  return legal;
}

}  // namespace parlor::poker
