// How the games' tests start a match of their own: the table's options validated for the
// seat count, then a new match of that seed, dealer and (optionally) scripted first deal.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>

#include "engine/core/game.hpp"

namespace parlor::testing {

// The new match, or why the table or the match was refused.
inline Expected<std::unique_ptr<GameState>> try_new_match(const GameDefinition& game,
                                                          const Json& options, int seats,
                                                          std::uint64_t seed,
                                                          std::optional<Seat> dealer,
                                                          std::optional<Json> setup) {
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

}  // namespace parlor::testing
