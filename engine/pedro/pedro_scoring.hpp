// Scoring a hand and deciding the match (../shared/rules/pedro.md, "Scoring a hand",
// Pedro "Game", King Pedro "Game", Cinch "Scoring" and "Game").
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "engine/pedro/pedro_variant.hpp"

namespace parlor::pedro {

using SideScores = std::array<std::int64_t, 2>;

// What a finished hand produced. Sides are 0 (seats 0 and 2) and 1 (seats 1 and 3).
struct HandTally {
  int bid = 0;            // 0: no contract (Cinch after four passes)
  int bidding_side = -1;  // -1: no contract
  std::array<int, 2> points{};
};

struct HandScore {
  std::array<std::int64_t, 2> delta{};
  bool contract = false;
  bool made = false;  // the bidding side reached its bid
};

// The three scoring schemes of the family.
HandScore score_hand(const HandTally& tally, const Variant& variant);

// The winning side after a hand, if the match is decided. `before` are the scores at
// the start of the hand (Pedro's "bidder goes out" looks at them), `after` with the
// hand scored.
std::optional<int> match_winner(const Variant& variant, const SideScores& before,
                                const SideScores& after, const HandTally& tally,
                                const HandScore& score);

}  // namespace parlor::pedro
