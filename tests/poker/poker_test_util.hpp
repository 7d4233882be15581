// Helpers shared by the Poker tests: starting matches and reading cards out of JSON.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "engine/core/card.hpp"
#include "engine/core/game.hpp"
#include "engine/poker/poker.hpp"
#include "engine/poker/poker_state.hpp"
#include "tests/support/start_match.hpp"

namespace parlor::poker::testing {

// Every string in `json` (values, not keys) that is a card, canonical.
inline void collect_cards(const Json& json, std::multiset<std::string>& out) {
  if (json.is_string()) {
    const std::string& text = json.get_ref<const std::string&>();
    if (text.size() == 2 && parse_card(text).ok()) out.insert(parse_card(text)->str());
  } else if (json.is_array() || json.is_object()) {
    for (const auto& item : json) collect_cards(item, out);
  }
}

inline std::set<std::string> card_strings(const std::vector<Card>& cards) {
  std::set<std::string> out;
  for (Card card : cards) out.insert(card.str());
  return out;
}

// Validates the options and starts a match (dealer 0 unless given; a fixed first deal).
inline Expected<std::unique_ptr<GameState>> start_match(const Json& options, int seats,
                                                        std::uint64_t seed,
                                                        std::optional<Seat> dealer = 0,
                                                        std::optional<Json> setup = {}) {
  return parlor::testing::try_new_match(definition(), options, seats, seed, dealer,
                                        std::move(setup));
}

}  // namespace parlor::poker::testing
