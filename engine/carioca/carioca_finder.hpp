// Searching a hand for a contract, for the bots and for legal_actions(): the lowering
// that lays down the most cards (so the fewest points stay in hand), and the cards of a
// hand that could be laid off onto the melds on the table.
//
// The search tries every way to build the contract's straights from the hand (each a
// run of its suit with at most one joker), then takes the trios greedily from what is
// left (the largest ranks first; a joker completes a pair), then hands the remaining
// jokers to melds that have none. It stops after `node_budget` straight combinations,
// so its cost stays bounded however large a hand grows by stealing.
#pragma once

#include <optional>
#include <vector>

#include "engine/carioca/carioca_melds.hpp"

namespace parlor::carioca {

struct Lowering {
  std::vector<std::vector<Card>> melds;  // each in the order the lower action lists it
  int cards_used = 0;
};

std::optional<Lowering> find_lowering(const std::vector<Card>& hand, const Contract& contract,
                                      const MeldRules& rules, int node_budget = 4000);

// The melds as the lower action lists them: [["7C","7D","7H"], ...].
Json lowering_json(const Lowering& lowering);

// The hand without the cards of `lowering`.
std::vector<Card> cards_left(const std::vector<Card>& hand, const Lowering& lowering);

}  // namespace parlor::carioca
