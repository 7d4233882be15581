#include "engine/perico/perico_bots.hpp"

#include <algorithm>

#include "engine/perico/perico_rules.hpp"
#include "engine/perico/perico_strategy.hpp"

namespace parlor::perico {
namespace {

std::vector<Card> cards_of(const Json& list) {
  auto cards = parse_card_array(list);
  return cards ? *cards : std::vector<Card>{};
}

Json discard_move(Card card) { return {{"type", "discard"}, {"card", card.str()}}; }

Json take_move(int count, const std::vector<Card>& discards) {
  return {{"type", "take"}, {"count", count}, {"discard", cards_to_json(discards)}};
}

class RandomBot : public BotPolicy {
 public:
  Json choose(const Json& view, Rng& rng) const override {
    const Json legal = view.value("legal", Json::object());
    std::vector<Card> hand = cards_of(view.value("hand", Json::array()));
    if (legal.value("discard", false) && !hand.empty()) {
      return discard_move(hand[rng.below(hand.size())]);
    }
    std::vector<std::string> types;
    if (legal.value("draw", false)) types.push_back("draw");
    if (legal.value("knock", false)) types.push_back("knock");
    const int take_max = legal.value("take_max", 0);
    if (take_max > 0) types.push_back("take");
    if (types.empty()) return {{"type", "draw"}};
    const std::string type = types[rng.below(types.size())];
    if (type != "take") return {{"type", type}};
    const int count = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(take_max)));
    rng.shuffle(hand);
    hand.resize(static_cast<std::size_t>(count));
    return take_move(count, hand);
  }
};

// The weakest hand the sensible bot knocks with: five-card three of a kind, six-card old
// house, each with one joker (fewer jokers rank higher).
std::uint32_t knock_level(int hand_size) {
  static const std::uint32_t kFive =
      rank_hand(*parse_card_list("2C 2D JK 9S 7D")).strength;  // three_of_a_kind
  static const std::uint32_t kSix =
      rank_hand(*parse_card_list("2C 2D JK 3S 3H 9D")).strength;  // old_house
  return hand_size == 6 ? kSix : kFive;
}

SensibleSeen read_view(const Json& view) {
  const Json legal = view.value("legal", Json::object());
  SensibleSeen seen;
  seen.hand = cards_of(view.value("hand", Json::array()));
  seen.pile = cards_of(view.value("discard_pile", Json::array()));
  seen.hand_size = view.value("hand_size", 5);
  seen.knock_running = view.contains("knock") && view["knock"].value("running", false);
  seen.discarding = legal.value("discard", false);
  seen.can_draw = legal.value("draw", false);
  seen.can_knock = legal.value("knock", false);
  seen.take_max = legal.value("take_max", 0);
  return seen;
}

bool holds_joker(const SensibleSeen& seen) {
  return std::any_of(seen.hand.begin(), seen.hand.end(), [](Card c) { return c.is_joker(); });
}

// After a draw: keep the best hand, unless another seat's knock is running and even the
// best hand is below the knocking level: then the joker goes on top to cancel it.
Json choose_discard(const SensibleSeen& seen) {
  const std::size_t worst = best_discard_index(seen.hand);
  std::vector<Card> kept = seen.hand;
  kept.erase(kept.begin() + static_cast<std::ptrdiff_t>(worst));
  if (seen.knock_running && holds_joker(seen) &&
      rank_hand(kept).strength < knock_level(seen.hand_size)) {
    return discard_move(Card::joker());
  }
  return discard_move(seen.hand[worst]);
}

Json choose_turn(const SensibleSeen& seen) {
  const hands::HandRank current = rank_hand(seen.hand);
  const bool strong = current.strength >= knock_level(seen.hand_size);
  if (seen.can_knock && (strong || !seen.can_draw)) return {{"type", "knock"}};
  if (seen.knock_running && holds_joker(seen) && seen.take_max > 0 && !strong) {
    return take_move(1, {Card::joker()});  // cancels the knock
  }
  auto plan = best_take(seen.hand, seen.pile, seen.take_max);
  const bool better_category =
      plan && plan->result.strength > current.strength && plan->result.category != current.category;
  if (plan && (better_category || !seen.can_draw)) return take_move(plan->count, plan->discards);
  if (seen.can_draw) return {{"type", "draw"}};
  plan = best_take(seen.hand, seen.pile, seen.take_max, /*allow_joker_on_top=*/true);
  if (plan) return take_move(plan->count, plan->discards);
  return {{"type", "draw"}};
}

class SensibleBot : public BotPolicy {
 public:
  Json choose(const Json& view, Rng& /*rng*/) const override {
    return sensible_move(read_view(view));
  }
};

}  // namespace

std::unique_ptr<BotPolicy> make_random_bot() { return std::make_unique<RandomBot>(); }
std::unique_ptr<BotPolicy> make_sensible_bot() { return std::make_unique<SensibleBot>(); }

Json sensible_move(const SensibleSeen& seen) {
  if (seen.discarding && !seen.hand.empty()) return choose_discard(seen);
  if (seen.hand.size() != static_cast<std::size_t>(seen.hand_size)) return {{"type", "draw"}};
  return choose_turn(seen);
}

}  // namespace parlor::perico
