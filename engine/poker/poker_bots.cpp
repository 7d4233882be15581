#include "engine/poker/poker_bots.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "engine/core/card.hpp"

namespace parlor::poker {
namespace {

Json amount_move(const std::string& type, std::int64_t amount) {
  return {{"type", type}, {"amount", amount}};
}

std::int64_t pick_amount(const Json& range, Rng& rng) {
  const auto lo = range["min"].get<std::int64_t>();
  const auto hi = range["max"].get<std::int64_t>();
  return lo + static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(hi - lo + 1)));
}

std::vector<Card> view_hand(const Json& view) {
  auto cards = parse_card_array(view.value("hand", Json::array()));
  return cards ? *cards : std::vector<Card>{};
}

Json discard_json(const std::vector<Card>& cards) { return cards_to_json(cards); }

class RandomBot : public BotPolicy {
 public:
  Json choose(const Json& view, Rng& rng) const override {
    const Json& legal = view["legal"];
    if (legal.contains("draw")) return random_draw(view, rng);
    std::vector<Json> moves;
    if (legal.value("check", false)) moves.push_back({{"type", "check"}});
    if (!legal["call"].is_null()) moves.push_back({{"type", "call"}});
    if (legal.value("fold", false)) moves.push_back({{"type", "fold"}});
    if (!legal["bet"].is_null())
      moves.push_back(amount_move("bet", pick_amount(legal["bet"], rng)));
    if (!legal["raise"].is_null()) {
      moves.push_back(amount_move("raise", pick_amount(legal["raise"], rng)));
    }
    return moves[rng.below(moves.size())];
  }

 private:
  static Json random_draw(const Json& view, Rng& rng) {
    std::vector<Card> hand = view_hand(view);
    const int max_discard = view["legal"]["draw"]["max_discard"].get<int>();
    rng.shuffle(hand);
    auto count = static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(max_discard) + 1));
    std::vector<Card> discard(hand.begin(), hand.begin() + static_cast<std::ptrdiff_t>(count));
    const bool must = view["legal"]["draw"]["must_discard_joker"].get<bool>();
    if (must && std::count(discard.begin(), discard.end(), Card::joker()) == 0) {
      if (discard.size() == static_cast<std::size_t>(max_discard)) discard.pop_back();
      discard.push_back(Card::joker());
    }
    return {{"type", "draw"}, {"discard", discard_json(discard)}};
  }
};

// Hand tiers by category, so the order of the rule set does not matter much.
int tier(const std::string& category) {
  static const std::map<std::string, int> tiers = {
      {"high_card", 0},      {"one_pair", 1},       {"two_pair", 2},      {"three_of_a_kind", 3},
      {"figures", 3},        {"straight", 4},       {"flush", 5},         {"full_house", 6},
      {"four_of_a_kind", 7}, {"straight_flush", 8}, {"five_of_a_kind", 9}};
  auto it = tiers.find(category);
  return it == tiers.end() ? 0 : it->second;
}

std::optional<SensibleSeen::Amounts> amounts_of(const Json& range) {
  if (range.is_null()) return std::nullopt;
  return SensibleSeen::Amounts{range["min"].get<std::int64_t>(), range["max"].get<std::int64_t>()};
}

SensibleSeen read_view(const Json& view) {
  const Json& legal = view["legal"];
  SensibleSeen seen;
  seen.hand = view_hand(view);
  seen.category = view.value("hand_category", std::string("high_card"));
  seen.second_round = view["phase"] == "second_betting";
  seen.can_open = view.value("can_open", false);
  seen.current_bet = view["current_bet"].get<std::int64_t>();
  seen.max_bet = view["limits"]["max_bet"].get<std::int64_t>();
  seen.drawing = legal.contains("draw");
  if (seen.drawing) {
    seen.max_discard = legal["draw"]["max_discard"].get<std::size_t>();
    return seen;
  }
  seen.may_check = legal.value("check", false);
  seen.may_call = !legal["call"].is_null();
  seen.bet = amounts_of(legal["bet"]);
  seen.raise = amounts_of(legal["raise"]);
  return seen;
}

std::vector<Card> cards_to_keep(const std::vector<Card>& hand, int strength) {
  std::vector<Card> naturals;
  for (Card card : hand) {
    if (!card.is_joker()) naturals.push_back(card);
  }
  if (strength >= 4) return naturals;  // a straight or better: stand pat
  std::map<int, int> by_rank;
  std::map<int, int> by_suit;
  for (Card card : naturals) {
    ++by_rank[card.rank()];
    ++by_suit[static_cast<int>(card.suit())];
  }
  std::vector<Card> keep;
  for (Card card : naturals) {
    if (by_rank[card.rank()] >= 2) keep.push_back(card);
  }
  if (!keep.empty()) return keep;
  for (const auto& [suit, count] : by_suit) {
    if (count >= 4) {
      for (Card card : naturals) {
        if (static_cast<int>(card.suit()) == suit) keep.push_back(card);
      }
      return keep;
    }
  }
  if (!naturals.empty()) {
    keep.push_back(*std::max_element(naturals.begin(), naturals.end(),
                                     [](Card a, Card b) { return a.rank() < b.rank(); }));
  }
  return keep;
}

Json sensible_draw(const SensibleSeen& seen) {
  const int strength = tier(seen.category);
  std::vector<Card> keep = cards_to_keep(seen.hand, strength);
  std::vector<Card> discard;
  bool joker_kept = false;
  for (Card card : seen.hand) {
    bool kept = std::find(keep.begin(), keep.end(), card) != keep.end();
    if (card.is_joker()) {
      kept = !joker_kept;  // only one joker counts: keep the first, change a second
      joker_kept = true;
    }
    if (!kept) discard.push_back(card);
  }
  // Over the limit: change the lowest cards first (jokers stay).
  std::sort(discard.begin(), discard.end(), [](Card a, Card b) {
    if (a.is_joker() != b.is_joker()) return a.is_joker();
    return a.rank() < b.rank();
  });
  if (discard.size() > seen.max_discard) discard.resize(seen.max_discard);
  return {{"type", "draw"}, {"discard", discard_json(discard)}};
}

class SensibleBot : public BotPolicy {
 public:
  Json choose(const Json& view, Rng& rng) const override {
    return sensible_move(read_view(view), rng);
  }
};

}  // namespace

std::unique_ptr<BotPolicy> make_random_bot() { return std::make_unique<RandomBot>(); }
std::unique_ptr<BotPolicy> make_sensible_bot() { return std::make_unique<SensibleBot>(); }

Json sensible_move(const SensibleSeen& seen, Rng& rng) {
  if (seen.drawing) return sensible_draw(seen);
  const int strength = tier(seen.category);
  const bool big_pot = seen.current_bet >= 3 * seen.max_bet;
  if (seen.raise && strength >= 4 && !big_pot) return amount_move("raise", seen.raise->max);
  if (seen.bet && (strength >= 2 || (seen.can_open && !seen.second_round) ||
                   (seen.second_round && strength >= 1 && rng.below(3) == 0))) {
    return amount_move("bet", strength >= 3 ? seen.bet->max : seen.bet->min);
  }
  if (seen.may_call) {
    const bool worth = strength >= 2 || seen.can_open || (strength == 1 && !big_pot);
    if (worth) return {{"type", "call"}};
    if (seen.may_check) return {{"type", "check"}};
    return {{"type", "fold"}};
  }
  if (seen.may_check) return {{"type", "check"}};
  return {{"type", "fold"}};
}

}  // namespace parlor::poker
