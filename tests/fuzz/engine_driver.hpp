// fuzz_engine and fuzz_engine_long: a match of the game chosen by the first byte, started
// from a seed and options read from the input, then driven by a stream of moves the input
// picks: legal ones (from legal_actions, default_action, the game's bots), legal ones
// mutated (another card, amount or field, a field dropped), moves by the wrong seat,
// repeated moves and raw JSON.
//
// Properties, after every step (engine_invariants.hpp): who is waiting, scores and views
// are consistent and the cards are conserved; a legal move, a default move and a bot's
// move are accepted; a rejected move changes nothing (every view's text is the same) and
// emits no event. Layout of an input: game, seats, 8 seed bytes, one byte per option of
// the game's schema, then the moves (fuzz_bytes.hpp).
//
// A step costs about as much as a move's JSON does (the legal moves listed, a bot's view,
// a view checked, a snapshot before a move that may be refused), so an input's cost grows
// with its steps: fuzz_engine stops after kShortSteps, a deal's opening moves (bids,
// first tricks, draws), and explores 16 inputs a second under ASan where 200 steps made 3;
// fuzz_engine_long goes on for kLongSteps, through several deals to a match's end, for what only
// long matches reach (a reshuffled stock, a match's last deal, the final placings).
#pragma once

#include <cstddef>
#include <cstdint>

namespace parlor::fuzz {

constexpr int kShortSteps = 24;
constexpr int kLongSteps = 400;

// Plays one input: the game, seats, seed and options it names, then at most `max_steps`
// moves; aborts with the broken property's description (fuzz_check.hpp) if one breaks.
void drive_engine(const std::uint8_t* data, std::size_t size, int max_steps);

}  // namespace parlor::fuzz
