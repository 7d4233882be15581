// Helpers for Perico's tests: starting a match from a fixed deal, acting, and reading
// the state behind the GameState interface.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/perico/perico.hpp"
#include "engine/perico/perico_state.hpp"
#include "tests/support/start_match.hpp"

namespace parlor::perico::testing {

struct Deal {
  std::string variant = "five_card";
  int seats = 3;
  Seat dealer = 0;
  Json hands;                     // one list per seat
  Json discard = Json::array();   // top first
  Json stock = Json::array();     // top first
  Json options = Json::object();  // besides the variant
  std::uint64_t seed = 1;
};

inline Expected<std::unique_ptr<GameState>> try_start(const Deal& deal) {
  Json options = deal.options;
  options["variant"] = deal.variant;
  std::optional<Json> setup;
  if (!deal.hands.is_null()) {
    setup = Json{{"hands", deal.hands}, {"discard", deal.discard}, {"stock", deal.stock}};
  }
  return parlor::testing::try_new_match(definition(), options, deal.seats, deal.seed, deal.dealer,
                                        std::move(setup));
}

inline std::unique_ptr<GameState> start(const Deal& deal) {
  auto state = try_start(deal);
  if (!state) {
    ADD_FAILURE() << state.error().code << ": " << state.error().message;
    return nullptr;
  }
  return std::move(*state);
}

inline const PericoState& perico(const GameState& state) {
  return dynamic_cast<const PericoState&>(state);
}

inline Json strings(const std::vector<Card>& cards) { return cards_to_json(cards); }

// Applies a move that must be accepted.
inline void play(GameState& state, Seat seat, const Json& action) {
  ActionResult result = state.apply(seat, action);
  ASSERT_TRUE(result.ok()) << "seat " << seat << " " << action.dump() << ": " << result.error->code
                           << " " << result.error->message;
}

// Applies a move that must be rejected with `code`, and checks it changed nothing.
inline void expect_rejected(GameState& state, Seat seat, const Json& action,
                            const std::string& code) {
  state.take_events();
  std::vector<Json> before;
  for (Seat s = kSpectator; s < state.seat_count(); ++s) before.push_back(state.view(s));
  ActionResult result = state.apply(seat, action);
  ASSERT_FALSE(result.ok()) << action.dump() << " was accepted";
  EXPECT_EQ(result.error->code, code) << result.error->message;
  EXPECT_FALSE(result.error->message.empty());
  for (Seat s = kSpectator; s < state.seat_count(); ++s) {
    EXPECT_EQ(state.view(s), before[static_cast<std::size_t>(s + 1)]) << "view of " << s;
  }
  EXPECT_TRUE(state.take_events().empty()) << "a rejected move emitted events";
}

inline Json draw() { return {{"type", "draw"}}; }
inline Json knock() { return {{"type", "knock"}}; }
inline Json discard(const std::string& card) { return {{"type", "discard"}, {"card", card}}; }
inline Json take(int count, const Json& cards) {
  return {{"type", "take"}, {"count", count}, {"discard", cards}};
}

}  // namespace parlor::perico::testing
