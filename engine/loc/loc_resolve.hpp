// Resolving one reveal (../shared/rules/loc.md, "A hand", steps 5 and 6), as a pure
// function of the cards shown, so the rules can be tested without a match.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/card.hpp"

namespace parlor::loc {

inline constexpr int kHandSize = 6;  // dealt; one is discarded
inline constexpr int kPlays = 5;     // plays per hand; the last one only takes the pot

enum class PlayKind {
  kTookPot,   // plays 1-4: Joker/trump/ace shown; its player took the pot, all refreshed
  kExcused,   // plays 1-4: no pot-taker; the highest card's player was excused
  kFinalPot,  // play 5: the highest card took the pot; nobody pays
};

struct PlayOutcome {
  PlayKind kind = PlayKind::kExcused;
  int winner = 0;                  // the seat of the highest card shown
  std::int64_t took = 0;           // chips the winner took out of the pot
  std::vector<std::int64_t> paid;  // per seat: chips paid into the pot after the reveal
  std::int64_t pot_after = 0;
};

// `shown[seat]` is the card each seat showed in play number `play` (1..5), with `pot`
// chips in the pot before the reveal and `bet` the table's bet unit.
PlayOutcome resolve_play(const std::vector<Card>& shown, int play, std::int64_t pot,
                         std::int64_t bet);

// Each seat's change of balance from the outcome (taken minus paid).
std::vector<std::int64_t> balance_changes(const PlayOutcome& outcome);

std::string play_kind_name(PlayKind kind);  // "took_pot" | "excused" | "final_pot"

}  // namespace parlor::loc
