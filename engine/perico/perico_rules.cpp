#include "engine/perico/perico_rules.hpp"

#include <algorithm>

namespace parlor::perico {

const Variant& five_card() {
  static const Variant kFive{"five_card", 5, 2, 5, 2, 6, 5};
  return kFive;
}

const Variant& six_card() {
  static const Variant kSix{"six_card", 6, 4, 6, 2, 5, 6};
  return kSix;
}

const Variant* find_variant(std::string_view name) {
  if (name == five_card().name) return &five_card();
  if (name == six_card().name) return &six_card();
  return nullptr;
}

std::optional<Scoring> parse_scoring(std::string_view name) {
  if (name == "winner") return Scoring::kWinner;
  if (name == "outranked") return Scoring::kOutranked;
  return std::nullopt;
}

std::string_view scoring_name(Scoring scoring) {
  return scoring == Scoring::kWinner ? "winner" : "outranked";
}

hands::HandRank rank_hand(std::span<const Card> hand) {
  if (hand.size() == 6) return hands::evaluate_perico6(std::span<const Card, 6>(hand.data(), 6));
  return hands::evaluate_perico5(std::span<const Card, 5>(hand.data(), 5));
}

std::optional<Error> check_take_discards(std::span<const Card> held, std::span<const Card> taken,
                                         std::span<const Card> discards) {
  std::vector<Card> available(held.begin(), held.end());
  for (Card card : discards) {
    auto it = std::find(available.begin(), available.end(), card);
    if (it != available.end()) {
      available.erase(it);
      continue;
    }
    if (std::find(taken.begin(), taken.end(), card) != taken.end()) {
      return Error{"card_just_taken", card.str() +
                                          " is one of the cards you are taking; discard "
                                          "cards you held before the take"};
    }
    return Error{"card_not_held", "you do not hold " + card.str() +
                                      (std::count(held.begin(), held.end(), card) > 0
                                           ? " as many times as you discard it"
                                           : "")};
  }
  return std::nullopt;
}

std::vector<Card> remove_cards(std::span<const Card> held, std::span<const Card> discards) {
  std::vector<Card> kept(held.begin(), held.end());
  for (Card card : discards) {
    auto it = std::find(kept.begin(), kept.end(), card);
    if (it != kept.end()) kept.erase(it);
  }
  return kept;
}

Showdown compare_hands(const std::vector<std::vector<Card>>& hands, Scoring scoring) {
  Showdown result;
  for (const auto& hand : hands) result.ranks.push_back(rank_hand(hand));
  const std::size_t seats = hands.size();
  std::uint32_t best = 0;
  for (const auto& rank : result.ranks) best = std::max(best, rank.strength);
  int best_count = 0;
  for (std::size_t s = 0; s < seats; ++s) {
    if (result.ranks[s].strength == best) {
      ++best_count;
      result.winner = static_cast<int>(s);
    }
  }
  if (best_count != 1) result.winner.reset();
  result.points.assign(seats, 0);
  for (std::size_t s = 0; s < seats; ++s) {
    if (scoring == Scoring::kWinner) {
      result.points[s] = result.winner == static_cast<int>(s) ? 1 : 0;
      continue;
    }
    for (std::size_t other = 0; other < seats; ++other) {
      if (result.ranks[other].strength < result.ranks[s].strength) ++result.points[s];
    }
  }
  return result;
}

bool match_finished(const std::vector<std::int64_t>& scores, std::int64_t target) {
  const std::int64_t best = *std::max_element(scores.begin(), scores.end());
  return best >= target && std::count(scores.begin(), scores.end(), best) == 1;
}

}  // namespace parlor::perico
