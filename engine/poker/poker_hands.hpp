// Poker's use of the hand evaluator (engine/hands/hand_eval.hpp): one shared evaluator
// per rule set, and the "jacks or better" opening requirement.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/core/card.hpp"
#include "engine/hands/hand_eval.hpp"

namespace parlor::poker {

// The evaluator for `rules`, built once per rule set and shared (it is immutable).
std::shared_ptr<const hands::PokerEvaluator> evaluator_for(const hands::PokerRules& rules);

// The strength of the weakest hand that may open ("at least a pair of jacks in the
// current order, jokers count"). How: the weakest natural pair of jacks is J J with the
// three lowest other ranks of the deck in mixed suits (a pair with distinct kickers can
// be nothing else). With jokers in the deck, a jack, a joker and three distinct ranks
// below the jack also make a pair of jacks when the evaluator calls them `one_pair` (the
// joker pairs with the highest card, the jack) — and such a hand ranks below the natural
// one with the same ranks. The threshold is the minimum strength over all these hands, so
// every hand at least as strong as some pair of jacks may open.
std::uint32_t opening_threshold(const hands::PokerEvaluator& evaluator, int jokers);

hands::HandRank evaluate_hand(const hands::PokerEvaluator& evaluator,
                              const std::vector<Card>& hand);

// How many jokers `cards` holds (a hand with two must discard one at the draw).
int count_jokers(const std::vector<Card>& cards);

}  // namespace parlor::poker
