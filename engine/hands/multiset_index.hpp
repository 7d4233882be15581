// Dense indexing of a hand as a multiset of card "types" (internal to parlor_hands).
//
// A Perico or Poker hand's strength depends only on its natural ranks, its number of
// jokers, and whether its naturals share one suit (rank_logic.hpp). So each card becomes
// a type 0..13 (rank - 2, the joker 13: simply its code / 4), a sorting network orders the
// types, and the combinatorial number system turns the sorted multiset into an index
// 0..C(13 + n, n) - 1 (8,568 five-card and 27,132 six-card multisets). One table lookup at
// that index, picking the suited or plain strength, evaluates the hand: jokers cost
// nothing at evaluation time, because the rules were applied when the table was built.
//
// Suits: every natural card adds 1 to its suit's 4-bit counter and a joker adds 1 to all
// four, so the naturals share a suit exactly when some counter reaches the hand size.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <utility>

#include "engine/core/card.hpp"

namespace parlor::hands::detail {

inline constexpr int kTypes = 14;  // ranks 2..A, then the joker
inline constexpr int kJokerType = 13;

constexpr std::uint64_t binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  std::uint64_t result = 1;
  for (int i = 1; i <= k; ++i) result = result * static_cast<std::uint64_t>(n - k + i) / i;
  return result;
}

// Number of multisets of `n` types: the table size.
constexpr int multiset_count(int n) { return static_cast<int>(binomial(kTypes + n - 1, n)); }

// kPlace[i][t] = C(t + i, i + 1): the index contribution of sorted position i holding t.
template <int N>
struct PlaceValues {
  std::array<std::array<std::uint32_t, kTypes>, N> value{};
  constexpr PlaceValues() {
    for (int i = 0; i < N; ++i) {
      for (int t = 0; t < kTypes; ++t) {
        value[i][t] = static_cast<std::uint32_t>(binomial(t + i, i + 1));
      }
    }
  }
};

// Suit counters (bits 0..15) and the joker count (bits 16..) by card code 0..52.
struct CardInfo {
  std::array<std::uint32_t, 53> value{};
  constexpr CardInfo() {
    for (int code = 0; code < 52; ++code) value[code] = 1U << (4 * (code % 4));
    value[52] = 0x1111U | 1U << 16;
  }
};
inline constexpr CardInfo kCardInfo{};

inline void compare_exchange(int& a, int& b) {
  const int lo = a < b ? a : b;
  const int hi = a < b ? b : a;
  a = lo;
  b = hi;
}

// The index of a hand, whether its naturals share a suit, and its joker count.
struct HandKey {
  std::uint32_t index;
  std::uint32_t suited;  // 0 or 1
  std::uint32_t jokers;
};

template <int N>
inline HandKey hand_key(std::span<const Card, N> cards) {
  static constexpr PlaceValues<N> kPlaces{};
  std::array<int, N> t;
  std::uint32_t info = 0;
  for (int i = 0; i < N; ++i) {
    const int code = cards[i].code();
    t[i] = code >> 2;
    info += kCardInfo.value[code];
  }
  if constexpr (N == 5) {  // optimal 9-comparator network
    compare_exchange(t[0], t[3]);
    compare_exchange(t[1], t[4]);
    compare_exchange(t[0], t[2]);
    compare_exchange(t[1], t[3]);
    compare_exchange(t[0], t[1]);
    compare_exchange(t[2], t[4]);
    compare_exchange(t[1], t[2]);
    compare_exchange(t[3], t[4]);
    compare_exchange(t[2], t[3]);
  } else {  // optimal 12-comparator network
    static_assert(N == 6);
    compare_exchange(t[0], t[5]);
    compare_exchange(t[1], t[3]);
    compare_exchange(t[2], t[4]);
    compare_exchange(t[1], t[2]);
    compare_exchange(t[3], t[4]);
    compare_exchange(t[0], t[3]);
    compare_exchange(t[2], t[5]);
    compare_exchange(t[0], t[1]);
    compare_exchange(t[2], t[3]);
    compare_exchange(t[4], t[5]);
    compare_exchange(t[1], t[2]);
    compare_exchange(t[3], t[4]);
  }
  std::uint32_t index = 0;
  for (int i = 0; i < N; ++i) index += kPlaces.value[i][t[i]];
  constexpr std::uint32_t kSuitBias = (8 - N) * 0x1111U;
  const std::uint32_t suited = ((info + kSuitBias) & 0x8888U) != 0 ? 1U : 0U;
  return HandKey{index, suited, info >> 16};
}

// Calls visit(index, counts, jokers) for every multiset of N types, where counts[r] is
// the number of naturals of rank r (2..14).
template <int N, class Visit>
void for_each_multiset(const Visit& visit) {
  static constexpr PlaceValues<N> kPlaces{};
  std::array<int, N> t{};
  auto recurse = [&](auto&& self, int position, int lowest) -> void {
    if (position == N) {
      std::array<std::uint8_t, 15> counts{};
      int jokers = 0;
      std::uint32_t index = 0;
      for (int i = 0; i < N; ++i) {
        index += kPlaces.value[i][t[i]];
        if (t[i] == kJokerType) {
          ++jokers;
        } else {
          ++counts[t[i] + 2];
        }
      }
      visit(index, counts, jokers);
      return;
    }
    for (int type = lowest; type < kTypes; ++type) {
      t[position] = type;
      self(self, position + 1, type);
    }
  };
  recurse(recurse, 0, 0);
}

}  // namespace parlor::hands::detail
