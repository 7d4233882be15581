#include "engine/pedro/pedro_bots.hpp"

#include <algorithm>
#include <cmath>

#include "engine/pedro/pedro_trumps.hpp"
#include "engine/pedro/pedro_variant.hpp"

namespace parlor::pedro {
namespace {

std::vector<Card> cards_of(const Json& list) {
  auto cards = parse_card_array(list);
  return cards ? *cards : std::vector<Card>{};
}

Suit suit_of_symbol(const std::string& text) {
  const std::string suits = "CDHS";
  return static_cast<Suit>(suits.find(text.at(0)));
}

std::vector<Card> random_subset(std::vector<Card> from, int n, Rng& rng) {
  rng.shuffle(from);
  from.resize(std::min<std::size_t>(n, from.size()));
  return from;
}

// What the view says about the move to make; shared by both bots.
struct Situation {
  Variant variant;
  std::vector<Card> hand;
  std::optional<Suit> trump;
  Json legal;
  Seat seat = 0;
};

Situation read_view(const Json& view) {
  Situation s;
  s.variant = variant_from_options({{"variant", view.value("variant", "pedro")}});
  s.hand = cards_of(view.value("hand", Json::array()));
  if (view.contains("trump") && view["trump"].is_string()) {
    s.trump = suit_of_symbol(view["trump"].get<std::string>());
  }
  s.legal = view.value("legal", Json::object());
  s.seat = view.value("viewer", 0);
  return s;
}

Json with_cards(const char* type, const std::vector<Card>& cards) {
  return {{"type", type}, {"cards", cards_to_json(cards)}};
}

class RandomBot : public BotPolicy {
 public:
  Json choose(const Json& view, Rng& rng) const override {
    static const Json kNothing = Json::object();
    const Json& legal = view.contains("legal") ? view["legal"] : kNothing;
    if (legal.contains("discard")) {
      const Json& d = legal["discard"];
      return with_cards("discard",
                        random_subset(cards_of(d["choose_from"]), d["count"].get<int>(), rng));
    }
    if (legal.contains("pass") || legal.contains("bid")) return bid(legal, rng);
    if (legal.contains("trump")) {
      return {{"type", "trump"}, {"suit", legal["trump"][rng.below(legal["trump"].size())]}};
    }
    if (legal.contains("rob")) {
      const Json& r = legal["rob"];
      std::vector<Card> cards = cards_of(r["must_take"]);
      for (Card c : random_subset(cards_of(r["choose_from"]), r["choose"].get<int>(), rng)) {
        cards.push_back(c);
      }
      return with_cards("rob", cards);
    }
    if (legal.contains("play")) return play(legal, rng);
    return {{"type", "pass"}};
  }

 private:
  static Json bid(const Json& legal, Rng& rng) {
    const bool may_pass = legal.value("pass", false);
    const bool may_bid = legal.contains("bid") && !legal["bid"].is_null();
    if (may_pass && (!may_bid || rng.below(2) == 0)) return {{"type", "pass"}};
    const int low = legal["bid"]["min"];
    const int high = legal["bid"]["max"];
    const int amount = low + static_cast<int>(rng.below(std::min(3, high - low + 1)));
    return {{"type", "bid"}, {"amount", amount}};
  }

