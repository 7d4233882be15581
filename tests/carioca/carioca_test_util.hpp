// Helpers shared by Carioca's tests.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/carioca/carioca.hpp"
#include "engine/carioca/carioca_state.hpp"

namespace parlor::carioca::testing {

inline std::vector<Card> cards(const std::string& text) {
  auto parsed = parse_card_list(text);
  EXPECT_TRUE(parsed.ok()) << text;
  return parsed.ok() ? *parsed : std::vector<Card>{};
}

inline Json card_list(const std::string& text) { return cards_to_json(cards(text)); }

// A match from a fixed first deal. `hands` are space-separated cards per seat.
inline std::unique_ptr<CariocaState> fixed_match(const std::vector<std::string>& hands,
                                                 const std::string& discard,
                                                 const std::string& stock, Seat dealer,
                                                 Json options = Json::object()) {
  Json setup = {{"hands", Json::array()}};
  for (const auto& hand : hands) setup["hands"].push_back(card_list(hand));
  if (!discard.empty()) setup["discard"] = card_list(discard);
  if (!stock.empty()) setup["stock"] = card_list(stock);
  int seats = static_cast<int>(hands.size());
  auto table = definition().validate_table(options, seats);
  EXPECT_TRUE(table.ok()) << (table.ok() ? "" : table.error().message);
  MatchConfig config{*table, seats, Seed::from_u64(11), dealer, setup};
  auto state = definition().new_match(config);
  EXPECT_TRUE(state.ok()) << (state.ok() ? "" : state.error().message);
  if (!state.ok()) return nullptr;
  return std::unique_ptr<CariocaState>(static_cast<CariocaState*>(state->release()));
}

inline Json draw(const std::string& from) { return {{"type", "draw"}, {"from", from}}; }
inline Json discard(const std::string& card) { return {{"type", "discard"}, {"card", card}}; }
inline Json lower(const std::vector<std::string>& melds) {
  Json out = {{"type", "lower"}, {"melds", Json::array()}};
  for (const auto& meld : melds) out["melds"].push_back(card_list(meld));
  return out;
}
inline Json lay(Seat owner, int meld, const std::string& card, const std::string& end = "") {
  Json out = {{"type", "lay_off"}, {"seat", owner}, {"meld", meld}, {"card", card}};
  if (!end.empty()) out["end"] = end;
  return out;
}

// Applies an action that must be accepted.
#define CARIOCA_OK(state, seat, ...)                                                  \
  do {                                                                                \
    const ::parlor::Json action_ = __VA_ARGS__;                                       \
    auto result_ = (state).apply((seat), action_);                                    \
    ASSERT_TRUE(result_.ok()) << action_.dump() << ": " << result_.error->code << " " \
                              << result_.error->message;                              \
  } while (0)

// Expects a rejection with `code`.
inline void expect_rejected(GameState& state, Seat seat, const Json& action,
                            const std::string& code) {
  auto result = state.apply(seat, action);
  ASSERT_FALSE(result.ok()) << action.dump() << " was accepted; expected " << code;
  EXPECT_EQ(result.error->code, code) << action.dump() << ": " << result.error->message;
}

}  // namespace parlor::carioca::testing
