#include "engine/carioca/carioca_bots.hpp"

#include <algorithm>
#include <cstdlib>

#include "engine/carioca/carioca_finder.hpp"
#include "engine/carioca/carioca_melds.hpp"

namespace parlor::carioca {
namespace {

// What a bot reads from its view.
struct Seen {
  std::vector<Card> hand;
  Contract contract;
  MeldRules rules;
  int joker_value = 30;
  bool flat_low_cards = false;
  std::optional<Card> taken;
  std::vector<std::vector<Meld>> melds;  // per seat
  Json legal;
};

std::vector<Card> cards_of(const Json& list) {
  auto cards = parse_card_array(list);
  return cards ? *cards : std::vector<Card>{};
}

Seen read_view(const Json& view) {
  Seen seen;
  seen.hand = cards_of(view.value("hand", Json::array()));
  const Json& contract = view["contract"];
  seen.contract = Contract{contract["trios"].get<int>(), contract["straights"].get<int>(),
                           contract["go_out"].get<bool>(), contract["hand_size"].get<int>()};
  seen.rules.straight_wrap = view["rules"]["straight_wrap"].get<bool>();
  seen.joker_value = view["rules"]["joker_value"].get<int>();
  seen.flat_low_cards = view["rules"]["flat_low_cards"].get<bool>();
  seen.legal = view.value("legal", Json::object());
  if (seen.legal.contains("taken") && seen.legal["taken"].is_string()) {
    auto card = parse_card(seen.legal["taken"].get<std::string>());
    if (card) seen.taken = *card;
  }
  for (const Json& player : view["players"]) {
    std::vector<Meld> melds;
    for (const Json& meld : player["melds"]) {
      auto read = read_meld(cards_of(meld["cards"]), seen.rules);
      if (read) melds.push_back(*read);
    }
    seen.melds.push_back(std::move(melds));
  }
  return seen;
}

int points(const Seen& seen, Card card) {
  return card_points(card, seen.flat_low_cards, seen.joker_value);
}

// The engine's rule: never the card taken this turn (nor a copy of it).
bool discardable(const std::vector<Card>& hand, Card card, const std::optional<Card>& taken) {
  return std::count(hand.begin(), hand.end(), card) > 0 && !(taken && *taken == card);
}

bool can_still_discard(const std::vector<Card>& hand, const std::optional<Card>& taken) {
  if (hand.empty()) return true;
  return std::any_of(hand.begin(), hand.end(),
                     [&](Card card) { return discardable(hand, card, taken); });
}

std::vector<Card> without(std::vector<Card> hand, Card card) {
  auto it = std::find(hand.begin(), hand.end(), card);
  if (it != hand.end()) hand.erase(it);
  return hand;
}

std::vector<Card> distinct(std::vector<Card> cards) {
  std::sort(cards.begin(), cards.end());
  cards.erase(std::unique(cards.begin(), cards.end()), cards.end());
  return cards;
}

std::optional<Json> lowering_move(const Seen& seen) {
  if (seen.legal.value("can_lower", false) != true) return std::nullopt;
  auto lowering = find_lowering(seen.hand, seen.contract, seen.rules);
  if (!lowering) return std::nullopt;
  std::vector<Card> rest = cards_left(seen.hand, *lowering);
  if (seen.contract.go_out && rest.size() > 1) return std::nullopt;
  if (!can_still_discard(rest, seen.taken)) return std::nullopt;
  return Json{{"type", "lower"}, {"melds", lowering_json(*lowering)}};
}

std::vector<Json> lay_off_moves(const Seen& seen) {
  std::vector<Json> moves;
  if (seen.legal.value("can_lay_off", false) != true) return moves;
  for (Card card : distinct(seen.hand)) {
    if (!can_still_discard(without(seen.hand, card), seen.taken)) continue;
    for (std::size_t owner = 0; owner < seen.melds.size(); ++owner) {
      for (std::size_t i = 0; i < seen.melds[owner].size(); ++i) {
        const Meld& meld = seen.melds[owner][i];
        for (End end : {End::kHigh, End::kLow}) {
          if (meld.kind == MeldKind::kTrio && end == End::kLow) continue;
          if (!lay_off(meld, card, end, seen.rules)) continue;
          Json move = {{"type", "lay_off"}, {"seat", owner}, {"meld", i}, {"card", card.str()}};
          if (meld.kind == MeldKind::kStraight) move["end"] = end == End::kLow ? "low" : "high";
          moves.push_back(move);
        }
      }
    }
  }
  return moves;
}

std::vector<Json> discard_moves(const Seen& seen) {
  std::vector<Json> moves;
  for (Card card : distinct(seen.hand)) {
    if (discardable(seen.hand, card, seen.taken))
      moves.push_back({{"type", "discard"}, {"card", card.str()}});
  }
  return moves;
}

bool fits_table(const Seen& seen, Card card) {
  for (const auto& melds : seen.melds) {
    for (const Meld& meld : melds) {
      for (End end : {End::kHigh, End::kLow}) {
        if (lay_off(meld, card, end, seen.rules)) return true;
      }
    }
  }
  return false;
}

// How much a card helps build the contract from this hand (higher: keep it).
int usefulness(const Seen& seen, const std::vector<Card>& hand, Card card) {
  if (card.is_joker()) return 1000;
  int score = 0;
  for (Card other : hand) {
    if (other.is_joker()) continue;
    if (seen.contract.trios > 0 && other.rank() == card.rank()) score += 3;
    if (seen.contract.straights > 0 && other.suit() == card.suit() && other.rank() != card.rank()) {
      int gap = std::abs(other.rank() - card.rank());
      gap = std::min(gap, 13 - gap);  // the ace sits next to both the two and the king
      if (gap == 1) score += 2;
      if (gap == 2) score += 1;
    }
  }
  return score - 3 * (seen.contract.trios > 0);  // the card itself counted once above
}

// Worth taking: it makes the contract possible, or it would rank above the card the
// seat would then throw away (else taking it only passes cards back and forth).
bool helps(const Seen& seen, Card card) {
  if (card.is_joker()) return true;
  if (std::all_of(seen.hand.begin(), seen.hand.end(), [&](Card c) { return c == card; })) {
    return false;
  }
  std::vector<Card> with = seen.hand;
  with.push_back(card);
  int value = usefulness(seen, with, card);
  if (value < 3) return false;  // no neighbour, no pair: the search is not worth running
  bool lowers_now = find_lowering(with, seen.contract, seen.rules, 1500).has_value();
  if (lowers_now && !find_lowering(seen.hand, seen.contract, seen.rules, 1500)) return true;
  if (value < 6) return false;
  for (Card other : seen.hand) {
    if (usefulness(seen, with, other) >= value) continue;
    return true;  // some card is worth less than this one
  }
  return false;
}

Json sensible_discard(const Seen& seen) {
  std::vector<Card> keep_for_lowering;
  if (seen.legal.value("can_lower", false) == true) {
    if (auto lowering = find_lowering(seen.hand, seen.contract, seen.rules)) {
      for (const auto& meld : lowering->melds) {
        keep_for_lowering.insert(keep_for_lowering.end(), meld.begin(), meld.end());
      }
    }
  }
  bool lowered = seen.legal.value("can_lower", false) != true;
  std::optional<Card> best;
  int best_keep = 0;
  for (Card card : distinct(seen.hand)) {
    if (!discardable(seen.hand, card, seen.taken)) continue;
    int keep =
        lowered ? -points(seen, card) : usefulness(seen, seen.hand, card) * 10 - points(seen, card);
    if (std::find(keep_for_lowering.begin(), keep_for_lowering.end(), card) !=
        keep_for_lowering.end()) {
      keep += 500;
    }
    if (!best || keep < best_keep) {
      best = card;
      best_keep = keep;
    }
  }
  return {{"type", "discard"}, {"card", best ? best->str() : seen.hand.front().str()}};
}

Json pick(const std::vector<Json>& moves, Rng& rng) {
  return moves[static_cast<std::size_t>(rng.below(moves.size()))];
}

class RandomBot : public BotPolicy {
 public:
  Json choose(const Json& view, Rng& rng) const override {
    const Json legal = view.value("legal", Json::object());
    if (legal.contains("cut")) {
      return {{"type", "cut"}, {"size", 1 + static_cast<int>(rng.below(107))}};
    }
    if (legal.contains("draw")) {
      return {{"type", "draw"}, {"from", pick(legal["draw"].get<std::vector<Json>>(), rng)}};
    }
    if (legal.contains("decline")) {
      if (legal.value("steal", false) && rng.below(2) == 0) return {{"type", "steal"}};
      return {{"type", "decline"}};
    }
    std::vector<Json> moves = play_moves_from_view(view);
    if (moves.empty()) return {{"type", "decline"}};
    // A random kind of move first (lower, lay off, discard), then one of that kind, so
    // a found lowering is not drowned out by a dozen discards.
    std::vector<std::string> kinds;
    for (const Json& move : moves) {
      // As a string: nlohmann 3.11.3 under C++20 has no string == json comparison.
      const std::string type = move["type"].get<std::string>();
      if (std::find(kinds.begin(), kinds.end(), type) == kinds.end()) kinds.push_back(type);
    }
    const std::string kind = kinds[static_cast<std::size_t>(rng.below(kinds.size()))];
    std::vector<Json> of_kind;
    for (const Json& move : moves) {
      if (move["type"] == kind) of_kind.push_back(move);
    }
    return pick(of_kind, rng);
  }
};

class SensibleBot : public BotPolicy {
 public:
  Json choose(const Json& view, Rng& /*rng*/) const override {
    const Json legal = view.value("legal", Json::object());
    if (legal.contains("cut")) {
      int seats = static_cast<int>(view["players"].size());
      return {{"type", "cut"}, {"size", seats * view["contract"]["hand_size"].get<int>() + 1}};
    }
    Seen seen = read_view(view);
    if (legal.contains("draw")) return draw(view, seen);
    if (legal.contains("decline")) return claim(view, seen);
    if (legal.empty()) return {{"type", "decline"}};
    if (auto lower = lowering_move(seen)) return *lower;
    std::vector<Json> lay_offs = lay_off_moves(seen);
    if (!lay_offs.empty()) return lay_offs.front();
    return sensible_discard(seen);
  }

