// A scenario's "setup": a fixed first deal, for tests and offline tools (never for a
// room on a running server). Every list is top card first. The deck's cards that the
// setup does not list come back shuffled in `rest`; the game puts them at the bottom
// of its stock, or sets them aside where its rules set cards aside.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/card.hpp"
#include "engine/core/expected.hpp"
#include "engine/core/rng.hpp"

namespace parlor {

struct FixedDeal {
  std::vector<std::vector<Card>> hands;            // one per seat
  std::map<std::string, std::vector<Card>> piles;  // only the piles the setup names
  std::vector<Card> rest;                          // unlisted cards, shuffled

  const std::vector<Card>& pile(const std::string& name) const;
};

// Takes the setup's cards out of `deck`. Errors ("bad_setup"): not an object, hands
// missing or not one list per seat, an unknown key or pile, a card the deck does not
// hold, or a card listed more often than the deck holds it. Hand sizes are the game's
// to check (check_hand_sizes helps).
Expected<FixedDeal> take_fixed_deal(const nlohmann::json& setup, const std::vector<Card>& deck,
                                    int seats, const std::vector<std::string>& allowed_piles,
                                    Notation notation, Rng& rng);

// "bad_setup" unless every hand holds exactly `size` cards.
std::optional<Error> check_hand_sizes(const FixedDeal& deal, std::size_t size);

}  // namespace parlor