  static Json play(const Json& legal, Rng& rng) {
    const Json& cards = legal["play"];
    const std::string card = cards[rng.below(cards.size())];
    Json move = {{"type", "play"}, {"card", card}};
    if (legal.contains("dump")) {
      std::vector<Card> from = cards_of(legal["dump"]["choose_from"]);
      from.erase(std::remove(from.begin(), from.end(), *parse_card(card)), from.end());
      move["dump"] = cards_to_json(random_subset(from, legal["dump"]["count"].get<int>(), rng));
    }
    return move;
  }
};

// ---- Sensible ----

// Points this hand might bring in with `suit` as trumps, as a Pedro-scale estimate
// (King Pedro adds the king's 30 on top when held).
double suit_strength(const std::vector<Card>& hand, Suit suit, const Variant& variant) {
  double est = 0;
  for (Card c : hand) {
    if (!is_trump(c, suit)) continue;
    est += 1.0;
    if (c.rank() == kAce) est += 2.0;
    if (c.rank() == kKing) est += 1.0;
    if (c.rank() == kQueen) est += 0.5;
    if (c.rank() == 5) est += 1.0;
  }
  if (variant.king_points > 0) {
    const bool king =
        std::find(hand.begin(), hand.end(), Card::standard(kKing, suit)) != hand.end();
    est += king ? variant.king_points : 0;
  }
  return est;
}

Suit best_suit(const std::vector<Card>& hand, const Variant& variant) {
  Suit best = Suit::kClubs;
  double best_est = -1;
  for (int s = 0; s < 4; ++s) {
    const double est = suit_strength(hand, static_cast<Suit>(s), variant);
    if (est > best_est) {
      best_est = est;
      best = static_cast<Suit>(s);
    }
  }
  return best;
}

std::vector<Card> weakest_first(std::vector<Card> cards, Suit trump, const Variant& variant) {
  std::stable_sort(cards.begin(), cards.end(), [&](Card a, Card b) {
    const int pa = point_value(a, trump, variant);
    const int pb = point_value(b, trump, variant);
    if (pa != pb) return pa < pb;
    return play_strength(a, trump) < play_strength(b, trump);
  });
  return cards;
}

int side_of_seat(int seat) { return seat % 2; }

// Leads trumps from the top when holding the ace; otherwise something cheap.
Card lead(const SensiblePlaySeen& s) {
  const Suit trump = s.trump;
  const std::vector<Card>& legal = s.playable;
  const bool has_ace =
      std::find(legal.begin(), legal.end(), Card::standard(kAce, trump)) != legal.end();
  std::vector<Card> sorted = weakest_first(legal, trump, s.variant);
  if (has_ace) return Card::standard(kAce, trump);
  for (Card c : sorted) {
    if (!is_trump(c, trump)) return c;
  }
  return sorted.front();
}

Card follow(const SensiblePlaySeen& s) {
  const Suit trump = s.trump;
  const std::vector<Card>& played = s.trick_cards;
  const std::size_t winning = trick_winner_index(played, trump);
  const bool partner_winning = side_of_seat(s.trick_seats[winning]) == side_of_seat(s.seat);
  const bool last = static_cast<int>(played.size()) + 1 == s.in_play;
  const Card best = played[winning];
  const bool partner_safe =
      partner_winning &&
      (last || (is_trump(best, trump) && best.rank() >= kQueen && best.rank() != 5));
  std::vector<Card> sorted = weakest_first(s.playable, trump, s.variant);
  if (partner_safe) return sorted.back();  // give the partner the points
  std::vector<Card> winners;
  for (Card c : sorted) {
    auto with = played;
    with.push_back(c);
    if (trick_winner_index(with, trump) == played.size()) winners.push_back(c);
  }
  if (!partner_winning && !winners.empty()) {
    // The cheapest winner by strength; a pedro only when it cannot be overtaken.
    std::sort(winners.begin(), winners.end(),
              [&](Card a, Card b) { return play_strength(a, trump) < play_strength(b, trump); });
    for (Card c : winners) {
      if (c.rank() != 5 || last) return c;
    }
  }
  return sorted.front();
}

class SensibleBot : public BotPolicy {
 public:
  Json choose(const Json& view, Rng& /*rng*/) const override {
    const Situation s = read_view(view);
    const Json& legal = s.legal;
    if (legal.contains("discard")) return discard(s);
    if (legal.contains("pass") || legal.contains("bid")) return bid(view, s);
    if (legal.contains("trump")) {
      return {{"type", "trump"},
              {"suit", std::string(1, suit_symbol(best_suit(s.hand, s.variant)))}};
    }
    if (legal.contains("rob")) {  // the engine lists choose_from strongest first
      const Json& r = legal["rob"];
      std::vector<Card> cards = cards_of(r["must_take"]);
      std::vector<Card> from = cards_of(r["choose_from"]);
      for (int i = 0; i < r["choose"].get<int>(); ++i) cards.push_back(from[i]);
      return with_cards("rob", cards);
    }
    if (legal.contains("play")) return play(view, s);
    return {{"type", "pass"}};
  }

