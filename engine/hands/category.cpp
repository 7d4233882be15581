#include "engine/hands/hand_eval.hpp"

namespace parlor::hands {

std::string_view category_name(Category category) {
  switch (category) {
    case Category::kHighCard:
      return "high_card";
    case Category::kOnePair:
      return "one_pair";
    case Category::kTwoPair:
      return "two_pair";
    case Category::kThreePair:
      return "three_pair";
    case Category::kThreeOfAKind:
      return "three_of_a_kind";
    case Category::kOldHouse:
      return "old_house";
    case Category::kStraight:
      return "straight";
    case Category::kFlush:
      return "flush";
    case Category::kFullHouse:
      return "full_house";
    case Category::kFourOfAKind:
      return "four_of_a_kind";
    case Category::kCrazyHouse:
      return "crazy_house";
    case Category::kNewHouse:
      return "new_house";
    case Category::kFiveOfAKind:
      return "five_of_a_kind";
    case Category::kStraightFlush:
      return "straight_flush";
    case Category::kSixOfAKind:
      return "six_of_a_kind";
    case Category::kRoyalFlush:
      return "royal_flush";
    case Category::kFigures:
      return "figures";
  }
  return "unknown";
}

}  // namespace parlor::hands
