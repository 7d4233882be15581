// Bots for the Pedro family. Both decide from the seat's view JSON alone (its hand, the
// public state and the "legal" section), so they can never cheat.
//
// Random: a uniformly random legal move, except that it bids sparingly (passes half
// the time, and bids at most two above the lowest legal bid) so random matches end.
// Sensible: bids its best suit's strength, names that suit, robs and discards the
// strongest cards, leads trumps from the top when it holds the ace, gives points to a
// partner who is winning the trick, wins cheaply and keeps its pedros out of danger.
#pragma once

#include <memory>
#include <vector>

#include "engine/core/card.hpp"
#include "engine/core/game.hpp"
#include "engine/pedro/pedro_variant.hpp"

namespace parlor::pedro {

std::unique_ptr<BotPolicy> make_random_bot();
std::unique_ptr<BotPolicy> make_sensible_bot();

// What the sensible bot reads from its seat's view to play to a trick, for a caller that
// has it without a view (the expert's rollouts read it from the state: pedro_worlds.cpp).
struct SensiblePlaySeen {
  Variant variant;
  Suit trump = Suit::kClubs;
  Seat seat = 0;
  std::vector<Card> playable;     // legal.play
  std::vector<Card> trick_cards;  // the trick so far, in order
  std::vector<Seat> trick_seats;  // who played each
  int in_play = 0;                // players not out
  int dump_count = 0;             // legal.dump.count; 0 when there is none
  std::vector<Card> dump_from;    // legal.dump.choose_from
};

// The sensible bot's play from what it sees: make_sensible_bot() plays this on the view.
Json sensible_play(const SensiblePlaySeen& seen);

}  // namespace parlor::pedro
