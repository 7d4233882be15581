// Invariants checked after every action of the random playouts (and in view tests):
// every card in exactly one place, hand sizes, no view or event showing a viewer a
// card of another seat's hand, and a state fingerprint for replay comparisons.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "engine/core/deck.hpp"
#include "engine/perico/perico_state.hpp"

namespace parlor::perico::testing {

// Every string in `json` that is a card, skipping object keys listed in `skip`.
inline void collect_cards(const Json& json, const std::vector<std::string>& skip,
                          std::vector<Card>& out) {
  if (json.is_string()) {
    const std::string text = json.get<std::string>();
    if (text.size() == 2) {
      if (auto card = parse_card(text)) out.push_back(*card);
    }
  } else if (json.is_array()) {
    for (const Json& item : json) collect_cards(item, skip, out);
  } else if (json.is_object()) {
    for (const auto& [key, value] : json.items()) {
      if (std::find(skip.begin(), skip.end(), key) != skip.end()) continue;
      collect_cards(value, skip, out);
    }
  }
}

inline bool contains(const std::vector<Card>& cards, Card card) {
  return std::find(cards.begin(), cards.end(), card) != cards.end();
}

inline int jokers_in(const std::vector<Card>& cards) {
  return static_cast<int>(std::count(cards.begin(), cards.end(), Card::joker()));
}

// Problems with the state itself: conservation, sizes, the pile's top.
inline std::vector<std::string> state_problems(const PericoState& s) {
  std::vector<std::string> problems;
  std::vector<Card> all;
  for (const auto& hand : s.hands()) all.insert(all.end(), hand.begin(), hand.end());
  const auto pile = s.discard_pile();
  const auto stock = s.stock();
  all.insert(all.end(), pile.begin(), pile.end());
  all.insert(all.end(), stock.begin(), stock.end());
  if (card_counts(all) != card_counts(standard_deck(s.config().variant->jokers))) {
    problems.push_back("cards are not conserved: " + cards_to_string(all));
  }
  const std::size_t size = static_cast<std::size_t>(s.config().variant->hand_size);
  for (Seat seat = 0; seat < s.seat_count(); ++seat) {
    const bool drawing = s.phase() == Phase::kDiscard && seat == s.turn();
    const std::size_t expected = drawing ? size + 1 : size;
    if (s.hands()[seat].size() != expected) {
      problems.push_back("seat " + std::to_string(seat) + " holds " +
                         std::to_string(s.hands()[seat].size()) + " cards");
    }
  }
  if (s.phase() == Phase::kDiscard && (!s.drawn() || !contains(s.hands()[s.turn()], *s.drawn()))) {
    problems.push_back("the drawn card is not in the drawer's hand");
  }
  if (pile.empty()) problems.push_back("the discard pile is empty");
  if (!pile.empty() && pile.front().is_joker() && s.phase() != Phase::kOver) {
    problems.push_back("a joker is on top of the pile");
  }
  return problems;
}

// A viewer may see its own hand, the pile, and (under last_round) the previous round.
inline std::vector<std::string> view_problems(const PericoState& s, Seat viewer, const Json& view) {
  std::vector<std::string> problems;
  std::vector<Card> seen;
  collect_cards(view, {"last_round"}, seen);
  const std::vector<Card> own = viewer == kSpectator ? std::vector<Card>{} : s.hands()[viewer];
  const auto pile = s.discard_pile();
  for (Seat other = 0; other < s.seat_count(); ++other) {
    if (other == viewer) continue;
    for (Card card : s.hands()[other]) {
      if (!card.is_joker() && contains(seen, card)) {
        problems.push_back("view of " + std::to_string(viewer) + " shows " + card.str() +
                           " held by seat " + std::to_string(other));
      }
    }
  }
  const bool drawn_joker = view.contains("drawn") && view["drawn"] == "JK";  // also in "hand"
  if (jokers_in(seen) - (drawn_joker ? 1 : 0) > jokers_in(own) + jokers_in(pile)) {
    problems.push_back("view of " + std::to_string(viewer) + " shows too many jokers");
  }
  if (viewer == kSpectator && (view.contains("hand") || view.contains("legal"))) {
    problems.push_back("a spectator's view has a hand or legal moves");
  }
  if (viewer != kSpectator) {
    const bool waiting = s.phase() != Phase::kOver && s.turn() == viewer;
    if (view["legal"].empty() == waiting) problems.push_back("legal does not match the turn");
    if (view["hand"] != cards_to_json(own)) problems.push_back("view hand differs");
  }
  return problems;
}

inline std::vector<std::string> view_problems(const PericoState& s, Seat viewer) {
  return view_problems(s, viewer, s.view(viewer));
}

// Events of one action, each checked for the viewers in its audience. Cards of a hand
// are secret unless they lay face up in the pile before the action. Events are split
// at each "deal": a segment's hands are those its "round_end" reveals, else the current
// ones; a round_end's "hands" list is the rules' reveal and is not checked.
inline std::vector<std::string> event_problems(const PericoState& s,
                                               const std::vector<Event>& events,
                                               const std::vector<Card>& pile_before) {
  std::vector<std::string> problems;
  std::vector<Json> bodies;  // each event parsed once
  for (const Event& event : events) bodies.push_back(event.body());
  std::size_t begin = 0;
  bool first_segment = true;
  while (begin < events.size()) {
    std::size_t end = begin + 1;
    while (end < events.size() && bodies[end]["type"] != "deal") ++end;
    std::vector<std::vector<Card>> hands = s.hands();
    for (std::size_t i = begin; i < end; ++i) {
      if (bodies[i]["type"] != "round_end") continue;
      for (std::size_t seat = 0; seat < hands.size(); ++seat) {
        hands[seat] = *parse_card_array(bodies[i]["hands"][seat]["cards"]);
      }
    }
    for (std::size_t i = begin; i < end; ++i) {
      std::vector<Card> cards;
      collect_cards(bodies[i], {"hands"}, cards);
      for (Seat viewer = kSpectator; viewer < s.seat_count(); ++viewer) {
        if (!events[i].audience.includes(viewer)) continue;
        for (Seat other = 0; other < s.seat_count(); ++other) {
          if (other == viewer) continue;
          for (Card card : cards) {
            if (card.is_joker() || !contains(hands[other], card)) continue;
            if (first_segment && contains(pile_before, card)) continue;
            problems.push_back("event " + bodies[i].dump() + " shows viewer " +
                               std::to_string(viewer) + " a card of seat " + std::to_string(other));
          }
        }
      }
    }
    first_segment = false;
    begin = end;
  }
  return problems;
}

// The same state, hidden parts included (round results are compared at match end).
inline bool same_state(const PericoState& a, const PericoState& b) {
  return a.hands() == b.hands() && a.discard_pile() == b.discard_pile() && a.stock() == b.stock() &&
         a.phase() == b.phase() && a.turn() == b.turn() && a.dealer() == b.dealer() &&
         a.knocker() == b.knocker() && a.round() == b.round() &&
         a.deals_started() == b.deals_started() && a.scores() == b.scores() &&
         a.drawn() == b.drawn();
}

// Everything that defines the state, hidden parts included, for replay comparisons.
inline Json fingerprint(const PericoState& s) {
  Json hands = Json::array();
  for (const auto& hand : s.hands()) hands.push_back(cards_to_json(hand));
  return {{"hands", hands},
          {"pile", cards_to_json(s.discard_pile())},
          {"stock", cards_to_json(s.stock())},
          {"phase", phase_name(s.phase())},
          {"turn", s.turn()},
          {"dealer", s.dealer()},
          {"knocker", s.knocker() ? Json(*s.knocker()) : Json()},
          {"round", s.round()},
          {"deals", s.deals_started()},
          {"scores", s.scores()},
          {"results", s.round_results()}};
}

}  // namespace parlor::perico::testing
