// Random hands of every game and rule set checked against the reference evaluator: a fast
// version of hands_exhaustive_tests (label "exhaustive") for the regular run.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "tests/hands/hand_check.hpp"
#include "tests/hands/hand_test_util.hpp"

namespace parlor::hands {
namespace {

using testing::Checker;

// Hands per joker count; jokers are drawn as often as naturals-only hands so that the
// rare joker hands are well covered. Four-joker six-card hands are slow in the reference.
constexpr int kHandsPerJokerCount = 4000;
constexpr int kSlowHandsPerJokerCount = 150;  // six-card hands with 3 or 4 jokers
constexpr int kPairsPerGame = 20000;

std::vector<Card> random_hand(std::mt19937_64& rng, const std::vector<Card>& deck, int size,
                              int jokers) {
  std::vector<Card> pool = deck;
  std::shuffle(pool.begin(), pool.end(), rng);
  std::vector<Card> hand(pool.begin(), pool.begin() + (size - jokers));
  for (int j = 0; j < jokers; ++j) hand.push_back(Card::joker());
  std::shuffle(hand.begin(), hand.end(), rng);
  return hand;
}

// Random pairs compared directly with the reference's comparison function.
template <class Compare>
void expect_pairs_agree(std::mt19937_64& rng, const std::vector<std::vector<Card>>& hands,
                        const std::vector<std::uint32_t>& strengths,
                        const std::vector<reference::Outcome>& outcomes, const Compare& compare) {
  std::uniform_int_distribution<std::size_t> pick(0, hands.size() - 1);
  int disagreements = 0;
  for (int i = 0; i < kPairsPerGame; ++i) {
    const std::size_t a = pick(rng);
    const std::size_t b = pick(rng);
    const int want = compare(outcomes[a], outcomes[b]);
    const int got = strengths[a] < strengths[b] ? -1 : strengths[a] > strengths[b] ? 1 : 0;
    if (want != got && ++disagreements <= 5) {
      ADD_FAILURE() << cards_to_string(hands[a]) << " vs " << cards_to_string(hands[b])
                    << ": reference " << want << ", fast " << got;
    }
  }
  EXPECT_EQ(disagreements, 0);
}

void check_perico(int size, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const auto deck = testing::standard_cards(2);
  const int max_jokers = size == 5 ? 2 : 4;
  Checker checker;
  std::vector<std::vector<Card>> hands;
  std::vector<std::uint32_t> strengths;
  std::vector<reference::Outcome> outcomes;
  for (int jokers = 0; jokers <= max_jokers; ++jokers) {
    const int count = jokers >= 3 ? kSlowHandsPerJokerCount : kHandsPerJokerCount;
    for (int i = 0; i < count; ++i) {
      auto hand = random_hand(rng, deck, size, jokers);
      const auto domain = size == 6 ? reference::JokerDomain::kEveryRankTwoSuits
                                    : reference::JokerDomain::kEveryCard;
      auto ref = reference::perico(hand, domain);
      HandRank fast = testing::perico(hand);
      checker.check(hand, fast, ref, testing::perico_key(ref), true);
      hands.push_back(hand);
      strengths.push_back(fast.strength);
      outcomes.push_back(ref);
    }
  }
  checker.check_order();
  EXPECT_EQ(checker.failures(), 0) << checker.report();
  expect_pairs_agree(rng, hands, strengths, outcomes, reference::compare_perico);
}

TEST(HandsSampled, PericoFiveCard) { check_perico(5, 1); }
TEST(HandsSampled, PericoSixCard) { check_perico(6, 2); }

TEST(HandsSampled, SixCardReferenceDomainsAgree) {
  // The exhaustive six-card run lets a joker stand for each rank in two suits only; here
  // that shortcut meets the literal every-card substitution.
  std::mt19937_64 rng(3);
  const auto deck = testing::standard_cards(2);
  for (int jokers = 1; jokers <= 2; ++jokers) {
    for (int i = 0; i < (jokers == 1 ? 2000 : 150); ++i) {
      auto hand = random_hand(rng, deck, 6, jokers);
      auto every = reference::perico(hand, reference::JokerDomain::kEveryCard);
      auto two = reference::perico(hand, reference::JokerDomain::kEveryRankTwoSuits);
      ASSERT_EQ(testing::perico_key(every), testing::perico_key(two)) << cards_to_string(hand);
    }
  }
}

TEST(HandsSampled, PokerEveryRuleSet) {
  std::mt19937_64 rng(4);
  for (int lowest = 2; lowest <= 9; ++lowest) {
    for (Figures figures : {Figures::kOff, Figures::kBelowTrio, Figures::kByDeck}) {
      for (bool ace_over_flush : {false, true}) {
        const auto deck = testing::standard_cards(lowest);
        const PokerRules rules =
            testing::poker_rules(static_cast<int>(deck.size()), figures, ace_over_flush);
        const PokerEvaluator evaluator(rules);
        Checker checker;
        std::vector<std::vector<Card>> hands;
        std::vector<std::uint32_t> strengths;
        std::vector<reference::Outcome> outcomes;
        for (int jokers = 0; jokers <= 2; ++jokers) {
          for (int i = 0; i < kHandsPerJokerCount / 8; ++i) {
            auto hand = random_hand(rng, deck, 5, jokers);
            auto ref = reference::poker(hand, rules);
            HandRank fast = testing::poker(evaluator, hand);
            checker.check(hand, fast, ref, testing::poker_key(ref), false);
            hands.push_back(hand);
            strengths.push_back(fast.strength);
            outcomes.push_back(ref);
          }
        }
        checker.check_order();
        EXPECT_EQ(checker.failures(), 0) << "lowest rank " << lowest << ": " << checker.report();
        expect_pairs_agree(rng, hands, strengths, outcomes, reference::compare_poker);
      }
    }
  }
}

}  // namespace
}  // namespace parlor::hands
