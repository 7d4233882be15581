#include "engine/core/fixed_deal.hpp"

#include <algorithm>
#include <optional>

#include "engine/core/deck.hpp"

namespace parlor {
namespace {

Error bad_setup(const std::string& message) { return Error{"bad_setup", message}; }

// Removes each of `cards` from `available` (a count per card code).
std::optional<Error> take_cards(const std::vector<Card>& cards, std::vector<int>& available,
                                const std::string& where) {
  for (Card card : cards) {
    if (available[card.code()] == 0) {
      return bad_setup(where + ": " + card.str() +
                       " is not in the deck, or is listed more often than the deck holds it");
    }
    --available[card.code()];
  }
  return std::nullopt;
}

}  // namespace

const std::vector<Card>& FixedDeal::pile(const std::string& name) const {
  static const std::vector<Card> kEmpty;
  auto it = piles.find(name);
  return it == piles.end() ? kEmpty : it->second;
}

Expected<FixedDeal> take_fixed_deal(const nlohmann::json& setup, const std::vector<Card>& deck,
                                    int seats, const std::vector<std::string>& allowed_piles,
                                    Notation notation, Rng& rng) {
  if (!setup.is_object()) return bad_setup("setup must be an object");
  if (!setup.contains("hands") || !setup["hands"].is_array() ||
      static_cast<int>(setup["hands"].size()) != seats) {
    return bad_setup("setup.hands must list one hand per seat (" + std::to_string(seats) + ")");
  }
  FixedDeal deal;
  std::vector<int> available = card_counts(deck);
  for (int seat = 0; seat < seats; ++seat) {
    auto hand = parse_card_array(setup["hands"][seat], notation);
    if (!hand)
      return bad_setup("setup.hands[" + std::to_string(seat) + "]: " + hand.error().message);
    if (auto err = take_cards(*hand, available, "hand of seat " + std::to_string(seat)))
      return *err;
    deal.hands.push_back(std::move(*hand));
  }
  for (const auto& [key, value] : setup.items()) {
    if (key == "hands") continue;
    if (std::find(allowed_piles.begin(), allowed_piles.end(), key) == allowed_piles.end()) {
      std::string names;
      for (const auto& p : allowed_piles) names += " " + p;
      return bad_setup("setup." + key + " is not a pile of this game (piles:" + names + ")");
    }
    auto cards = parse_card_array(value, notation);
    if (!cards) return bad_setup("setup." + key + ": " + cards.error().message);
    if (auto err = take_cards(*cards, available, "setup." + key)) return *err;
    deal.piles[key] = std::move(*cards);
  }
  for (Card card : deck) {
    if (available[card.code()] > 0) {
      --available[card.code()];
      deal.rest.push_back(card);
    }
  }
  rng.shuffle(deal.rest);
  return deal;
}

std::optional<Error> check_hand_sizes(const FixedDeal& deal, std::size_t size) {
  for (std::size_t seat = 0; seat < deal.hands.size(); ++seat) {
    if (deal.hands[seat].size() != size) {
      return bad_setup("the hand of seat " + std::to_string(seat) + " has " +
                       std::to_string(deal.hands[seat].size()) + " cards; a hand has " +
                       std::to_string(size));
    }
  }
  return std::nullopt;
}

}  // namespace parlor