 private:
  static Json discard(const Situation& s) {
    const Json& d = s.legal["discard"];
    std::vector<Card> from = weakest_first(cards_of(d["choose_from"]), *s.trump, s.variant);
    from.resize(d["count"].get<int>());
    return with_cards("discard", from);
  }

  static Json bid(const Json& view, const Situation& s) {
    const Json& legal = s.legal;
    const bool may_bid = legal.contains("bid") && !legal["bid"].is_null();
    const bool may_pass = legal.value("pass", false);
    if (!may_bid) return {{"type", "pass"}};
    const int low = legal["bid"]["min"];
    const int high = legal["bid"]["max"];
    const double est = suit_strength(s.hand, best_suit(s.hand, s.variant), s.variant);
    // A partner's share is worth about two points; Cinch bids are shaded one lower.
    int value = static_cast<int>(std::lround(est)) + 1;
    if (s.variant.kind == VariantKind::kKingPedro) value = est >= 30 ? 30 + (value - 31) / 2 : 0;
    if (s.variant.kind == VariantKind::kCinch) value -= 1;
    value = std::min(value, high);
    const Json partner_bidder = view.value("high_bidder", Json(nullptr));
    const bool partner_high = partner_bidder.is_number_integer() &&
                              side_of_seat(partner_bidder.get<int>()) == side_of_seat(s.seat);
    if (partner_high) value -= 2;  // overbid a partner only when clearly stronger
    if ((value >= low && value >= s.variant.min_bid + (s.variant.min_bid == 1 ? 4 : 0)) ||
        !may_pass) {
      return {{"type", "bid"}, {"amount", std::max(low, std::min(value, high))}};
    }
    return {{"type", "pass"}};
  }

  static Json play(const Json& view, const Situation& s) {
    SensiblePlaySeen seen;
    seen.variant = s.variant;
    seen.trump = *s.trump;
    seen.seat = s.seat;
    seen.playable = cards_of(s.legal["play"]);
    for (const auto& tc : view["trick"]["cards"]) {
      seen.trick_cards.push_back(*parse_card(tc["card"].get<std::string>()));
      seen.trick_seats.push_back(tc["seat"].get<int>());
    }
    for (const auto& p : view["players"]) seen.in_play += p["out"].get<bool>() ? 0 : 1;
    if (s.legal.contains("dump")) {
      seen.dump_count = s.legal["dump"]["count"].get<int>();
      seen.dump_from = cards_of(s.legal["dump"]["choose_from"]);
    }
    return sensible_play(seen);
  }
};

}  // namespace

std::unique_ptr<BotPolicy> make_random_bot() { return std::make_unique<RandomBot>(); }
std::unique_ptr<BotPolicy> make_sensible_bot() { return std::make_unique<SensibleBot>(); }

Json sensible_play(const SensiblePlaySeen& seen) {
  const Suit trump = seen.trump;
  Card choice = seen.trick_cards.empty() ? lead(seen) : follow(seen);
  Json move = {{"type", "play"}, {"card", choice.str()}};
  if (seen.dump_count > 0) {
    std::vector<Card> from = seen.dump_from;
    from.erase(std::remove(from.begin(), from.end(), choice), from.end());
    from = weakest_first(from, trump, seen.variant);
    from.resize(static_cast<std::size_t>(seen.dump_count));
    move["dump"] = cards_to_json(from);
  }
  return move;
}

}  // namespace parlor::pedro
