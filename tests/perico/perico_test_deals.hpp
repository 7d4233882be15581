// The scripted deals Perico's flow tests share (perico_deal_test.cpp, perico_round_test.cpp):
// a card list from text, and three seats with hands far from complete, of five cards or six.
#pragma once

#include <string_view>
#include <utility>
#include <vector>

#include "tests/perico/perico_test_util.hpp"

namespace parlor::perico::testing {

inline std::vector<Card> cards(std::string_view text) { return *parse_card_list(text); }

// Three seats, dealer 0, so seat 1 acts first. Hands chosen far from complete.
inline Deal three_seats(Json discard_pile, Json stock = Json::array()) {
  Deal deal;
  deal.hands = {{"2C", "5D", "8H", "JH", "KC"},   // high card
                {"3C", "3D", "3H", "9S", "JD"},   // three of a kind
                {"4C", "4D", "7H", "TH", "6C"}};  // one pair
  deal.discard = std::move(discard_pile);
  deal.stock = std::move(stock);
  return deal;
}

// The six-card variant's three seats, dealer 0: seat 1 (three threes) acts first, no hand
// complete.
inline Deal three_six_card_seats(Json discard_pile, Json stock = Json::array()) {
  Deal deal;
  deal.variant = "six_card";
  deal.hands = {{"2C", "5D", "8H", "JS", "KC", "6H"},
                {"3C", "3D", "3H", "9S", "JD", "6D"},
                {"4C", "4D", "7H", "TS", "AC", "6C"}};
  deal.discard = std::move(discard_pile);
  deal.stock = std::move(stock);
  return deal;
}

}  // namespace parlor::perico::testing
