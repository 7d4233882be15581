// Checks the fast evaluators against the reference: same category, joker count and
// completeness for each hand, and a strength that orders hands exactly as the
// reference's comparison does.
#pragma once

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/core/card.hpp"
#include "engine/hands/hand_eval.hpp"
#include "tests/hands/reference_eval.hpp"

namespace parlor::hands::testing {

// The reference's comparison as a lexicographic key (compare_perico / compare_poker).
inline std::vector<int> perico_key(const reference::Outcome& o) {
  std::vector<int> key = {o.order, -o.jokers};
  key.insert(key.end(), o.ranks.begin(), o.ranks.end());
  return key;
}
inline std::vector<int> poker_key(const reference::Outcome& o) {
  std::vector<int> key = {o.order};
  key.insert(key.end(), o.ranks.begin(), o.ranks.end());
  key.push_back(o.natural ? 1 : 0);
  return key;
}

// Collects (reference key, strength) over many hands. The strength orders every pair of
// hands as the reference does iff equal keys have equal strengths and the strengths
// rise strictly with the keys: checking that covers all pairs at once.
class Checker {
 public:
  // `complete` is checked for Perico only (Poker has no complete hands).
  void check(const std::vector<Card>& hand, const HandRank& fast, const reference::Outcome& ref,
             std::vector<int> key, bool perico) {
    ++hands_;
    const bool complete = ref.category == Category::kRoyalFlush ||
                          (hand.size() == 5 && ref.category == Category::kFiveOfAKind) ||
                          ref.category == Category::kSixOfAKind;
    if (fast.category != ref.category || fast.jokers != ref.jokers ||
        fast.complete != (perico && complete)) {
      fail("hand " + cards_to_string(hand) + ": fast says " +
           std::string(category_name(fast.category)) + "/" + std::to_string(fast.jokers) +
           (fast.complete ? "/complete" : "") + ", reference " + ref.category_label + "/" +
           std::to_string(ref.jokers));
    }
    auto [it, inserted] = seen_.try_emplace(std::move(key));
    if (inserted) {
      it->second = Seen{fast.strength, hand};
    } else if (it->second.strength != fast.strength) {
      fail("hands " + cards_to_string(hand) + " and " + cards_to_string(it->second.hand) +
           " tie in the reference but have strengths " + std::to_string(fast.strength) + " and " +
           std::to_string(it->second.strength));
    }
  }

  // Call once all hands are in.
  void check_order() {
    std::vector<const SeenEntry*> by_key;
    by_key.reserve(seen_.size());
    for (const SeenEntry& entry : seen_) by_key.push_back(&entry);
    std::sort(by_key.begin(), by_key.end(),
              [](const SeenEntry* a, const SeenEntry* b) { return a->first < b->first; });
    const Seen* previous = nullptr;
    for (const SeenEntry* entry : by_key) {
      const Seen& seen = entry->second;
      if (previous != nullptr && previous->strength >= seen.strength) {
        fail("reference ranks " + cards_to_string(seen.hand) + " above " +
             cards_to_string(previous->hand) + " but strengths are " +
             std::to_string(seen.strength) + " <= " + std::to_string(previous->strength));
      }
      previous = &seen;
    }
  }

  long hands() const { return hands_; }
  std::size_t classes() const { return seen_.size(); }
  long failures() const { return failures_; }
  std::string report() const {
    std::ostringstream out;
    out << failures_ << " failures in " << hands_ << " hands";
    for (const auto& m : messages_) out << "\n  " << m;
    return out.str();
  }

 private:
  struct Seen {
    std::uint32_t strength;
    std::vector<Card> hand;
  };
  void fail(const std::string& message) {
    if (++failures_ <= 20) messages_.push_back(message);
  }

  struct KeyHash {
    std::size_t operator()(const std::vector<int>& key) const {
      std::size_t h = key.size();
      for (int k : key) h = h * 1'000'003 + static_cast<std::size_t>(k);
      return h;
    }
  };
  using SeenEntry = std::pair<const std::vector<int>, Seen>;

  // Hashed, then sorted once by check_order(): tens of millions of hands fall into a few
  // thousand classes, and an ordered map's key comparisons were a quarter of the time.
  std::unordered_map<std::vector<int>, Seen, KeyHash> seen_;
  long hands_ = 0;
  long failures_ = 0;
  std::vector<std::string> messages_;
};

}  // namespace parlor::hands::testing
