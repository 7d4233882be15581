// Poker's chip arithmetic (../shared/rules/poker.md, "Table stakes"; "Ties"): the main
// pot and the side pots with the seats eligible for each, and how a pot is split among
// tied hands. Pure functions: chips in equal chips out, never created or lost.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/game.hpp"

namespace parlor::poker {

using Chips = std::int64_t;

struct Pot {
  Chips amount = 0;
  std::vector<Seat> eligible;  // ascending seat numbers
};

// The pots of a deal. `committed[s]` is what seat s bet this deal (antes excluded);
// `live[s]` whether s still contends for the pot (dealt in and not folded). `dead` (the
// antes and a jackpot carried over) belongs to the main pot, which every live seat may
// win. Each further pot holds the chips between two all-in levels and is open to the live
// seats that reached the upper level. Consecutive pots with the same eligible seats are
// merged; empty pots are left out. Chips a folded seat bet above every live seat's level
// (which betting rules never leave) join the last pot.
std::vector<Pot> build_pots(const std::vector<Chips>& committed, const std::vector<bool>& live,
                            Chips dead);

// Splits `amount` among `winners`: equal shares, and the chips that do not divide one
// each to the winners nearest the dealer's left (the first tied player left of the
// dealer gets the first odd chip). Returns one entry per seat (0..seats-1).
std::vector<Chips> split_pot(Chips amount, const std::vector<Seat>& winners, Seat dealer,
                             int seats);

// Each pot goes to its eligible seats with the greatest `strength` (split on ties).
// Returns each seat's winnings; `winners_per_pot` (when given) receives each pot's winners.
std::vector<Chips> award_pots(const std::vector<Pot>& pots,
                              const std::vector<std::uint32_t>& strength, Seat dealer, int seats,
                              std::vector<std::vector<Seat>>* winners_per_pot = nullptr);

}  // namespace parlor::poker
