// Hand evaluations per second, single thread, over every five-card Perico hand (54 cards:
// 3,162,510 hands), every six-card Perico hand (56 cards: 32,468,436), and every Poker
// hand (52 cards + 2 jokers, and 32 + 2); plus a million random hands per game, whose
// table lookups do not follow each other as closely. Jokers are counted as the deck holds
// them (two or four separate JK cards), so joker hands weigh as they are dealt.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <random>
#include <vector>

#include "engine/hands/hand_eval.hpp"

namespace parlor::hands {
namespace {

std::vector<Card> deck(int lowest_rank, int jokers) {
  std::vector<Card> cards;
  for (int rank = lowest_rank; rank <= kAce; ++rank) {
    for (int suit = 0; suit < 4; ++suit) cards.push_back(Card::standard(rank, Suit(suit)));
  }
  for (int j = 0; j < jokers; ++j) cards.push_back(Card::joker());
  return cards;
}

// Deals the cards of positions Depth.. of `hand` from cards[from..] in every way, in
// order, calling evaluate(hand) for each full hand; returns how many. The loops nest at
// compile time (one function per depth, inlined), so that the enumeration costs next to
// nothing beside the evaluation.
template <std::size_t K, std::size_t Depth, class Evaluate>
std::int64_t fill_from(const std::vector<Card>& cards, std::size_t from, std::array<Card, K>& hand,
                       const Evaluate& evaluate) {
  std::int64_t count = 0;
  for (std::size_t i = from; i < cards.size(); ++i) {
    hand[Depth] = cards[i];
    if constexpr (Depth + 1 == K) {
      evaluate(std::span<const Card, K>(hand));
      ++count;
    } else {
      count += fill_from<K, Depth + 1>(cards, i + 1, hand, evaluate);
    }
  }
  return count;
}

// Calls evaluate(hand) for every K-card hand of `cards`; returns the number of hands.
template <std::size_t K, class Evaluate>
std::int64_t every_hand(const std::vector<Card>& cards, const Evaluate& evaluate) {
  std::array<Card, K> hand;
  return fill_from<K, 0>(cards, 0, hand, evaluate);
}

void BM_Perico5AllHands(benchmark::State& state) {
  const auto cards = deck(2, 2);
  std::uint64_t sum = 0;
  std::int64_t hands = 0;
  for (auto _ : state) {
    hands += every_hand<5>(
        cards, [&](std::span<const Card, 5> h) { sum += evaluate_perico5(h).strength; });
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(hands);
}
BENCHMARK(BM_Perico5AllHands)->Unit(benchmark::kMillisecond);

void BM_Perico6AllHands(benchmark::State& state) {
  const auto cards = deck(2, 4);
  std::uint64_t sum = 0;
  std::int64_t hands = 0;
  for (auto _ : state) {
    hands += every_hand<6>(
        cards, [&](std::span<const Card, 6> h) { sum += evaluate_perico6(h).strength; });
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(hands);
}
BENCHMARK(BM_Perico6AllHands)->Unit(benchmark::kMillisecond)->Iterations(1);

// Arg: deck size (52 or 32), two jokers, figures by deck.
void BM_PokerAllHands(benchmark::State& state) {
  PokerRules rules;
  rules.lowest_rank = kAce + 1 - static_cast<int>(state.range(0)) / 4;
  rules.figures = Figures::kByDeck;
  const PokerEvaluator evaluator(rules);
  const auto cards = deck(rules.lowest_rank, 2);
  std::uint64_t sum = 0;
  std::int64_t hands = 0;
  for (auto _ : state) {
    hands += every_hand<5>(
        cards, [&](std::span<const Card, 5> h) { sum += evaluator.evaluate(h).strength; });
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(hands);
}
BENCHMARK(BM_PokerAllHands)->Arg(52)->Arg(32)->Unit(benchmark::kMillisecond);

// A million hands dealt at random from the deck, evaluated in that order.
template <int N>
std::vector<std::array<Card, N>> random_hands(const std::vector<Card>& cards) {
  constexpr int kHands = 1'000'000;
  std::mt19937_64 rng(7);
  std::vector<std::array<Card, N>> hands(kHands);
  std::vector<Card> pool = cards;
  for (auto& hand : hands) {
    for (int i = 0; i < N; ++i) {
      std::uniform_int_distribution<std::size_t> pick(i, pool.size() - 1);
      std::swap(pool[i], pool[pick(rng)]);
      hand[i] = pool[i];
    }
  }
  return hands;
}

template <int N, class Evaluate>
void run_random(benchmark::State& state, const std::vector<Card>& cards, const Evaluate& evaluate) {
  const auto hands = random_hands<N>(cards);
  std::uint64_t sum = 0;
  for (auto _ : state) {
    for (const auto& hand : hands) sum += evaluate(std::span<const Card, N>(hand)).strength;
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(hands.size()));
}

void BM_Perico5Random(benchmark::State& state) {
  run_random<5>(state, deck(2, 2), [](auto h) { return evaluate_perico5(h); });
}
BENCHMARK(BM_Perico5Random)->Unit(benchmark::kMillisecond);

void BM_Perico6Random(benchmark::State& state) {
  run_random<6>(state, deck(2, 4), [](auto h) { return evaluate_perico6(h); });
}
BENCHMARK(BM_Perico6Random)->Unit(benchmark::kMillisecond);

void BM_PokerRandom(benchmark::State& state) {
  const PokerEvaluator evaluator(PokerRules{});
  run_random<5>(state, deck(2, 2), [&](auto h) { return evaluator.evaluate(h); });
}
BENCHMARK(BM_PokerRandom)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace parlor::hands

BENCHMARK_MAIN();
