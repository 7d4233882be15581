#include "tests/hands/reference_eval.hpp"

#include <algorithm>
#include <array>
#include <map>

namespace parlor::hands::reference {
namespace {

using C = Category;

// Fixed-size storage keeps the exhaustive runs (about a billion substitutions) fast; the
// logic stays a literal reading of the rules.
constexpr int kMaxCards = 6;

struct Plain {  // a standard card after substitution: rank 2..14, suit 0..3
  int rank = 0;
  int suit = 0;
};

struct PlainHand {
  std::array<Plain, kMaxCards> card{};
  int size = 0;
  void add(Plain c) { card[size++] = c; }
};

// A hand's natural cards, as plain cards, and how many jokers it has besides.
struct NaturalsAndJokers {
  PlainHand naturals;
  int jokers = 0;
};

NaturalsAndJokers split_jokers(const std::vector<Card>& hand) {
  NaturalsAndJokers split;
  for (Card c : hand) {
    if (c.is_joker()) {
      ++split.jokers;
    } else {
      split.naturals.add({c.rank(), static_cast<int>(c.suit())});
    }
  }
  return split;
}

using Ranks = std::array<int, kMaxCards>;  // tie-break ranks, zero-padded

// How a plain hand splits into books: sizes largest first; the ranks of books (two or
// more cards of a rank) larger first, of equal size the higher rank first, then the
// remaining single cards from the highest down; and every card's rank, highest first.
struct Analysis {
  std::array<int, kMaxCards> sizes{};
  Ranks books_then_singles{};
  Ranks descending{};
  bool one_suit = true;
};

Analysis analyse(const PlainHand& hand) {
  Analysis a;
  std::array<int, 15> count{};
  for (int i = 0; i < hand.size; ++i) {
    ++count[hand.card[i].rank];
    a.one_suit = a.one_suit && hand.card[i].suit == hand.card[0].suit;
  }
  std::array<std::pair<int, int>, kMaxCards> groups{};  // (size, rank)
  int n = 0;
  int d = 0;
  for (int rank = kAce; rank >= 2; --rank) {
    for (int k = 0; k < count[rank]; ++k) a.descending[d++] = rank;
    if (count[rank] > 0) groups[n++] = {count[rank], rank};
  }
  std::stable_sort(groups.begin(), groups.begin() + n,
                   [](auto x, auto y) { return x.first > y.first; });
  for (int i = 0; i < n; ++i) {
    a.sizes[i] = groups[i].first;
    a.books_then_singles[i] = groups[i].second;
  }
  return a;
}

bool shape_is(const Analysis& a, std::initializer_list<int> sizes) {
  std::array<int, kMaxCards> want{};
  std::copy(sizes.begin(), sizes.end(), want.begin());
  return a.sizes == want;
}

// `n` distinct ranks (descending) in a row, or the ace below the lowest rank `low`
// followed by low, low+1, ...
bool is_run(const Ranks& desc, int n, int low) {
  bool consecutive = true;
  for (int i = 1; i < n; ++i) consecutive = consecutive && desc[i] == desc[i - 1] - 1;
  if (consecutive) return true;
  if (desc[0] != kAce) return false;
  for (int i = 1; i < n; ++i) {
    if (desc[i] != low + (n - 1 - i)) return false;
  }
  return true;
}

// ------------------------------------------------------------------ Perico

bool perico_book_category(Category c) {
  return !(c == C::kRoyalFlush || c == C::kStraightFlush || c == C::kStraight || c == C::kFlush ||
           c == C::kHighCard);
}

// A plain (joker-free) Perico hand's category, straight from the lists in perico.md.
Category perico_plain_category(const PlainHand& hand, const Analysis& a) {
  const int n = hand.size;
  const bool flush = a.one_suit;
  const bool straight = a.sizes[0] == 1 && is_run(a.descending, n, 2);
  if (n == 5) {
    if (flush && straight && a.descending[4] == kTen) return C::kRoyalFlush;  // A-K-Q-J-T
    if (shape_is(a, {5})) return C::kFiveOfAKind;
    if (flush && straight) return C::kStraightFlush;
    if (shape_is(a, {4, 1})) return C::kFourOfAKind;
    if (shape_is(a, {3, 2})) return C::kFullHouse;
    if (flush) return C::kFlush;
    if (straight) return C::kStraight;
    if (shape_is(a, {3, 1, 1})) return C::kThreeOfAKind;
    if (shape_is(a, {2, 2, 1})) return C::kTwoPair;
    if (shape_is(a, {2, 1, 1, 1})) return C::kOnePair;
    return C::kHighCard;
  }
  if (flush && straight && a.descending[5] == 9) return C::kRoyalFlush;  // A-K-Q-J-T-9
  if (shape_is(a, {6})) return C::kSixOfAKind;
  if (flush && straight) return C::kStraightFlush;
  if (shape_is(a, {5, 1})) return C::kFiveOfAKind;
  if (shape_is(a, {4, 2})) return C::kNewHouse;
  if (shape_is(a, {3, 3})) return C::kCrazyHouse;
  if (shape_is(a, {4, 1, 1})) return C::kFourOfAKind;
  if (flush) return C::kFlush;
  if (straight) return C::kStraight;
  if (shape_is(a, {3, 2, 1})) return C::kOldHouse;
  if (shape_is(a, {2, 2, 2})) return C::kThreePair;
  if (shape_is(a, {3, 1, 1, 1})) return C::kThreeOfAKind;
  if (shape_is(a, {2, 2, 1, 1})) return C::kTwoPair;
  if (shape_is(a, {2, 1, 1, 1, 1})) return C::kOnePair;
  return C::kHighCard;
}

struct PericoOrders {
  std::array<int, 32> five{};
  std::array<int, 32> six{};
  PericoOrders() {
    for (int size : {5, 6}) {
      auto list = perico_categories_best_first(size);
      auto& order = size == 5 ? five : six;
      for (std::size_t i = 0; i < list.size(); ++i) {
        order[static_cast<int>(list[i])] = static_cast<int>(list.size() - 1 - i);
      }
    }
  }
};

int perico_order(Category c, int hand_size) {
  static const PericoOrders kOrders;
  return (hand_size == 5 ? kOrders.five : kOrders.six)[static_cast<int>(c)];
}

// Calls visit(hand) for the naturals plus every multiset of `count` cards of `domain`.
template <class Visit>
void for_each_substitution(const std::vector<Plain>& domain, int count, std::size_t first,
                           PlainHand& hand, const Visit& visit) {
  if (count == 0) {
    visit(hand);
    return;
  }
  for (std::size_t i = first; i < domain.size(); ++i) {
    hand.add(domain[i]);
    for_each_substitution(domain, count - 1, i, hand, visit);
    --hand.size;
  }
}

// ------------------------------------------------------------------ Poker

// Every class a plain Poker hand belongs to: `live` cards plus `dead` dead jokers.
template <class Consider>
void poker_plain_classes(const PlainHand& live, int dead, const PokerRules& rules,
                         const Consider& consider) {
  const Analysis a = analyse(live);
  Ranks books = a.books_then_singles;  // a dead joker "ranks below every card": 0
  Ranks desc = a.descending;
  if (shape_is(a, {5})) consider("five_of_a_kind", books);
  if (shape_is(a, {4, 1}) || shape_is(a, {4})) consider("four_of_a_kind", books);
  if (shape_is(a, {3, 2})) consider("full_house", books);
  if (shape_is(a, {3, 1, 1}) || shape_is(a, {3, 1})) consider("three_of_a_kind", books);
  if (shape_is(a, {2, 2, 1}) || shape_is(a, {2, 2})) consider("two_pair", books);
  if (shape_is(a, {2, 1, 1, 1}) || shape_is(a, {2, 1, 1})) consider("one_pair", books);
  consider("high_card", desc);
  if (dead > 0) return;  // a dead joker "makes nothing, and is not a figure"
  const bool flush = a.one_suit;
  const bool straight = a.sizes[0] == 1 && is_run(desc, 5, rules.lowest_rank);
  // "A straight ranks by its top card, the low-ace straight lowest."
  const bool low_ace = straight && desc[0] == kAce && desc[1] != kKing;
  const Ranks top = {low_ace ? desc[1] : desc[0]};
  if (flush && straight) consider("straight_flush", top);
  if (flush) consider("flush", desc);
  // "With ace_straight_over_flush, straights containing an ace" move; else they stay.
  const bool ace_moves = rules.ace_straight_over_flush && desc[0] == kAce;
  if (straight) consider(ace_moves ? "ace_straight" : "straight", top);
  if (desc[4] >= kJack) consider("figures", desc);  // five cards all J, Q, K or A
}

Category poker_category(const std::string& label) {
  static const std::map<std::string, Category> kByLabel = {{"five_of_a_kind", C::kFiveOfAKind},
                                                           {"straight_flush", C::kStraightFlush},
                                                           {"four_of_a_kind", C::kFourOfAKind},
                                                           {"full_house", C::kFullHouse},
                                                           {"flush", C::kFlush},
                                                           {"straight", C::kStraight},
                                                           {"ace_straight", C::kStraight},
                                                           {"three_of_a_kind", C::kThreeOfAKind},
                                                           {"two_pair", C::kTwoPair},
                                                           {"one_pair", C::kOnePair},
                                                           {"high_card", C::kHighCard},
                                                           {"figures", C::kFigures}};
  return kByLabel.at(label);
}

std::vector<int> trimmed(const Ranks& ranks, int length) {
  return std::vector<int>(ranks.begin(), ranks.begin() + length);
}

}  // namespace

std::vector<Category> perico_categories_best_first(int hand_size) {
  if (hand_size == 5) {
    return {C::kRoyalFlush, C::kFiveOfAKind, C::kStraightFlush, C::kFourOfAKind,
            C::kFullHouse,  C::kFlush,       C::kStraight,      C::kThreeOfAKind,
            C::kTwoPair,    C::kOnePair,     C::kHighCard};
  }
  return {C::kRoyalFlush, C::kSixOfAKind,   C::kStraightFlush, C::kFiveOfAKind, C::kNewHouse,
          C::kCrazyHouse, C::kFourOfAKind,  C::kFlush,         C::kStraight,    C::kOldHouse,
          C::kThreePair,  C::kThreeOfAKind, C::kTwoPair,       C::kOnePair,     C::kHighCard};
}

std::vector<std::string> poker_categories_best_first(const PokerRules& rules) {
  const bool more_than_40 = rules.deck_size() > 40;
  std::vector<std::string> order =
      more_than_40
          ? std::vector<std::string>{"five_of_a_kind",  "straight_flush", "four_of_a_kind",
                                     "full_house",      "flush",          "straight",
                                     "three_of_a_kind", "two_pair",       "one_pair",
                                     "high_card"}
          // "With 40 cards or fewer the flush ranks above the full house."
          : std::vector<std::string>{
                "five_of_a_kind", "straight_flush",  "four_of_a_kind", "flush",    "full_house",
                "straight",       "three_of_a_kind", "two_pair",       "one_pair", "high_card"};
  auto position = [&](const std::string& label) {
    return std::find(order.begin(), order.end(), label);
  };
  // "straights containing an ace ... rank directly above flush"; without the option
  // they are ordinary straights.
  if (rules.ace_straight_over_flush) order.insert(position("flush"), "ace_straight");
  // figures: below_trio "directly below three_of_a_kind"; by_deck "directly above
  // three_of_a_kind with more than 40 cards, directly below it with 40 or fewer".
  if (rules.figures == Figures::kBelowTrio ||
      (rules.figures == Figures::kByDeck && !more_than_40)) {
    order.insert(position("three_of_a_kind") + 1, "figures");
  } else if (rules.figures == Figures::kByDeck) {
    order.insert(position("three_of_a_kind"), "figures");
  }
  return order;
}

Outcome perico(const std::vector<Card>& hand, JokerDomain domain) {
  const int n = static_cast<int>(hand.size());
  const NaturalsAndJokers split = split_jokers(hand);
  const PlainHand& naturals = split.naturals;
  const int jokers = split.jokers;
  // "a hand's category is the best one any assignment of its jokers reaches"; a joker
  // may stand for any card, even one held elsewhere or one that does not exist.
  std::vector<Plain> substitutes;
  const int home_suit = naturals.size == 0 ? 0 : naturals.card[0].suit;
  for (int rank = 2; rank <= kAce; ++rank) {
    for (int suit = 0; suit < 4; ++suit) {
      const bool wanted =
          domain == JokerDomain::kEveryCard || suit == home_suit || suit == (home_suit + 1) % 4;
      if (wanted) substitutes.push_back({rank, suit});
    }
  }
  int best_order = -1;
  Category best_category = C::kHighCard;
  Ranks best_ranks{};
  PlainHand work = naturals;
  for_each_substitution(substitutes, jokers, 0, work, [&](const PlainHand& cards) {
    const Analysis a = analyse(cards);
    const Category category = perico_plain_category(cards, a);
    const int order = perico_order(category, n);
    // "Jokers always stand inside books, choosing the ranks that make the hand best."
    if (order > best_order || (order == best_order && a.books_then_singles > best_ranks)) {
      best_order = order;
      best_category = category;
      best_ranks = a.books_then_singles;
    }
  });
  Outcome outcome;
  outcome.category = best_category;
  outcome.category_label = std::string(category_name(best_category));
  outcome.order = best_order;
  outcome.jokers = jokers;
  outcome.natural = jokers == 0;
  if (perico_book_category(best_category)) {
    outcome.ranks = trimmed(best_ranks, kMaxCards);
  } else {
    // "compare the cards one by one from the highest down, aces highest and every joker
    // lower than a 2"
    outcome.ranks = trimmed(analyse(naturals).descending, naturals.size);
    for (int i = 0; i < jokers; ++i) outcome.ranks.push_back(1);
  }
  return outcome;
}

Outcome poker(const std::vector<Card>& hand, const PokerRules& rules) {
  const std::vector<std::string> best_first = poker_categories_best_first(rules);
  auto order_of = [&](const char* label) {
    auto it = std::find(best_first.begin(), best_first.end(), label);
    if (it == best_first.end()) return -1;  // not a category under these rules
    return static_cast<int>(best_first.end() - it) - 1;
  };
  const NaturalsAndJokers split = split_jokers(hand);
  const PlainHand& naturals = split.naturals;
  const int jokers = split.jokers;
  int best_order = -1;
  std::string best_label;
  Ranks best_ranks{};
  auto consider = [&](const char* label, const Ranks& ranks) {
    const int order = order_of(label);
    if (order > best_order || (order == best_order && ranks > best_ranks)) {
      best_order = order;
      best_label = label;
      best_ranks = ranks;
    }
  };
  if (jokers == 0) {
    poker_plain_classes(naturals, 0, rules, consider);
  } else {
    // "only one joker per hand counts; a second joker is dead". The counting joker
    // "stands for a card of the deck in use that the hand does not already hold -
    // except in five_of_a_kind, four of a rank and a joker".
    for (int rank = rules.lowest_rank; rank <= kAce; ++rank) {
      int held_of_rank = 0;
      for (int i = 0; i < naturals.size; ++i) held_of_rank += naturals.card[i].rank == rank;
      for (int suit = 0; suit < 4; ++suit) {
        bool held = false;
        for (int i = 0; i < naturals.size; ++i) {
          held = held || (naturals.card[i].rank == rank && naturals.card[i].suit == suit);
        }
        if (held && held_of_rank != 4) continue;
        PlainHand live = naturals;
        live.add({rank, suit});
        poker_plain_classes(live, jokers - 1, rules, consider);
      }
    }
  }
  Outcome outcome;
  outcome.category = poker_category(best_label);
  outcome.category_label = best_label;
  outcome.order = best_order;
  outcome.jokers = jokers;
  outcome.natural = jokers == 0;
  outcome.ranks = trimmed(best_ranks, 5);
  return outcome;
}

int compare_perico(const Outcome& a, const Outcome& b) {
  if (a.order != b.order) return a.order < b.order ? -1 : 1;      // 1. higher category
  if (a.jokers != b.jokers) return a.jokers > b.jokers ? -1 : 1;  // 2. fewer jokers
  if (a.ranks != b.ranks) return a.ranks < b.ranks ? -1 : 1;      // 3. ranks
  return 0;                                                       // 4. tie
}

int compare_poker(const Outcome& a, const Outcome& b) {
  if (a.order != b.order) return a.order < b.order ? -1 : 1;
  if (a.ranks != b.ranks) return a.ranks < b.ranks ? -1 : 1;
  // "Only when category and all ranks are equal does the natural hand beat the hand
  // with a joker."
  if (a.natural != b.natural) return a.natural ? 1 : -1;
  return 0;
}

}  // namespace parlor::hands::reference
