// What must hold of any game state after any accepted or rejected move, checked by
// fuzz_engine after every step and by fuzz_journal_replay after every replayed action.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/card.hpp"
#include "engine/core/game.hpp"

namespace parlor::fuzz {

// Every card of the match wherever it is (hands, stock, piles, melds, tricks), sorted;
// the same multiset from the first deal to the end of a match.
std::vector<Card> all_cards(const GameState& state);

// The whole observable state: every viewer's view text, scores and who is waiting. Equal
// snapshots before and after a rejected move prove that it changed nothing.
std::string snapshot(const GameState& state);

// The first broken invariant, or "": who is waiting (over exactly when nobody, one seat
// on a turn, seats in range and distinct), the scores (one per seat; Pedro's partners
// share one; Loc's balances and pot sum to zero), every waiting seat has a move, the
// table's and `viewer`'s view text equals its tree and the viewer's view is the table's
// plus its own fields, and the cards equal `cards_at_start` while the match runs.
// FIRST_LEGAL, when given, receives the legal moves of the first waiting seat, listed for
// the check: a driver picks its next move from them instead of listing them again (a
// Perico turn lists about 300 ordered takes, and listing them was a third of a step).
std::string invariant_problem(const GameState& state, const std::vector<Card>& cards_at_start,
                              Seat viewer, LegalActions* first_legal = nullptr);

}  // namespace parlor::fuzz
