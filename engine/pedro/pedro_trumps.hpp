// Trumps, the two pedros, trick winners, point cards and the follow rules of the
// Pedro family (../shared/rules/pedro.md, "Trumps and the pedros", "Following").
//
// The low pedro (the 5 of the other suit of the trump colour) is a trump in every
// respect: its effective suit is the trump suit, it ranks between the pedro and the
// 4, and it never follows or leads its printed suit.
#pragma once

#include <optional>
#include <vector>

#include "engine/core/card.hpp"
#include "engine/pedro/pedro_variant.hpp"

namespace parlor::pedro {

// Clubs <-> spades, diamonds <-> hearts.
Suit same_colour_suit(Suit suit);

bool is_pedro(Card card, Suit trump);
bool is_low_pedro(Card card, Suit trump);
bool is_trump(Card card, Suit trump);
// The suit a card counts as for following and leading: the trump suit for every trump.
Suit effective_suit(Card card, Suit trump);

// Higher beats lower among trumps: A K Q J T 9 8 7 6 5(pedro) 5(low) 4 3 2.
int trump_strength(Card card, Suit trump);
// Sorting key across a whole hand: trumps above every plain card, then by strength.
int play_strength(Card card, Suit trump);

// Points the card scores when captured (or, for King Pedro's two, when played).
int point_value(Card card, Suit trump, const Variant& variant);
bool is_point_card(Card card, Suit trump, const Variant& variant);

// Index into `cards` (in playing order, the lead first) of the card winning the trick.
std::size_t trick_winner_index(const std::vector<Card>& cards, Suit trump);

enum class FollowVerdict {
  kLegal,
  kMustFollow,      // a card the follow rules do not allow
  kLowPedroIsTrump  // would be legal only if the low pedro were a card of its printed suit
};

// Whether `card` (held) may be played to a trick led by `led` (none: leading).
FollowVerdict check_follow(const std::vector<Card>& hand, std::optional<Card> led, Card card,
                           Suit trump, const Variant& variant);

// Every card of `hand` the follow rules allow now.
std::vector<Card> legal_follow_cards(const std::vector<Card>& hand, std::optional<Card> led,
                                     Suit trump, const Variant& variant);

int count_trumps(const std::vector<Card>& cards, Suit trump);

}  // namespace parlor::pedro

namespace parlor::pedro {

// Pedro and King Pedro: a player holding more than 6 cards at the first trick plays
// one and dumps the excess face down, never a point card. `count` is how many to dump
// and `playable` the legal cards that leave enough non-point cards to dump. When even
// the best choice leaves too few (only possible in King Pedro, with all seven point
// trumps in one hand), `count` is what can be dumped: that player keeps the rest.
struct DumpRule {
  int count = 0;
  std::vector<Card> playable;
};
DumpRule first_trick_dump(const std::vector<Card>& hand, const std::vector<Card>& legal, Suit trump,
                          const Variant& variant);

}  // namespace parlor::pedro
