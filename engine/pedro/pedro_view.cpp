// What each seat sees, the "legal" section bots and interfaces choose from, the
// enumerated legal actions and the timeout default.
#include <algorithm>

#include "engine/pedro/pedro_state.hpp"
#include "engine/pedro/pedro_trumps.hpp"

namespace parlor::pedro {
namespace {

void write_suit(std::optional<Suit> suit, JsonWriter& out) {
  if (suit) {
    const char symbol[] = {suit_symbol(*suit), '\0'};
    out.value(symbol);
  } else {
    out.value(nullptr);
  }
}

// A seat number, or null where the state keeps -1 for "nobody yet".
void write_seat_or_null(int seat, JsonWriter& out) {
  if (seat >= 0) {
    out.value(seat);
  } else {
    out.value(nullptr);
  }
}

// Weakest first: plain cards below trumps, non-point cards before point cards.
void sort_weakest_first(std::vector<Card>& cards, Suit trump, const Variant& variant) {
  std::stable_sort(cards.begin(), cards.end(), [&](Card a, Card b) {
    const bool pa = is_point_card(a, trump, variant);
    const bool pb = is_point_card(b, trump, variant);
    if (pa != pb) return !pa;
    return play_strength(a, trump) < play_strength(b, trump);
  });
}

std::vector<Card> first_n(const std::vector<Card>& cards, int n) {
  return {cards.begin(), cards.begin() + std::min<std::size_t>(n, cards.size())};
}

}  // namespace

Json PedroState::legal_json(Seat seat) const {
  return members_as_json([this, seat](JsonWriter& out) { write_legal_members(seat, out); });
}

void PedroState::write_trick(const Trick& trick, JsonWriter& out) const {
  out.begin_object();
  out.member("leader", trick.leader);
  out.key("cards");
  out.begin_array();
  for (const TrickCard& tc : trick.cards) {
    out.begin_object();
    out.member("seat", tc.seat);
    out.member("card", tc.card);
    out.end_object();
  }
  out.end_array();
  out.member("dumped", trick.dumped);
  if (trick.winner >= 0) out.member("winner", trick.winner);
  out.end_object();
}

void PedroState::write_players(JsonWriter& out) const {
  out.begin_array();
  for (Seat s = 0; s < kSeats; ++s) {
    out.begin_object();
    out.member("seat", s);
    out.member("side", side_of(s));
    out.member("cards", zones_.hands[s].size());
    // The seat's latest call.
    const std::pair<Seat, int>* call = nullptr;
    for (const auto& entry : calls_) {
      if (entry.first == s) call = &entry;
    }
    out.key("last_call");
    if (call == nullptr) {
      out.value(nullptr);
    } else if (call->second == 0) {
      out.value("pass");
    } else {
      out.value(call->second);
    }
    out.member("passed", passed_[s]);
    out.key("received");
    write_seat_or_null(received_[s], out);
    out.key("discards");
    out.cards(zones_.discards[s]);
    out.member("choosing_discard", choosing_[s]);
    out.member("dumped", dumped_count_[s]);
    out.member("out", phase_ == Phase::kPlay && out_[s]);
    out.end_object();
  }
  out.end_array();
}

void PedroState::write_table_members(JsonWriter& out) const {
  out.member("variant", variant_.name);
  out.member("phase", phase_name(phase_));
  out.member("dealer", dealer_);
  const bool someone_acts = phase_ != Phase::kOver && phase_ != Phase::kDiscard;
  out.key("turn");
  if (someone_acts) {
    out.value(turn_);
  } else {
    out.value(nullptr);
  }
  out.key("trump");
  write_suit(trump_, out);
  out.key("calls");
  out.begin_array();
  for (const auto& [seat, amount] : calls_) {
    out.begin_object();
    out.member("seat", seat);
    if (amount == 0) {
      out.member("pass", true);
    } else {
      out.member("bid", amount);
    }
    out.end_object();
  }
  out.end_array();
  out.key("high_bid");
  if (high_bid_ > 0) {
    out.value(high_bid_);
  } else {
    out.value(nullptr);
  }
  out.key("high_bidder");
  write_seat_or_null(high_bidder_, out);
  out.key("declarer");
  write_seat_or_null(declarer_, out);
  out.key("contract");
  if (declarer_ >= 0) {
    out.value(contract_);
  } else {
    out.value(nullptr);
  }
  out.key("players");
  write_players(out);
  out.member("stock_count", zones_.stock.size());
  out.member("kitty_count", zones_.kitty.size());
  out.key("unused_trumps");
  out.cards(zones_.table);
  out.key("trick");
  if (phase_ == Phase::kPlay) {
    write_trick(trick_, out);
  } else {
    out.value(nullptr);
  }
  out.key("last_trick");
  if (last_trick_) {
    write_trick(*last_trick_, out);
  } else {
    out.value(nullptr);
  }
  out.member("tricks_played", tricks_played_);
  // Every card played face up this hand, by trick: what each player saw played (the
  // expert bot's determinizer reads who could not follow suit from it).
  out.key("tricks");
  out.begin_array();
  for (const Trick& trick : tricks_) write_trick(trick, out);
  out.end_array();
  out.key("sides");
  out.begin_array();
  for (int side = 0; side < 2; ++side) {
    out.begin_object();
    out.key("seats");
    out.begin_array();
    out.value(side);
    out.value(side + 2);
    out.end_array();
    out.member("tricks", tricks_won_[side]);
    out.member("points", points_[side]);
    out.member("score", side_scores_[side]);
    out.end_object();
  }
  out.end_array();
  out.member("target", variant_.target);
  out.key("winner_side");
  if (winner_side_) {
    out.value(*winner_side_);
  } else {
    out.value(nullptr);
  }
  out.key("last_round");
  out.raw(last_round_result_text());
}

void PedroState::write_seat_members(Seat seat, JsonWriter& out) const {
  out.key("hand");
  out.cards(zones_.hands[seat]);
  if (!zones_.pending[seat].empty()) {
    out.key("my_discard");
    out.cards(zones_.pending[seat]);
  }
  // The dealer looks through the stock while robbing.
  if (phase_ == Phase::kRob && seat == dealer_) {
    out.key("stock");
    out.cards(zones_.stock);
  }
  out.key("legal");
  out.begin_object();
  write_legal_members(seat, out);
  out.end_object();
}

void PedroState::write_legal_members(Seat seat, JsonWriter& out) const {
  if (phase_ == Phase::kDiscard) {
    if (choosing_[seat]) {
      out.key("discard");
      out.begin_object();
      out.member("count", to_discard_[seat]);
      out.key("choose_from");
      out.cards(discard_from_[seat]);
      out.end_object();
    }
    return;
  }
  if (phase_ == Phase::kOver || seat != turn_) return;
  switch (phase_) {
    case Phase::kBidding:
      out.member("pass", may_pass(seat));
      out.key("bid");
      if (lowest_bid() <= variant_.max_bid) {
        out.begin_object();
        out.member("min", lowest_bid());
        out.member("max", variant_.max_bid);
        out.end_object();
      } else {
        out.value(nullptr);
      }
      break;
    case Phase::kTrump:
      out.key("trump");
      out.begin_array();
      for (const char* suit : {"C", "D", "H", "S"}) out.value(suit);
      out.end_array();
      break;
    case Phase::kRob: {
      const RobChoice choice = rob_choice();
      out.key("rob");
      out.begin_object();
      out.key("must_take");
      out.cards(choice.must_take);
      out.key("choose_from");
      out.cards(choice.choose_from);
      out.member("choose", choice.choose);
      out.end_object();
      break;
    }
    case Phase::kPlay: {
      out.key("play");
      out.cards(playable(seat));
      const int dump = dump_count(seat);
      if (dump > 0) {
        out.key("dump");
        out.begin_object();
        out.member("count", dump);
        out.key("choose_from");
        out.begin_array();
        for (Card c : zones_.hands[seat]) {
          if (!is_point_card(c, *trump_, variant_)) out.value(c);
        }
        out.end_array();
        out.end_object();
      }
      break;
    }
    default:
      break;
  }
}

LegalActions PedroState::legal_actions(Seat seat) const {
  LegalActions out;
  const Json legal = legal_json(seat);
  if (legal.contains("pass") && legal["pass"] == true) out.actions.push_back({{"type", "pass"}});
  if (legal.contains("bid") && !legal["bid"].is_null()) {
    for (int a = legal["bid"]["min"]; a <= legal["bid"]["max"].get<int>(); ++a) {
      out.actions.push_back({{"type", "bid"}, {"amount", a}});
    }
  }
  if (legal.contains("trump")) {
    for (const auto& suit : legal["trump"])
      out.actions.push_back({{"type", "trump"}, {"suit", suit}});
  }
  if (legal.contains("rob") || legal.contains("discard") || legal.contains("dump")) {
    // Choosing k of n cards: one representative, the default choice.
    out.complete = false;
  }
  if (legal.contains("rob") || legal.contains("discard"))
    out.actions.push_back(default_action(seat));
  if (legal.contains("play")) {
    for (const auto& card : legal["play"]) {
      Json play = {{"type", "play"}, {"card", card}};
      if (legal.contains("dump")) {
        // The weakest non-point cards besides the one played.
        std::vector<Card> from = *parse_card_array(legal["dump"]["choose_from"]);
        from.erase(std::remove(from.begin(), from.end(), *parse_card(card.get<std::string>())),
                   from.end());
        sort_weakest_first(from, *trump_, variant_);
        play["dump"] = cards_to_json(first_n(from, legal["dump"]["count"].get<int>()));
      }
      out.actions.push_back(play);
    }
  }
  return out;
}

// See pedro_state.hpp for the defaults a timeout plays.
Json PedroState::default_action(Seat seat) const {
  if (phase_ == Phase::kDiscard && choosing_[seat]) {
    std::vector<Card> from = discard_from_[seat];
    sort_weakest_first(from, *trump_, variant_);
    return {{"type", "discard"}, {"cards", cards_to_json(first_n(from, to_discard_[seat]))}};
  }
  switch (phase_) {
    case Phase::kBidding:
      if (may_pass(seat)) return {{"type", "pass"}};
      return {{"type", "bid"}, {"amount", lowest_bid()}};
    case Phase::kTrump: {
      int best = 0;
      int best_count = -1;
      for (int s = 0; s < 4; ++s) {
        int n = count_trumps(zones_.hands[seat], static_cast<Suit>(s));
        if (n >= best_count) {
          best_count = n;
          best = s;
        }
      }
      return {{"type", "trump"}, {"suit", std::string(1, suit_symbol(static_cast<Suit>(best)))}};
    }
    case Phase::kRob: {
      const RobChoice choice = rob_choice();  // choose_from is strongest first
      std::vector<Card> cards = choice.must_take;
      for (Card c : first_n(choice.choose_from, choice.choose)) cards.push_back(c);
      return {{"type", "rob"}, {"cards", cards_to_json(cards)}};
    }
    case Phase::kPlay: {
      std::vector<Card> cards = playable(seat);
      sort_weakest_first(cards, *trump_, variant_);
      if (cards.empty()) return {{"type", "play"}};
      Json play = {{"type", "play"}, {"card", cards.front().str()}};
      const int dump = dump_count(seat);
      if (dump > 0) {
        std::vector<Card> from;
        for (Card c : zones_.hands[seat]) {
          if (c != cards.front() && !is_point_card(c, *trump_, variant_)) from.push_back(c);
        }
        sort_weakest_first(from, *trump_, variant_);
        play["dump"] = cards_to_json(first_n(from, dump));
      }
      return play;
    }
    default:
      return {{"type", "pass"}};
  }
}

}  // namespace parlor::pedro
