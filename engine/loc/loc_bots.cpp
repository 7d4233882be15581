#include "engine/loc/loc_bots.hpp"

#include <algorithm>

#include "engine/loc/loc_cards.hpp"
#include "engine/loc/loc_resolve.hpp"
#include "engine/loc/loc_worlds.hpp"
#include "engine/search/expert_policy.hpp"

namespace parlor::loc {
namespace {

struct SeatChoice {
  std::string type;  // "discard" or "play"; empty when the seat may not act
  std::vector<Card> cards;
};

SeatChoice legal_cards(const Json& view) {
  SeatChoice choice;
  const Json legal = view.value("legal", Json::object());
  Notation notation = deck_notation(deck_kind_from_name(view.value("deck", "standard")));
  for (const char* type : {"discard", "play"}) {
    if (!legal.contains(type)) continue;
    auto cards = parse_card_array(legal[type], notation);
    if (!cards || cards->empty()) continue;
    choice.type = type;
    choice.cards = std::move(*cards);
  }
  return choice;
}

Json action(const std::string& type, Card card) { return {{"type", type}, {"card", card.str()}}; }

// A King or better (standard rank 13, tarot rank 14) usually is the highest card shown.
bool likely_excused(Card card) {
  if (card.is_tarot_suit_card()) return card.rank() >= kTarotAce - 1;
  return card.is_standard() && card.rank() >= kKing;
}

Card sensible_play(std::vector<Card> cards) {
  if (cards.size() == 1) return cards.front();
  Card reserve = strongest(cards);  // for play 5, where the highest card takes the pot
  cards.erase(std::find(cards.begin(), cards.end(), reserve));
  std::vector<Card> takers;
  std::copy_if(cards.begin(), cards.end(), std::back_inserter(takers), takes_pot);
  if (!takers.empty()) return strongest(takers);
  Card best = strongest(cards);
  return likely_excused(best) ? best : weakest(cards);
}

class RandomBot : public BotPolicy {
 public:
  Json choose(const Json& seat_view, Rng& rng) const override {
    SeatChoice choice = legal_cards(seat_view);
    if (choice.cards.empty()) return {{"type", "play"}};
    return action(choice.type, choice.cards[rng.below(choice.cards.size())]);
  }
};

class SensibleBot : public BotPolicy {
 public:
  Json choose(const Json& seat_view, Rng& /*rng*/) const override {
    SeatChoice choice = legal_cards(seat_view);
    return sensible_move(choice.type, std::move(choice.cards));
  }
};

}  // namespace

Json sensible_move(const std::string& step, std::vector<Card> cards) {
  if (cards.empty()) return {{"type", "play"}};
  if (step == "discard") return action(step, weakest(cards));
  return action(step, sensible_play(std::move(cards)));
}

std::unique_ptr<BotPolicy> make_loc_bot(BotLevel level) {
  return search::make_levelled_bot(
      level, {[]() -> std::unique_ptr<BotPolicy> { return std::make_unique<RandomBot>(); },
              []() -> std::unique_ptr<BotPolicy> { return std::make_unique<SensibleBot>(); },
              make_world_sampler, sensible_move_on_state});
}

}  // namespace parlor::loc
