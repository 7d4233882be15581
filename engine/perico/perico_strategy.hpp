// Hand-keeping choices shared by the timeout default and the sensible bot: which card
// to discard after a draw, and which take (how many cards, which discards) leaves the
// best hand. Pure functions of cards the seat can see.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "engine/core/card.hpp"
#include "engine/hands/hand_eval.hpp"

namespace parlor::perico {

// `hand` holds one card more than a hand (after a draw, the drawn card last). Returns
// the index of the standard card whose discard leaves the best hand, the latest among
// equals. Never a joker (one on top reshuffles the pile and cancels a knock), even where
// dropping it would rank higher (fewer jokers win within a category).
std::size_t best_discard_index(std::span<const Card> hand);

struct TakePlan {
  int count = 0;
  std::vector<Card> discards;  // in the order placed: no joker last when avoidable
  hands::HandRank result;      // the hand after the take
};

// The take (1 <= count <= take_max) that leaves the best hand; among equals the smaller
// count. `pile` is top card first. Plans that would put a joker on top are skipped
// unless `allow_joker_on_top`. nullopt when take_max is 0 (or no plan qualifies).
std::optional<TakePlan> best_take(std::span<const Card> hand, std::span<const Card> pile,
                                  int take_max, bool allow_joker_on_top = false);

// The same among the takes of exactly `count` cards (the expert's candidates: the best
// of each count). nullopt when none qualifies or the pile is shorter than `count`.
std::optional<TakePlan> best_take_of(std::span<const Card> hand, std::span<const Card> pile,
                                     int count, bool allow_joker_on_top = false);

// Orders discards for placing: jokers first (lowest), so a standard card ends on top.
std::vector<Card> jokers_below(std::vector<Card> discards);

}  // namespace parlor::perico
