// Helpers for the Pedro tests: starting fixed deals, applying moves, and the
// invariants the random playouts check after every action.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <bitset>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/pedro/pedro.hpp"
#include "engine/pedro/pedro_state.hpp"

namespace parlor::pedro::testing {

struct Table {
  std::unique_ptr<GameState> game;
  PedroState& state() const { return static_cast<PedroState&>(*game); }
  // Applies the move and returns "" when accepted, else the rejection code.
  std::string act(Seat seat, const Json& action) const;
  // Applies the move, failing the test (with the message) if it is rejected.
  void ok(Seat seat, const Json& action) const;
  Json view(Seat seat) const { return game->view(seat); }
};

// A match with a fixed first deal. `piles` is {"stock": [...]} or {"kitty": [...]}.
Table start(const std::string& variant, const std::vector<std::string>& hands, Seat dealer = 3,
            const Json& piles = Json::object(), const Json& extra = {});

Json bid(int amount);
Json pass();
Json trump(const std::string& suit);
Json play(const std::string& card);
Json play_dump(const std::string& card, const std::vector<std::string>& dump);
Json cards_action(const std::string& type, const std::vector<std::string>& cards);

std::vector<std::string> strs(const Json& cards);
std::set<std::string> card_set(const std::string& spaced);
// The mask of the cards named.
std::bitset<52> card_mask(const std::vector<std::string>& cards);

// ---- Invariants ----

// "" when each of the 52 cards is in exactly one zone, else what is wrong.
std::string conservation_error(const PedroState& state);
// Cards `viewer` may not see now (spectator: kSpectator), by Card::code().
using CardMask = std::bitset<52>;
CardMask hidden_from(const PedroState& state, Seat viewer);
// All five at once, indexed viewer + 1 (the spectator first).
using HiddenMasks = std::array<CardMask, 5>;
HiddenMasks hidden_masks(const PedroState& state);
// Every card named by a string anywhere in `json`.
CardMask cards_named(const Json& json);
// The first card string of `json` that is in `hidden`, or "".
std::string leaked_card(const Json& json, const CardMask& hidden);
// The follow rules as the rules file words them, written independently of the engine.
bool follows_rules(const std::vector<Card>& hand, std::optional<Card> led, Card card, Suit trump,
                   bool king_pedro);

}  // namespace parlor::pedro::testing

namespace parlor::pedro::testing {

// Fixed deals used by several tests (dealer 3, so seat 0 bids first).
//
// Pedro, hearts trumps named by seat 0: the dealer holds six trumps and robs the two
// left in the stock (past six), so must dump two at the first trick.
inline Table pedro_rob_past_six() {
  return start("pedro",
               {"AH KH QH JH TH 2C 3C 4C 6C", "8H 2D 3D 4D 6D 7D 8D 9D TD",
                "2S 3S 4S 6S 7S 8S 9S TS JS", "6H 5H 5D 4H 3H 2H QS KS AS"},
               3,
               {{"stock",
                 {"5C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC", "JD", "QD", "KD", "9H",
                  "7H", "AD", "5S"}}});
}

// Pedro, hearts trumps: after the refill the stock holds 3H 2H and five non-trumps;
// the dealer (three trumps) takes both trumps and chooses one non-trump.
inline Table pedro_rob_with_choice() {
  return start("pedro",
               {"AH KH QH JH TH 9H 2C 3C 4C", "8H 7H 2D 3D 4D 6D 7D 8D 9D",
                "6H 2S 3S 4S 6S 7S 8S 9S TS", "5H 5D 4H JS QS KS AS 5C 6C"},
               3,
               {{"stock",
                 {"7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC", "TD", "3H", "JD", "QD", "KD",
                  "AD", "5S", "2H"}}});
}

// King Pedro, hearts trumps for seat 0 (see pedro_play_test.cpp for the whole hand).
inline Table king_pedro_deal() {
  return start("king_pedro",
               {"AH KH 2H 2C 3C 4C 6C 7C 8C 9C TC JC", "3H TH 9H 8H 7H 6H 5H 2S 3S 4S 6S 7S",
                "5D 4H 8S 9S TS JS QS KS AS 5S 5C 2D", "JH 3D 4D 6D 7D 8D 9D TD JD QD KD AD"},
               3, {{"kitty", {"QH", "QC", "KC", "AC"}}});
}

// Cinch, hearts trumps for seat 0 (seven trumps: one excess to discard); the dealer
// needs three and the stock's rest is four trumps: one stays face up, unused.
inline Table cinch_choose_trumps(const Json& extra = {}) {
  return start("cinch",
               {"AH KH QH JH TH 9H 8H 2C 3C", "2D 3D 4D 6D 7D 8D 9D TD JD",
                "2S 3S 4S 6S 7S 8S 9S TS JS", "7H 6H 4H 4C 6C 7C 8C 9C TC"},
               3,
               {{"stock",
                 {"5C", "JC", "QC", "KC", "AC", "QD", "KD", "AD", "5S", "QS", "KS", "AS", "5H",
                  "3H", "2H", "5D"}}},
               extra);
}

// Cinch as above, but the stock's rest is 5H 3H AS KS: the dealer must take both
// trumps and one of the two non-trumps.
inline Table cinch_trumps_first() {
  return start("cinch",
               {"AH KH QH JH TH 9H 8H 2C 3C", "2D 3D 4D 6D 7D 8D 9D TD JD",
                "2S 3S 4S 6S 7S 8S 9S TS JS", "7H 6H 4H 4C 6C 7C 8C 9C TC"},
               3,
               {{"stock",
                 {"5C", "JC", "QC", "KC", "AC", "QD", "KD", "AD", "5S", "QS", "2H", "5D", "5H",
                  "3H", "AS", "KS"}}});
}

}  // namespace parlor::pedro::testing
