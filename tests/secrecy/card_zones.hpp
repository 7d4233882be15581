// Where every physical card of a match is, read from the engine's own state (never from
// a view): the ground truth the secrecy checker compares each received frame against.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "engine/core/card.hpp"
#include "engine/core/game.hpp"

namespace parlor::testing {

// Who may see the cards of a zone: everyone, one seat only, or nobody.
struct ZoneAudience {
  static constexpr int kEveryone = -1;
  static constexpr int kNobody = -2;
};

struct CardZone {
  std::string name;                      // "hand 2", "stock", ... (for the failure messages)
  int audience = ZoneAudience::kNobody;  // a seat, kEveryone or kNobody
  bool is_hand = false;  // a hand (or a hidden choice): revealed at a showdown or round's end
  std::vector<Card> cards;

  bool visible_to(int viewer) const {
    return audience == ZoneAudience::kEveryone || (viewer >= 0 && audience == viewer);
  }
};

// Every zone of the state, together holding every physical card exactly once (a card
// code twice when the game plays two decks). Empty for a game this file does not know.
std::vector<CardZone> zones_of(const GameState& state);

// Card code -> number of physical copies.
using CardCounts = std::map<std::string, int>;

// Cards shown face up during one action that end it hidden again (Perico: a joker on
// top sends the pile just placed back into the stock). `actor` took the action.
// Poker: the cards a "draw" action served its seat, from the zones before it (the stock's
// top, in order). When the stock was too short and was rebuilt from the discards within
// the action, which cards came is the shuffle's: every card of the stock and the
// discards is returned then (an over-approximation, for that rare case only).
std::vector<Card> poker_cards_served(const std::vector<CardZone>& before, const Json& action);

CardCounts shown_in_passing(const std::string& game, const std::vector<CardZone>& before,
                            const std::vector<CardZone>& after, int actor);

}  // namespace parlor::testing
