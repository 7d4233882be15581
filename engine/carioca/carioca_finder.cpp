#include "engine/carioca/carioca_finder.hpp"

#include <algorithm>
#include <array>

namespace parlor::carioca {
namespace {

constexpr int kJokerCode = 52;
using Counts = std::array<int, 53>;  // standard codes 0..51, the joker 52

struct StraightPlan {
  Suit suit = Suit::kClubs;
  int low = 1;
  int length = 4;
  int joker_index = -1;  // the position a joker fills, or -1

  std::vector<Card> cards() const {
    std::vector<Card> out;
    for (int i = 0; i < length; ++i) {
      out.push_back(i == joker_index ? Card::joker() : Card::standard(rank_at(low + i), suit));
    }
    return out;
  }
};

Counts count_cards(const std::vector<Card>& hand) {
  Counts counts{};
  for (Card card : hand) {
    if (card.is_joker()) {
      ++counts[kJokerCode];
    } else if (card.is_standard()) {
      ++counts[card.code()];
    }
  }
  return counts;
}

// Every run of one suit, four cards or more, the hand could make with at most one joker.
std::vector<StraightPlan> straight_plans(const Counts& counts, const MeldRules& rules) {
  std::vector<StraightPlan> plans;
  bool have_joker = counts[kJokerCode] > 0;
  for (int s = 0; s < 4; ++s) {
    Suit suit = static_cast<Suit>(s);
    for (int low = 1; low <= 13; ++low) {
      int missing = 0;
      int missing_index = -1;
      for (int length = 1; length <= kMaxStraight; ++length) {
        int value = low + length - 1;
        if (!rules.straight_wrap && value > 14) break;
        if (counts[Card::standard(rank_at(value), suit).code()] == 0) {
          ++missing;
          missing_index = length - 1;
        }
        if (missing > (have_joker ? 1 : 0)) break;
        if (length < 4) continue;
        plans.push_back({suit, low, length, missing == 1 ? missing_index : -1});
      }
    }
  }
  return plans;
}

bool take(Counts& counts, const std::vector<Card>& cards) {
  for (Card card : cards) {
    int code = card.is_joker() ? kJokerCode : card.code();
    if (counts[code] == 0) return false;
    --counts[code];
  }
  return true;
}

// The contract's trios from what the straights left, each taking every natural of its
// rank; nullopt when the trios cannot be made.
std::optional<std::vector<std::vector<Card>>> greedy_trios(Counts& counts, int trios) {
  std::vector<std::pair<int, int>> ranks;  // (naturals, rank)
  for (int rank = 2; rank <= kAce; ++rank) {
    int naturals = 0;
    for (int s = 0; s < 4; ++s)
      naturals += counts[Card::standard(rank, static_cast<Suit>(s)).code()];
    if (naturals >= 2) ranks.push_back({naturals, rank});
  }
  std::sort(ranks.rbegin(), ranks.rend());
  std::vector<std::vector<Card>> out;
  for (const auto& [naturals, rank] : ranks) {
    if (static_cast<int>(out.size()) == trios) break;
    bool needs_joker = naturals < 3;
    if (needs_joker && counts[kJokerCode] == 0) continue;
    std::vector<Card> trio;
    for (int s = 0; s < 4; ++s) {
      Card card = Card::standard(rank, static_cast<Suit>(s));
      for (; counts[card.code()] > 0; --counts[card.code()]) trio.push_back(card);
    }
    if (needs_joker) {
      --counts[kJokerCode];
      trio.push_back(Card::joker());
    }
    out.push_back(std::move(trio));
  }
  if (static_cast<int>(out.size()) < trios) return std::nullopt;
  return out;
}

// Lengthens straights with the naturals left at either end.
void extend_straights(std::vector<std::vector<Card>>& melds, Counts& counts,
                      const MeldRules& rules) {
  for (auto& cards : melds) {
    auto meld = read_meld(cards, rules);
    if (!meld || meld->kind != MeldKind::kStraight) continue;
    Meld current = *meld;
    bool grew = true;
    while (grew) {
      grew = false;
      for (End end : {End::kHigh, End::kLow}) {
        int value = end == End::kHigh ? current.high() + 1 : current.low - 1;
        Card card = Card::standard(rank_at(value), current.suit);
        if (counts[card.code()] == 0) continue;
        auto longer = lay_off(current, card, end, rules);
        if (!longer) continue;
        current = *longer;
        --counts[card.code()];
        grew = true;
      }
    }
    cards = current.cards;
  }
}

// Gives each leftover joker to a meld that has none yet (one joker per new meld).
void place_spare_jokers(std::vector<std::vector<Card>>& melds, Counts& counts,
                        const MeldRules& rules) {
  for (auto& cards : melds) {
    if (counts[kJokerCode] == 0) return;
    if (std::count(cards.begin(), cards.end(), Card::joker()) > 0) continue;
    auto meld = read_meld(cards, rules);
    if (!meld) continue;
    for (End end : {End::kHigh, End::kLow}) {
      auto longer = lay_off(*meld, Card::joker(), end, rules);
      if (longer) {
        cards = longer->cards;
        --counts[kJokerCode];
        break;
      }
    }
  }
}

struct Search {
  const Contract& contract;
  const MeldRules& rules;
  const std::vector<StraightPlan>& plans;
  int total_cards;
  int budget;
  std::optional<Lowering> best;

