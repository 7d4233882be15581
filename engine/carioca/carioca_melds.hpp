// Carioca's melds (../shared/rules/carioca.md, "Melds" and "Contracts"): trios,
// straights, jokers and the values their positions give them, lay-offs, and the
// contract of each round.
//
// A straight is stored low to high. Each position has a value: 1 is the ace low, 2..13
// the ranks two to king, 14 the ace high, and with `straight_wrap` values go on past 14
// round the corner (15 is a two again). `low` is the value of the first card, kept in
// 1..13, so a straight's values are low..low+size-1 and a joker's value is fixed by its
// index. Without `straight_wrap` every value stays within 1..14.
//
// Error codes: invalid_meld, too_many_jokers (a second joker in a new meld), joker_limit
// (more jokers than half the natural cards), adjacent_jokers, does_not_fit,
// end_required, wrong_contract, duplicate_trio_rank.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/card.hpp"
#include "engine/core/expected.hpp"

namespace parlor::carioca {

inline constexpr int kRounds = 8;
inline constexpr int kMaxStraight = 13;  // no rank twice

struct MeldRules {
  bool straight_wrap = true;
};

enum class MeldKind { kTrio, kStraight };
enum class End { kLow, kHigh };

struct Meld {
  MeldKind kind = MeldKind::kTrio;
  std::vector<Card> cards;   // a straight's low to high
  int rank = 0;              // trio: 2..14
  Suit suit = Suit::kClubs;  // straight
  int low = 0;               // straight: value of cards.front(), 1..13

  int high() const { return low + static_cast<int>(cards.size()) - 1; }
  int jokers() const;
  int naturals() const { return static_cast<int>(cards.size()) - jokers(); }
  // What the card at `index` stands for: "5S" in a straight, the rank ("7") in a trio.
  std::string stands_for(std::size_t index) const;
};

// The card rank (2..14, ace 14) at a straight position value (any integer).
int rank_at(int value);

// Reads cards as a meld already allowed on the table: a trio (3+ of one rank) or a
// straight (4+ consecutive of one suit, listed low to high), with no two jokers side
// by side and no more jokers than half the naturals.
Expected<Meld> read_meld(const std::vector<Card>& cards, const MeldRules& rules);

// A meld being lowered: read_meld plus at most one joker.
Expected<Meld> new_meld(const std::vector<Card>& cards, const MeldRules& rules);

// The meld with `card` added. `end` picks the end of a straight; without it the one end
// that fits is used (a natural that fits both goes high; a joker needs `end`).
Expected<Meld> lay_off(const Meld& meld, Card card, std::optional<End> end, const MeldRules& rules);

struct Contract {
  int trios = 0;
  int straights = 0;
  bool go_out = false;  // rounds 7 and 8: lowering only together with going out
  int hand_size = 11;
  int min_cards() const { return 3 * trios + 4 * straights; }
  std::string describe() const;  // "2 trios + 1 straight"
};

// Round 1..8.
const Contract& contract_for_round(int round);

// Exactly the contract's trios and straights, the trios of different ranks.
std::optional<Error> check_contract(const std::vector<Meld>& melds, const Contract& contract);

// Points a card left in hand costs (rules, "Ending a round and scoring").
int card_points(Card card, bool flat_low_cards, int joker_value);

}  // namespace parlor::carioca
