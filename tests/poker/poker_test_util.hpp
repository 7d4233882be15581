// Helpers shared by the Poker tests: starting matches and reading cards out of JSON.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "engine/core/card.hpp"
#include "engine/core/game.hpp"
#include "engine/poker/poker.hpp"
#include "engine/poker/poker_state.hpp"

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
  const GameDefinition& game = definition();
  auto validated = game.validate_table(options, seats);
  if (!validated) return validated.error();
  MatchConfig config;
  config.options = *validated;
  config.seats = seats;
  config.seed = Seed::from_u64(seed);
  config.dealer = dealer;
  config.setup = std::move(setup);
  return game.new_match(config);
}

}  // namespace parlor::poker::testing