  void complete(const std::vector<StraightPlan>& chosen, Counts counts) {
    std::vector<std::vector<Card>> melds;
    for (const StraightPlan& plan : chosen) melds.push_back(plan.cards());
    // Trios before lengthening: a straight's spare end card may be a trio's third card.
    auto trios = greedy_trios(counts, contract.trios);
    if (!trios) return;
    extend_straights(melds, counts, rules);
    melds.insert(melds.end(), trios->begin(), trios->end());
    place_spare_jokers(melds, counts, rules);
    int used = 0;
    for (const auto& meld : melds) used += static_cast<int>(meld.size());
    if (!best || used > best->cards_used) best = Lowering{std::move(melds), used};
  }

  void search(std::vector<StraightPlan>& chosen, std::size_t from, const Counts& counts) {
    if (budget <= 0 || (best && best->cards_used == total_cards)) return;
    --budget;
    if (static_cast<int>(chosen.size()) == contract.straights) {
      complete(chosen, counts);
      return;
    }
    for (std::size_t i = from; i < plans.size(); ++i) {
      Counts rest = counts;
      if (!take(rest, plans[i].cards())) continue;
      chosen.push_back(plans[i]);
      search(chosen, i, rest);
      chosen.pop_back();
      if (budget <= 0) return;
    }
  }
};

}  // namespace

std::optional<Lowering> find_lowering(const std::vector<Card>& hand, const Contract& contract,
                                      const MeldRules& rules, int node_budget) {
  Counts counts = count_cards(hand);
  std::vector<StraightPlan> plans = straight_plans(counts, rules);
  // Longer runs first, so a tight budget still meets the richest lowerings early.
  std::stable_sort(plans.begin(), plans.end(), [](const StraightPlan& a, const StraightPlan& b) {
    return a.length > b.length;
  });
  Search search{contract, rules, plans, static_cast<int>(hand.size()), node_budget, std::nullopt};
  std::vector<StraightPlan> chosen;
  search.search(chosen, 0, counts);
  return search.best;
}

Json lowering_json(const Lowering& lowering) {
  Json melds = Json::array();
  for (const auto& meld : lowering.melds) melds.push_back(cards_to_json(meld));
  return melds;
}

std::vector<Card> cards_left(const std::vector<Card>& hand, const Lowering& lowering) {
  std::vector<Card> rest = hand;
  for (const auto& meld : lowering.melds) {
    for (Card card : meld) {
      auto it = std::find(rest.begin(), rest.end(), card);
      if (it != rest.end()) rest.erase(it);
    }
  }
  return rest;
}

}  // namespace parlor::carioca
