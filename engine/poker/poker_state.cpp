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

}  // namespace parlor::poker
