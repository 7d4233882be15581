// Helpers shared by Loc's tests: starting matches and playing whole steps.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/loc/loc.hpp"
#include "engine/loc/loc_state.hpp"
#include "tests/support/start_match.hpp"

namespace parlor::loc::testing {

inline std::unique_ptr<GameState> start_match(const Json& options, int seats,
                                              std::optional<Json> setup = std::nullopt,
                                              std::uint64_t seed = 1, Seat dealer = 0) {
  auto match =
      parlor::testing::try_new_match(definition(), options, seats, seed, dealer, std::move(setup));
  EXPECT_TRUE(match.ok()) << (match.ok() ? "" : match.error().message);
  if (!match.ok()) return nullptr;
  return std::move(*match);
}

inline Json deal_of(const std::vector<std::vector<std::string>>& hands) {
  Json out = {{"hands", Json::array()}};
  for (const auto& hand : hands) out["hands"].push_back(hand);
  return out;
}

inline Json card_action(const std::string& type, const std::string& card) {
  return {{"type", type}, {"card", card}};
}

// Every seat makes its choice of the step, seat 0 first; all must be accepted.
inline void step(GameState& match, const std::string& type, const std::vector<std::string>& cards) {
  for (Seat seat = 0; seat < static_cast<Seat>(cards.size()); ++seat) {
    ActionResult result = match.apply(seat, card_action(type, cards[seat]));
    ASSERT_TRUE(result.ok()) << "seat " << seat << " " << type << " " << cards[seat] << ": "
                             << result.error->code << " " << result.error->message;
  }
}

inline LocState& loc_state(GameState& match) { return dynamic_cast<LocState&>(match); }

}  // namespace parlor::loc::testing
