#include "tests/secrecy/card_zones.hpp"

#include "engine/carioca/carioca_state.hpp"
#include "engine/loc/loc_state.hpp"
#include "engine/pedro/pedro_state.hpp"
#include "engine/perico/perico_state.hpp"
#include "engine/poker/poker_state.hpp"

namespace parlor::testing {
namespace {

constexpr int kEveryone = ZoneAudience::kEveryone;
constexpr int kNobody = ZoneAudience::kNobody;

void add_hands(std::vector<CardZone>& zones, const auto& hands) {
  int seat = 0;
  for (const auto& hand : hands) {
    zones.push_back({"hand " + std::to_string(seat), seat, true, {hand.begin(), hand.end()}});
    ++seat;
  }
}

// ../shared/rules/perico.md: the discard pile lies face up, the stock face down.
std::vector<CardZone> perico_zones(const perico::PericoState& state) {
  std::vector<CardZone> zones;
  add_hands(zones, state.hands());
  zones.push_back({"discard pile", kEveryone, false, state.discard_pile()});
  zones.push_back({"stock", kNobody, false, state.stock()});
  return zones;
}

// Loc: each step's choices are hidden until revealed together; discards stay face down
// (even the discarder's view never shows them again); undealt cards are never seen.
std::vector<CardZone> loc_zones(const loc::LocState& state) {
  loc::CardPlaces places = state.card_places();
  std::vector<CardZone> zones;
  add_hands(zones, places.hands);
  for (std::size_t seat = 0; seat < places.choices.size(); ++seat) {
    if (!places.choices[seat]) continue;
    // Revealed with the others once every seat has chosen, even when that ends the hand.
    zones.push_back(
        {"choice " + std::to_string(seat), static_cast<int>(seat), true, {*places.choices[seat]}});
  }
  zones.push_back({"face-down discards", kNobody, false, places.discards});
  zones.push_back({"shown", kEveryone, false, places.shown});
  zones.push_back({"set aside", kNobody, false, places.set_aside});
  return zones;
}

// Pedro: stock, kitty and the cards dumped with the first trick are face down; the
// discards (once revealed), Cinch's table, the trick and the tricks won were played face up.
std::vector<CardZone> pedro_zones(const pedro::PedroState& state) {
  const pedro::Zones& places = state.zones();
  std::vector<CardZone> zones;
  add_hands(zones, places.hands);
  // ../shared/rules/pedro.md, "Robbing": the dealer looks through the rest of the stock.
  const int stock_audience = state.phase() == pedro::Phase::kRob ? state.dealer() : kNobody;
  zones.push_back({"stock", stock_audience, false, places.stock});
  zones.push_back({"kitty", kNobody, false, places.kitty});
  for (int seat = 0; seat < pedro::kSeats; ++seat) {
    zones.push_back({"discards " + std::to_string(seat), kEveryone, false, places.discards[seat]});
    zones.push_back(
        {"pending discards " + std::to_string(seat), seat, false, places.pending[seat]});
  }
  zones.push_back({"cinch table", kEveryone, false, places.table});
  zones.push_back({"won 0", kEveryone, false, places.won[0]});
  zones.push_back({"won 1", kEveryone, false, places.won[1]});
  zones.push_back({"dumped", kNobody, false, places.dumped});
  CardZone trick{"trick", kEveryone, false, {}};
  for (const pedro::TrickCard& played : state.trick().cards) trick.cards.push_back(played.card);
  zones.push_back(std::move(trick));
  return zones;
}

// Carioca (two decks): hands private, stock face down, discard pile and melds face up.
std::vector<CardZone> carioca_zones(const carioca::CariocaState& state) {
  std::vector<CardZone> zones;
  std::vector<std::vector<Card>> hands;
  for (int seat = 0; seat < state.seat_count(); ++seat) hands.push_back(state.hand(seat));
  add_hands(zones, hands);
  zones.push_back({"stock", kNobody, false, state.stock()});
  zones.push_back({"discard pile", kEveryone, false, state.discard_pile()});
  CardZone melds{"melds", kEveryone, false, {}};
  for (const auto& seat_melds : state.melds()) {
    for (const auto& meld : seat_melds) {
      melds.cards.insert(melds.cards.end(), meld.cards.begin(), meld.cards.end());
    }
  }
  zones.push_back(std::move(melds));
  return zones;
}

// Poker: hands private until a showdown; stock, discards and folded hands face down.
std::vector<CardZone> poker_zones(const poker::PokerState& state) {
  std::vector<CardZone> zones;
  std::vector<std::vector<Card>> hands;
  for (int seat = 0; seat < state.seat_count(); ++seat) hands.push_back(state.hand(seat));
  add_hands(zones, hands);
  zones.push_back({"stock", kNobody, false, state.stock()});
  zones.push_back({"discards", kNobody, false, state.discards()});
  zones.push_back({"muck", kNobody, false, state.muck()});
  return zones;
}

const CardZone* find_zone(const std::vector<CardZone>& zones, const std::string& name) {
  for (const CardZone& zone : zones) {
    if (zone.name == name) return &zone;
  }
  return nullptr;
}

}  // namespace

std::vector<Card> poker_cards_served(const std::vector<CardZone>& before, const Json& action) {
  const CardZone* stock = find_zone(before, "stock");
  const CardZone* discards = find_zone(before, "discards");
  const Json discarded = action.value("discard", Json::array());
  if (!stock || !discards || !discarded.is_array()) return {};
  const std::size_t wanted = discarded.size();
  if (wanted == 0) return {};
  // PokerState::serve: the stock's last card is never dealt.
  if (stock->cards.size() >= wanted + 1) {
    return {stock->cards.begin(), stock->cards.begin() + static_cast<std::ptrdiff_t>(wanted)};
  }
  std::vector<Card> either = stock->cards;
  either.insert(either.end(), discards->cards.begin(), discards->cards.end());
  return either;
}

CardCounts shown_in_passing(const std::string& game, const std::vector<CardZone>& before,
                            const std::vector<CardZone>& after, int actor) {
  CardCounts shown;
  if (game != "perico") return shown;
  // ../shared/rules/perico.md, "Joker on top": the cards just placed face up and the
  // whole pile go back into the stock within the same action.
  // Cards go from a hand or the pile into the stock only then; only those are shown.
  const CardZone* stock_after = find_zone(after, "stock");
  if (!stock_after) return shown;
  CardCounts in_stock;
  for (const Card& card : stock_after->cards) ++in_stock[card.str()];
  for (const std::string& name : {std::string("discard pile"), "hand " + std::to_string(actor)}) {
    if (const CardZone* zone = find_zone(before, name)) {
      for (const Card& card : zone->cards) {
        if (in_stock[card.str()] > shown[card.str()]) ++shown[card.str()];
      }
    }
  }
  return shown;
}

std::vector<CardZone> zones_of(const GameState& state) {
  if (auto* perico = dynamic_cast<const perico::PericoState*>(&state)) return perico_zones(*perico);
  if (auto* loc = dynamic_cast<const loc::LocState*>(&state)) return loc_zones(*loc);
  if (auto* pedro = dynamic_cast<const pedro::PedroState*>(&state)) return pedro_zones(*pedro);
  if (auto* carioca = dynamic_cast<const carioca::CariocaState*>(&state)) {
    return carioca_zones(*carioca);
  }
  if (auto* poker = dynamic_cast<const poker::PokerState*>(&state)) return poker_zones(*poker);
  return {};
}

}  // namespace parlor::testing
