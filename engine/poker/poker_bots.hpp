// Poker's bots. Both decide from the seat's view alone (its "hand", "hand_category",
// "can_open", the public table and "legal"), so they can play as network clients.
// - Random: a uniformly chosen kind of legal move; amounts and discards at random.
// - Sensible: opens and calls by hand strength, raises strong hands, and draws to its
//   best hand (keeps a straight or better, pairs and trips, four to a flush,
//   otherwise its highest card and a joker).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/card.hpp"
#include "engine/core/game.hpp"

namespace parlor::poker {

std::unique_ptr<BotPolicy> make_random_bot();
std::unique_ptr<BotPolicy> make_sensible_bot();

// What the sensible bot reads from its seat's view, for a caller that has it without a
// view (the expert's rollouts read it from the state: poker_worlds.cpp).
struct SensibleSeen {
  struct Amounts {
    std::int64_t min = 0;
    std::int64_t max = 0;
  };
  std::vector<Card> hand;
  std::string category = "high_card";  // hand_category
  bool second_round = false;           // phase is second_betting
  bool can_open = false;
  std::int64_t current_bet = 0;
  std::int64_t max_bet = 0;  // limits.max_bet
  // legal: the draw (with its max_discard), or the betting moves.
  bool drawing = false;
  std::size_t max_discard = 0;
  bool may_check = false;
  bool may_call = false;
  std::optional<Amounts> bet;
  std::optional<Amounts> raise;
};

// The sensible bot's move from what it sees: make_sensible_bot() is this on the view.
Json sensible_move(const SensibleSeen& seen, Rng& rng);

}  // namespace parlor::poker
