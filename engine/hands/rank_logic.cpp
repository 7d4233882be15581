#include "engine/hands/rank_logic.hpp"

#include <algorithm>
#include <bit>

namespace parlor::hands::detail {
namespace {

using C = Category;

// A book: `size` cards of one rank.
struct Book {
  int size = 0;
  int rank = 0;
};

// Books sorted the way the rules compare them: larger first, then higher rank.
struct Books {
  std::array<Book, 15> list{};
  int count = 0;
  int size(int i) const { return i < count ? list[i].size : 0; }
};

Books books_of(const RankCounts& counts) {
  Books books;
  for (int rank = kAce; rank >= 2; --rank) {
    if (counts[rank] > 0) books.list[books.count++] = Book{counts[rank], rank};
  }
  std::stable_sort(books.list.begin(), books.list.begin() + books.count,
                   [](const Book& a, const Book& b) { return a.size > b.size; });
  return books;
}

// Packs ranks into 4-bit fields, the first one highest, left-aligned in `fields` fields.
template <class Ranks>
std::uint32_t pack_ranks(const Ranks& ranks, int fields) {
  std::uint32_t packed = 0;
  int i = 0;
  for (int rank : ranks) {
    if (i == fields) break;
    packed |= static_cast<std::uint32_t>(rank) << (4 * (fields - 1 - i));
    ++i;
  }
  return packed;
}

std::uint32_t pack_book_ranks(const Books& books, int fields) {
  std::array<int, 15> ranks{};
  for (int i = 0; i < books.count; ++i) ranks[i] = books.list[i].rank;
  return pack_ranks(std::span(ranks.data(), books.count), fields);
}

// Every card's rank from the highest down (a repeated rank repeats).
std::uint32_t pack_cards_descending(const RankCounts& counts, int fields) {
  std::array<int, 16> ranks{};
  int n = 0;
  for (int rank = kAce; rank >= 2; --rank) {
    for (int k = 0; k < counts[rank] && n < 16; ++k) ranks[n++] = rank;
  }
  return pack_ranks(std::span(ranks.data(), n), fields);
}

int rank_mask(const RankCounts& counts) {
  int mask = 0;
  for (int rank = 2; rank <= kAce; ++rank) {
    if (counts[rank] > 0) mask |= 1 << rank;
  }
  return mask;
}

bool all_distinct(const RankCounts& counts) {
  return std::all_of(counts.begin(), counts.end(), [](std::uint8_t c) { return c <= 1; });
}

int order_index(const std::array<Category, 16>& order, int used, Category category) {
  for (int i = 0; i < used; ++i) {
    if (order[i] == category) return i;
  }
  return -1;
}

// ---------------------------------------------------------------- Perico

constexpr std::array<Category, 16> kPerico5Order = {
    C::kHighCard,  C::kOnePair,     C::kTwoPair,       C::kThreeOfAKind, C::kStraight,  C::kFlush,
    C::kFullHouse, C::kFourOfAKind, C::kStraightFlush, C::kFiveOfAKind,  C::kRoyalFlush};
constexpr int kPerico5Categories = 11;

constexpr std::array<Category, 16> kPerico6Order = {
    C::kHighCard, C::kOnePair,     C::kTwoPair,       C::kThreeOfAKind, C::kThreePair,
    C::kOldHouse, C::kStraight,    C::kFlush,         C::kFourOfAKind,  C::kCrazyHouse,
    C::kNewHouse, C::kFiveOfAKind, C::kStraightFlush, C::kSixOfAKind,   C::kRoyalFlush};
constexpr int kPerico6Categories = 15;

constexpr int kPericoRankFields = 6;

Category perico_book_category(const Books& books, int hand_size) {
  const int a = books.size(0);
  const int b = books.size(1);
  const int c = books.size(2);
  if (hand_size == 5) {
    if (a >= 5) return C::kFiveOfAKind;
    if (a == 4) return C::kFourOfAKind;
    if (a == 3) return b == 2 ? C::kFullHouse : C::kThreeOfAKind;
    if (a == 2) return b == 2 ? C::kTwoPair : C::kOnePair;
    return C::kHighCard;
  }
  if (a >= 6) return C::kSixOfAKind;
  if (a == 5) return C::kFiveOfAKind;
  if (a == 4) return b == 2 ? C::kNewHouse : C::kFourOfAKind;
  if (a == 3) return b == 3 ? C::kCrazyHouse : b == 2 ? C::kOldHouse : C::kThreeOfAKind;
  if (a == 2) return b == 2 ? (c == 2 ? C::kThreePair : C::kTwoPair) : C::kOnePair;
  return C::kHighCard;
}

// order << 24 | ranks, for the books the counts make.
std::uint32_t perico_book_key(const RankCounts& counts, int hand_size) {
  Books books = books_of(counts);
  const auto& order = perico_order(hand_size);
  int index = order_index(order, 16, perico_book_category(books, hand_size));
  return static_cast<std::uint32_t>(index) << 24 | pack_book_ranks(books, kPericoRankFields);
}

// "Jokers always stand inside books, choosing the ranks that make the hand best": the
// best book key over every multiset of ranks the jokers could stand for (ranks from
// `lowest` up, so each multiset is tried once). A joker may stand for a card that does not
// exist (a fifth ace), so counts may exceed 4.
std::uint32_t best_book_key(RankCounts& counts, int jokers, int lowest, int hand_size) {
  if (jokers == 0) return perico_book_key(counts, hand_size);
  std::uint32_t best = 0;
  for (int rank = lowest; rank <= kAce; ++rank) {
    ++counts[rank];
    best = std::max(best, best_book_key(counts, jokers - 1, rank, hand_size));
    --counts[rank];
  }
  return best;
}

// The straight windows of a hand size: the ace plays high or low, never in the middle.
bool fits_perico_straight(int mask, int hand_size) {
  const int run = (1 << hand_size) - 1;
  const int ace_low = (1 << kAce) | ((run >> 1) << 2);
  if ((mask & ~ace_low) == 0) return true;
  for (int low = 2; low + hand_size - 1 <= kAce; ++low) {
    if ((mask & ~(run << low)) == 0) return true;
  }
  return false;
}

bool fits_perico_royal(int mask, int hand_size) {
  const int top = ((1 << hand_size) - 1) << (kAce - hand_size + 1);
  return (mask & ~top) == 0;
}

// ---------------------------------------------------------------- Poker

// Poker's categories plus the ace straight, which ace_straight_over_flush moves.
enum class PokerClass : std::uint8_t {
  kHighCard,
  kOnePair,
  kTwoPair,
  kThreeOfAKind,
  kFigures,
  kStraight,
  kAceStraight,
  kFlush,
  kFullHouse,
  kFourOfAKind,
  kStraightFlush,
  kFiveOfAKind,
};
constexpr int kPokerRankFields = 5;

Category category_of(PokerClass c) {
  switch (c) {
    case PokerClass::kHighCard:
      return C::kHighCard;
    case PokerClass::kOnePair:
      return C::kOnePair;
    case PokerClass::kTwoPair:
      return C::kTwoPair;
    case PokerClass::kThreeOfAKind:
      return C::kThreeOfAKind;
    case PokerClass::kFigures:
      return C::kFigures;
    case PokerClass::kStraight:
      return C::kStraight;
    case PokerClass::kAceStraight:
      return C::kStraight;
    case PokerClass::kFlush:
      return C::kFlush;
    case PokerClass::kFullHouse:
      return C::kFullHouse;
    case PokerClass::kFourOfAKind:
      return C::kFourOfAKind;
    case PokerClass::kStraightFlush:
      return C::kStraightFlush;
    case PokerClass::kFiveOfAKind:
      return C::kFiveOfAKind;
  }
  return C::kHighCard;
}

// The order of the classes for a rule set, best first, as poker.md lists it. Classes the
// rules leave out (figures when off; the ace straight when it is an ordinary straight)
// are absent.
std::vector<PokerClass> poker_classes_best_first(const PokerRules& rules) {
  using P = PokerClass;
  const bool small_deck = rules.flush_over_full_house();
  const bool ace_up = rules.ace_straight_over_flush;
  std::vector<P> order = {P::kFiveOfAKind, P::kStraightFlush, P::kFourOfAKind};
  if (!small_deck) order.push_back(P::kFullHouse);
  if (ace_up) order.push_back(P::kAceStraight);  // "directly above flush"
  order.push_back(P::kFlush);
  if (small_deck) order.push_back(P::kFullHouse);
  order.push_back(P::kStraight);
  const bool by_deck = rules.figures == Figures::kByDeck;
  if (by_deck && !small_deck) order.push_back(P::kFigures);
  order.push_back(P::kThreeOfAKind);
  if (rules.figures == Figures::kBelowTrio || (by_deck && small_deck)) {
    order.push_back(P::kFigures);
  }
  order.insert(order.end(), {P::kTwoPair, P::kOnePair, P::kHighCard});
  return order;
}

// Top card of the straight the ranks make in the deck, or 0. The ace is high, or low
// directly below the lowest rank; the low-ace straight ranks by its top card (lowest).
int poker_straight_top(int mask, int lowest_rank) {
  if (std::popcount(static_cast<unsigned>(mask)) != 5) return 0;
  for (int low = kAce - 4; low >= lowest_rank; --low) {
    if (mask == 0x1F << low) return low + 4;
  }
  if (mask == ((1 << kAce) | (0xF << lowest_rank))) return lowest_rank + 3;
  return 0;
}

PokerClass poker_book_class(const Books& books) {
  const int a = books.size(0);
  const int b = books.size(1);
  if (a >= 5) return PokerClass::kFiveOfAKind;
  if (a == 4) return PokerClass::kFourOfAKind;
  if (a == 3) return b == 2 ? PokerClass::kFullHouse : PokerClass::kThreeOfAKind;
  if (a == 2) return b == 2 ? PokerClass::kTwoPair : PokerClass::kOnePair;
  return PokerClass::kHighCard;
}

}  // namespace

const std::array<Category, 16>& perico_order(int hand_size) {
  return hand_size == 5 ? kPerico5Order : kPerico6Order;
}

Ranked perico_by_counts(const RankCounts& naturals, int jokers, bool suited, int hand_size) {
  RankCounts counts = naturals;
  std::uint32_t best = best_book_key(counts, jokers, 2, hand_size);
  const int mask = rank_mask(naturals);
  if (all_distinct(naturals)) {
    // Straights, flushes (and high cards, among the books above) compare card by card
    // with every joker below a 2: the natural ranks from the highest down, then zeros.
    const std::uint32_t cards = pack_cards_descending(naturals, kPericoRankFields);
    const auto& order = perico_order(hand_size);
    auto consider = [&](Category c) {
      best = std::max(best, static_cast<std::uint32_t>(order_index(order, 16, c)) << 24 | cards);
    };
    const bool straight = fits_perico_straight(mask, hand_size);
    if (suited && fits_perico_royal(mask, hand_size)) consider(C::kRoyalFlush);
    if (suited && straight) consider(C::kStraightFlush);
    if (suited) consider(C::kFlush);
    if (straight) consider(C::kStraight);
  }
  const int used = hand_size == 5 ? kPerico5Categories : kPerico6Categories;
  const std::uint32_t index = best >> 24;
  Ranked result;
  result.category = perico_order(hand_size)[std::min<int>(static_cast<int>(index), used - 1)];
  result.strength =
      index << kPericoOrderShift | static_cast<std::uint32_t>(7 - jokers) << 24 | (best & 0xFFFFFF);
  return result;
}

int perico_category_count(int hand_size) {
  return hand_size == 5 ? kPerico5Categories : kPerico6Categories;
}

PokerRanking::PokerRanking(const PokerRules& rules) : rules_(rules) {
  class_order_.fill(-1);
  auto best_first = poker_classes_best_first(rules);
  const int n = static_cast<int>(best_first.size());
  for (int i = 0; i < n; ++i) {
    class_order_[static_cast<int>(best_first[i])] = n - 1 - i;
    categories_[n - 1 - i] = category_of(best_first[i]);
  }
}

// order << 20 | ranks for `live` cards (5, or fewer beside dead jokers) whose ranks are
// `counts`. `suited`: the five live cards share a suit.
std::uint32_t PokerRanking::key(const RankCounts& counts, bool suited, int live) const {
  std::uint32_t best = 0;
  auto consider = [&](PokerClass c, std::uint32_t ranks) {
    int index = class_order_[static_cast<int>(c)];
    if (index >= 0) best = std::max(best, static_cast<std::uint32_t>(index) << 20 | ranks);
  };
  Books books = books_of(counts);
  consider(poker_book_class(books), pack_book_ranks(books, kPokerRankFields));
  if (live != 5) return best;  // a dead joker makes no straight, flush or figures
  const int mask = rank_mask(counts);
  const int top = poker_straight_top(mask, rules_.lowest_rank);
  const std::uint32_t cards = pack_cards_descending(counts, kPokerRankFields);
  const std::uint32_t top_field = static_cast<std::uint32_t>(top) << 16;
  if (suited && top != 0) consider(PokerClass::kStraightFlush, top_field);
  if (suited) consider(PokerClass::kFlush, cards);
  if (top != 0) {
    const bool has_ace = (mask >> kAce) & 1;
    const bool ace_apart = has_ace && rules_.ace_straight_over_flush;
    consider(ace_apart ? PokerClass::kAceStraight : PokerClass::kStraight, top_field);
  }
  if (rules_.figures != Figures::kOff && (mask & ((1 << kJack) - 1)) == 0) {
    consider(PokerClass::kFigures, cards);
  }
  return best;
}

Ranked PokerRanking::by_counts(const RankCounts& naturals, int jokers, bool suited) const {
  // Only one joker counts; any other is dead: it makes nothing and ranks below every card
  // (a missing, zero, rank field at the end).
  const int live = jokers == 0 ? 5 : 6 - jokers;
  std::uint32_t best = 0;
  if (jokers == 0) {
    best = key(naturals, suited, live);
  } else {
    // The counting joker stands for a card of the deck the hand does not hold: any rank of
    // the deck has a free card unless the hand holds all four, and then the joker makes
    // five of a kind, which the rules allow. It keeps the hand suited only as a rank the
    // hand's suit lacks.
    for (int rank = rules_.lowest_rank; rank <= kAce; ++rank) {
      RankCounts counts = naturals;
      ++counts[rank];
      const bool still_suited = suited && naturals[rank] == 0;
      best = std::max(best, key(counts, still_suited, live));
    }
  }
  Ranked result;
  result.category = categories_[best >> 20];
  result.strength = best << 1 | (jokers == 0 ? 1U : 0U);
  return result;
}

}  // namespace parlor::hands::detail