 private:
  static bool has_lowered(const Json& view) {
    return view["players"][view["viewer"].get<int>()]["lowered"].get<bool>();
  }

  static Json draw(const Json& view, const Seen& seen) {
    const Json& top = view["discard"]["top"];
    bool can_take = std::find(seen.legal["draw"].begin(), seen.legal["draw"].end(), "discard") !=
                    seen.legal["draw"].end();
    if (can_take && top.is_string()) {
      Card card = *parse_card(top.get<std::string>());
      bool want = has_lowered(view) ? fits_table(seen, card) : helps(seen, card);
      if (want) return {{"type", "draw"}, {"from", "discard"}};
    }
    return {{"type", "draw"}, {"from", "stock"}};
  }

  static Json claim(const Json& view, const Seen& seen) {
    const Json& window = view["steal_window"];
    if (seen.legal.value("steal", false) && window.is_object() && !has_lowered(view)) {
      Card card = *parse_card(window["card"].get<std::string>());
      if (card.is_joker() || helps(seen, card)) return {{"type", "steal"}};
    }
    return {{"type", "decline"}};
  }
};

}  // namespace

std::vector<Json> play_moves_from_view(const Json& view) {
  Seen seen = read_view(view);
  std::vector<Json> moves;
  if (seen.legal.value("must_discard", false) != true) return moves;
  if (auto lower = lowering_move(seen)) moves.push_back(*lower);
  for (Json& move : lay_off_moves(seen)) moves.push_back(std::move(move));
  for (Json& move : discard_moves(seen)) moves.push_back(std::move(move));
  return moves;
}

std::unique_ptr<BotPolicy> make_random_bot() { return std::make_unique<RandomBot>(); }
std::unique_ptr<BotPolicy> make_sensible_bot() { return std::make_unique<SensibleBot>(); }

}  // namespace parlor::carioca
