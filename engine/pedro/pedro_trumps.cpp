#include "engine/pedro/pedro_trumps.hpp"

#include <algorithm>

namespace parlor::pedro {
namespace {

// The follow rules, with the low pedro counted either as the trump it is, or (only to
// name the mistake precisely) as a card of its printed suit.
bool follows(const std::vector<Card>& hand, std::optional<Card> led, Card card, Suit trump,
             const Variant& variant, bool low_pedro_as_printed) {
  auto trumpish = [&](Card c) {
    if (low_pedro_as_printed && is_low_pedro(c, trump)) return false;
    return is_trump(c, trump);
  };
  auto suit_of = [&](Card c) { return trumpish(c) ? trump : c.suit(); };
  if (!led) return true;
  const bool trump_led = trumpish(*led);
  const bool holds_trump = std::any_of(hand.begin(), hand.end(), trumpish);
  if (trump_led) return !holds_trump || trumpish(card);
  if (variant.free_plain_follow) return true;
  const Suit led_suit = suit_of(*led);
  const bool holds_led_suit = std::any_of(
      hand.begin(), hand.end(), [&](Card c) { return !trumpish(c) && suit_of(c) == led_suit; });
  if (!holds_led_suit && !holds_trump) return true;
  return trumpish(card) || suit_of(card) == led_suit;
}

}  // namespace

Suit same_colour_suit(Suit suit) {
  switch (suit) {
    case Suit::kClubs:
      return Suit::kSpades;
    case Suit::kSpades:
      return Suit::kClubs;
    case Suit::kDiamonds:
      return Suit::kHearts;
    case Suit::kHearts:
      return Suit::kDiamonds;
  }
  return suit;
}

bool is_pedro(Card card, Suit trump) { return card.rank() == 5 && card.suit() == trump; }

bool is_low_pedro(Card card, Suit trump) {
  return card.rank() == 5 && card.suit() == same_colour_suit(trump);
}

bool is_trump(Card card, Suit trump) { return card.suit() == trump || is_low_pedro(card, trump); }

Suit effective_suit(Card card, Suit trump) { return is_trump(card, trump) ? trump : card.suit(); }

int trump_strength(Card card, Suit trump) {
  // Doubling the rank leaves a gap between the pedro (10) and the 4 (8) for the low pedro.
  return is_low_pedro(card, trump) ? 9 : card.rank() * 2;
}

int play_strength(Card card, Suit trump) {
  return is_trump(card, trump) ? 100 + trump_strength(card, trump) : card.rank();
}

int point_value(Card card, Suit trump, const Variant& variant) {
  if (!is_trump(card, trump)) return 0;
  if (card.rank() == 5) return 5;  // the pedro and the low pedro
  switch (card.rank()) {
    case kAce:
    case kJack:
    case kTen:
    case 2:
      return 1;
    case kKing:
      return variant.king_points;
    default:
      return 0;
  }
}

bool is_point_card(Card card, Suit trump, const Variant& variant) {
  return point_value(card, trump, variant) > 0;
}

std::size_t trick_winner_index(const std::vector<Card>& cards, Suit trump) {
  std::size_t best = 0;
  const Suit led_suit = effective_suit(cards[0], trump);
  for (std::size_t i = 1; i < cards.size(); ++i) {
    const Card c = cards[i];
    const Card b = cards[best];
    const bool c_trump = is_trump(c, trump);
    const bool b_trump = is_trump(b, trump);
    if (c_trump && (!b_trump || trump_strength(c, trump) > trump_strength(b, trump))) {
      best = i;
    } else if (!c_trump && !b_trump && c.suit() == led_suit && c.rank() > b.rank()) {
      best = i;
    }
  }
  return best;
}

FollowVerdict check_follow(const std::vector<Card>& hand, std::optional<Card> led, Card card,
                           Suit trump, const Variant& variant) {
  if (follows(hand, led, card, trump, variant, false)) return FollowVerdict::kLegal;
  if (follows(hand, led, card, trump, variant, true)) return FollowVerdict::kLowPedroIsTrump;
  return FollowVerdict::kMustFollow;
}

std::vector<Card> legal_follow_cards(const std::vector<Card>& hand, std::optional<Card> led,
                                     Suit trump, const Variant& variant) {
  std::vector<Card> legal;
  for (Card c : hand) {
    if (follows(hand, led, c, trump, variant, false)) legal.push_back(c);
  }
  return legal;
}

int count_trumps(const std::vector<Card>& cards, Suit trump) {
  return static_cast<int>(
      std::count_if(cards.begin(), cards.end(), [&](Card c) { return is_trump(c, trump); }));
}

}  // namespace parlor::pedro

namespace parlor::pedro {

DumpRule first_trick_dump(const std::vector<Card>& hand, const std::vector<Card>& legal, Suit trump,
                          const Variant& variant) {
  DumpRule rule;
  const int excess = static_cast<int>(hand.size()) - variant.hand_size();
  if (!variant.excess_dumped_at_first_trick || excess <= 0) {
    rule.playable = legal;
    return rule;
  }
  const int non_point = static_cast<int>(std::count_if(
      hand.begin(), hand.end(), [&](Card c) { return !is_point_card(c, trump, variant); }));
  auto dumpable_after = [&](Card played) {
    return std::min(excess, non_point - (is_point_card(played, trump, variant) ? 0 : 1));
  };
  for (Card c : legal) rule.count = std::max(rule.count, dumpable_after(c));
  for (Card c : legal) {
    if (dumpable_after(c) == rule.count) rule.playable.push_back(c);
  }
  return rule;
}

}  // namespace parlor::pedro
