// Perico's rules as plain functions (../shared/rules/perico.md): the two variants'
// parameters, hand ranking through parlor_hands, the take's discard check, the
// showdown and the match's end. No state of its own: PericoState calls these.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/card.hpp"
#include "engine/core/expected.hpp"
#include "engine/hands/hand_eval.hpp"

namespace parlor::perico {

// What differs between `five_card` and `six_card`; everything else is shared.
struct Variant {
  std::string_view name;
  int hand_size = 5;
  int jokers = 2;
  int knock_threshold = 5;  // discard-pile cards needed to knock and to end a knock
  int min_seats = 2;
  int max_seats = 6;
  int default_target = 5;
};

const Variant& five_card();
const Variant& six_card();
// nullptr for a name that is not a variant.
const Variant* find_variant(std::string_view name);

enum class Scoring { kWinner, kOutranked };
std::optional<Scoring> parse_scoring(std::string_view name);
std::string_view scoring_name(Scoring scoring);

// The rank of a hand of exactly 5 or 6 cards (the variant's size).
hands::HandRank rank_hand(std::span<const Card> hand);

// Checks a take's discards: each must come from `held` (the hand before taking, as a
// multiset: identical jokers count), never from `taken` unless also held. Returns
// "card_just_taken" or "card_not_held" naming the first offending card.
std::optional<Error> check_take_discards(std::span<const Card> held, std::span<const Card> taken,
                                         std::span<const Card> discards);

// `held` minus `discards` (multiset), keeping the order of the cards kept.
std::vector<Card> remove_cards(std::span<const Card> held, std::span<const Card> discards);

// A finished round's comparison. A tie for best is a drawn round (no winner).
struct Showdown {
  std::vector<hands::HandRank> ranks;  // one per seat
  std::optional<int> winner;           // the single best hand, if there is one
  std::vector<std::int64_t> points;    // per seat, by the scoring option
};
Showdown compare_hands(const std::vector<std::vector<Card>>& hands, Scoring scoring);

// The match ends when someone reaches the target; with `outranked` scoring the highest
// total at or above the target must be alone (ties play on).
bool match_finished(const std::vector<std::int64_t>& scores, std::int64_t target);

}  // namespace parlor::perico
