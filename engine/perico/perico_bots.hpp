// Perico's two bots. Both decide from a seat's view JSON only ("hand",
// "discard_pile", "knock", "legal", "hand_size").
#pragma once

#include <memory>
#include <vector>

#include "engine/core/card.hpp"
#include "engine/core/game.hpp"

namespace parlor::perico {

// Chooses a move type uniformly among those legal (draw, take, knock; or discard), then
// a uniformly random move of that type: a count 1..take_max and random ordered
// discards, or a random card. (Uniform over types, not over the hundreds of takes, so
// random tables knock and rounds end.)
std::unique_ptr<BotPolicy> make_random_bot();

// Keeps its best hand: discards the card that leaves the best hand, takes when a take
// reaches a better category, else draws. Knocks with a strong hand (five-card: three of
// a kind, six-card: old house) or when the stock is empty. Never leaves a joker on top,
// except to cancel another player's knock while its own hand is below the knocking
// level.
std::unique_ptr<BotPolicy> make_sensible_bot();

// What the sensible bot reads from its seat's view, for a caller that has it without a
// view (the expert's rollouts read it from the state: perico_worlds.cpp).
struct SensibleSeen {
  std::vector<Card> hand;
  std::vector<Card> pile;  // top first
  int hand_size = 5;
  bool knock_running = false;
  bool discarding = false;  // legal.discard
  bool can_draw = false;
  bool can_knock = false;
  int take_max = 0;
};

// The sensible bot's move from what it sees: make_sensible_bot() is this on the view.
Json sensible_move(const SensibleSeen& seen);

}  // namespace parlor::perico
