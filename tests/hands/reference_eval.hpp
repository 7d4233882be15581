// A reference evaluator written as literally from the rules files as possible, to check
// the fast one (engine/hands/) against: it tries joker substitutions, classifies the
// resulting plain hands, and compares outcomes as the rules' "Comparing two hands"
// sections say. Deliberately simple and slow; it shares no code with engine/hands/.
//
// Rules: ../shared/rules/perico.md and ../shared/rules/poker.md, "Hand ranking".
#pragma once

#include <string>
#include <vector>

#include "engine/core/card.hpp"
#include "engine/hands/hand_eval.hpp"  // only for Category, PokerRules and Figures

namespace parlor::hands::reference {

struct Outcome {
  Category category = Category::kHighCard;
  std::string category_label;  // Poker: "ace_straight" when that option moves it
  int order = 0;               // place in the game's order, 0 = lowest
  int jokers = 0;
  std::vector<int> ranks;  // tie-break ranks; a joker "below a 2" or a dead joker is 0 or 1
  bool natural = true;     // Poker: no joker in the hand
};

// What a Perico joker may stand for when substituting.
enum class JokerDomain {
  kEveryCard,  // each of the 52 cards (jokers as a multiset: they are interchangeable)
  // Each rank in two suits only: the suit of the hand's first natural card and one other.
  // Suits matter only for flushes (all cards one suit or not), so this reaches every
  // outcome kEveryCard reaches; it makes four-joker six-card hands affordable.
  // (Checked against kEveryCard by a test.)
  kEveryRankTwoSuits,
};

Outcome perico(const std::vector<Card>& hand, JokerDomain domain = JokerDomain::kEveryCard);
Outcome poker(const std::vector<Card>& hand, const PokerRules& rules);

// <0: a loses, 0: tie, >0: a wins.
int compare_perico(const Outcome& a, const Outcome& b);
int compare_poker(const Outcome& a, const Outcome& b);

// Categories best first, as the rules list them.
std::vector<Category> perico_categories_best_first(int hand_size);
std::vector<std::string> poker_categories_best_first(const PokerRules& rules);

}  // namespace parlor::hands::reference
