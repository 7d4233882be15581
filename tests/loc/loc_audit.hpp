// Audits for Loc's tests: what a viewer may not see, and whether a view shows it.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "engine/loc/loc_state.hpp"

namespace parlor::loc::testing {

// Every string value anywhere in `value` (object keys excluded).
inline void collect_strings(const Json& value, std::vector<std::string>& out) {
  if (value.is_string()) {
    out.push_back(value.get<std::string>());
  } else if (value.is_structured()) {
    for (const Json& item : value) collect_strings(item, out);
  }
}

// Where each card is, by card code, from the state's own account.
class CardMap {
 public:
  explicit CardMap(const CardPlaces& places) : place_(256, Place::kNone), seat_(256, -1) {
    for (Seat seat = 0; seat < static_cast<Seat>(places.hands.size()); ++seat) {
      for (Card card : places.hands[seat]) mark(card, Place::kHand, seat);
      if (places.choices[seat]) mark(*places.choices[seat], Place::kChoice, seat);
    }
    for (Card card : places.discards) mark(card, Place::kDiscard, -1);
    for (Card card : places.set_aside) mark(card, Place::kSetAside, -1);
    for (Card card : places.shown) mark(card, Place::kShown, -1);
  }

  // Other seats' hands and pending choices, every discard (the viewer's own too, once
  // the discard step is over) and the set-aside cards are hidden from `viewer`.
  bool hidden_from(Card card, Seat viewer) const {
    switch (place_[card.code()]) {
      case Place::kHand:
      case Place::kChoice:
        return seat_[card.code()] != viewer;
      case Place::kDiscard:
      case Place::kSetAside:
        return true;
      default:
        return false;
    }
  }

 private:
  enum class Place : std::uint8_t { kNone, kHand, kChoice, kDiscard, kSetAside, kShown };
  void mark(Card card, Place place, Seat seat) {
    place_[card.code()] = place;
    seat_[card.code()] = seat;
  }
  std::vector<Place> place_;
  std::vector<Seat> seat_;
};

// Card names of a deck, for reading views back.
inline const std::unordered_map<std::string, Card>& cards_by_name(DeckKind deck) {
  static const auto build = [](DeckKind kind) {
    std::unordered_map<std::string, Card> names;
    for (Card card : loc_deck(kind)) names.emplace(card.str(), card);
    return names;
  };
  static const auto standard = build(DeckKind::kStandard);
  static const auto tarot = build(DeckKind::kTarot);
  return deck == DeckKind::kTarot ? tarot : standard;
}

inline void find_leaks(const Json& value, const std::unordered_map<std::string, Card>& names,
                       const CardMap& map, Seat viewer, std::vector<std::string>& leaks) {
  if (value.is_string()) {
    auto it = names.find(value.get_ref<const std::string&>());
    if (it != names.end() && map.hidden_from(it->second, viewer)) leaks.push_back(it->first);
  } else if (value.is_structured()) {
    for (const Json& item : value) find_leaks(item, names, map, viewer, leaks);
  }
}

// The hidden cards `view` shows to `viewer`. "last_round" is left out: its cards
// belong to the finished hand and have been dealt again since (it is audited when the
// hand ends).
inline std::vector<std::string> leaked_cards(const Json& view, const CardMap& map, Seat viewer,
                                             DeckKind deck) {
  std::vector<std::string> leaks;
  const auto& names = cards_by_name(deck);
  for (const auto& [key, value] : view.items()) {
    if (key != "last_round") find_leaks(value, names, map, viewer, leaks);
  }
  return leaks;
}

}  // namespace parlor::loc::testing
