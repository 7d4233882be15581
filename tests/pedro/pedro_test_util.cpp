#include "tests/pedro/pedro_test_util.hpp"

#include <algorithm>
#include <sstream>

namespace parlor::pedro::testing {

std::string Table::act(Seat seat, const Json& action) const {
  ActionResult result = game->apply(seat, action);
  return result.ok() ? "" : result.error->code;
}

void Table::ok(Seat seat, const Json& action) const {
  ActionResult result = game->apply(seat, action);
  ASSERT_TRUE(result.ok()) << "seat " << seat << " " << action.dump() << ": " << result.error->code
                           << " " << result.error->message;
}

Table start(const std::string& variant, const std::vector<std::string>& hands, Seat dealer,
            const Json& piles, const Json& extra) {
  Json setup = piles;
  setup["hands"] = Json::array();
  for (const std::string& hand : hands) {
    Json list = Json::array();
    std::istringstream in(hand);
    std::string card;
    while (in >> card) list.push_back(card);
    setup["hands"].push_back(list);
  }
  Json options = {{"variant", variant}};
  if (extra.is_object()) options.update(extra);
  MatchConfig config;
  config.options = *definition().validate_table(options, 4);
  config.seats = 4;
  config.seed = Seed::from_u64(11);
  config.dealer = dealer;
  config.setup = setup;
  auto game = definition().new_match(config);
  EXPECT_TRUE(game.ok()) << (game.ok() ? "" : game.error().message);
  if (!game.ok()) return Table{};
  return Table{std::move(*game)};
}

Json bid(int amount) { return {{"type", "bid"}, {"amount", amount}}; }
Json pass() { return {{"type", "pass"}}; }
Json trump(const std::string& suit) { return {{"type", "trump"}, {"suit", suit}}; }
Json play(const std::string& card) { return {{"type", "play"}, {"card", card}}; }
Json play_dump(const std::string& card, const std::vector<std::string>& dump) {
  return {{"type", "play"}, {"card", card}, {"dump", dump}};
}
Json cards_action(const std::string& type, const std::vector<std::string>& cards) {
  return {{"type", type}, {"cards", cards}};
}

std::vector<std::string> strs(const Json& cards) {
  std::vector<std::string> out;
  for (const auto& c : cards) out.push_back(c.get<std::string>());
  return out;
}

std::set<std::string> card_set(const std::string& spaced) {
  std::set<std::string> out;
  std::istringstream in(spaced);
  std::string card;
  while (in >> card) out.insert(card);
  return out;
}

namespace {

// Calls visit(zone name, cards) for every zone of the hand.
template <class Visit>
void for_each_zone(const PedroState& state, Visit visit) {
  const Zones& z = state.zones();
  for (Seat s = 0; s < 4; ++s) {
    visit("hand" + std::to_string(s), z.hands[s]);
    visit("discards" + std::to_string(s), z.discards[s]);
    visit("pending" + std::to_string(s), z.pending[s]);
  }
  visit("stock", z.stock);
  visit("kitty", z.kitty);
  visit("table", z.table);
  visit("won0", z.won[0]);
  visit("won1", z.won[1]);
  visit("dumped", z.dumped);
  std::vector<Card> trick;
  for (const TrickCard& tc : state.trick().cards) trick.push_back(tc.card);
  visit("trick", trick);
}

CardMask mask_of(const std::vector<Card>& cards) {
  CardMask mask;
  for (Card c : cards) mask.set(c.code());
  return mask;
}

}  // namespace

std::bitset<52> card_mask(const std::vector<std::string>& cards) {
  std::bitset<52> mask;
  for (const std::string& text : cards) mask.set(parse_card(text)->code());
  return mask;
}

std::string conservation_error(const PedroState& state) {
  // Fast path: count cards without naming zones; name them only to explain a failure.
  std::array<int, 52> seen{};
  const Zones& z = state.zones();
  auto count = [&](const std::vector<Card>& cards) {
    for (Card c : cards) ++seen[c.code()];
  };
  for (Seat s = 0; s < 4; ++s) {
    count(z.hands[s]);
    count(z.discards[s]);
    count(z.pending[s]);
  }
  for (const auto* zone : {&z.stock, &z.kitty, &z.table, &z.won[0], &z.won[1], &z.dumped}) {
    count(*zone);
  }
  for (const TrickCard& tc : state.trick().cards) ++seen[tc.card.code()];
  if (std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; })) return "";
  std::array<std::string, 52> where;
  for_each_zone(state, [&](const std::string& name, const std::vector<Card>& cards) {
    for (Card c : cards) where[c.code()] += " " + name;
  });
  for (int code = 0; code < 52; ++code) {
    if (seen[code] != 1) {
      return Card::from_code(static_cast<std::uint8_t>(code)).str() + " is in " +
             std::to_string(seen[code]) + " places:" + where[code];
    }
  }
  return "";
}

HiddenMasks hidden_masks(const PedroState& state) {
  const Zones& z = state.zones();
  std::array<CardMask, 4> own;
  CardMask held;
  for (Seat s = 0; s < 4; ++s) {
    own[s] = mask_of(z.hands[s]) | mask_of(z.pending[s]);
    held |= own[s];
  }
  const CardMask stock = mask_of(z.stock);
  const CardMask always = mask_of(z.kitty) | mask_of(z.dumped);
  HiddenMasks masks;
  masks[0] = held | stock | always;  // the spectator
  for (Seat s = 0; s < 4; ++s) {
    const bool dealer_robbing = state.phase() == Phase::kRob && s == state.dealer();
    masks[s + 1] = (held & ~own[s]) | (dealer_robbing ? CardMask() : stock) | always;
  }
  return masks;
}

CardMask hidden_from(const PedroState& state, Seat viewer) {
  return hidden_masks(state)[viewer + 1];
}

namespace {

// The code of a canonical two-character card string, or -1.
int card_code(const std::string& text) {
  if (text.size() != 2) return -1;
  static const std::string kRanks = "23456789TJQKA";
  static const std::string kSuits = "CDHS";
  const auto rank = kRanks.find(text[0]);
  const auto suit = kSuits.find(text[1]);
  if (rank == std::string::npos || suit == std::string::npos) return -1;
  return static_cast<int>(rank * 4 + suit);
}

}  // namespace

CardMask cards_named(const Json& json) {
  CardMask named;
  if (json.is_string()) {
    const int code = card_code(json.get_ref<const std::string&>());
    if (code >= 0) named.set(code);
  } else if (json.is_array() || json.is_object()) {
    for (const auto& item : json) named |= cards_named(item);
  }
  return named;
}

std::string leaked_card(const Json& json, const CardMask& hidden) {
  if (json.is_string()) {
    const std::string& text = json.get_ref<const std::string&>();
    const int code = card_code(text);
    return code >= 0 && hidden.test(code) ? text : "";
  }
  if (json.is_array() || json.is_object()) {
    for (const auto& item : json) {
      std::string found = leaked_card(item, hidden);
      if (!found.empty()) return found;
    }
  }
  return "";
}

bool follows_rules(const std::vector<Card>& hand, std::optional<Card> led, Card card, Suit trump,
                   bool king_pedro) {
  if (!led) return true;
  static const Suit kPartner[4] = {Suit::kSpades, Suit::kHearts, Suit::kDiamonds, Suit::kClubs};
  auto trumpish = [&](Card c) {
    return c.suit() == trump || (c.rank() == 5 && c.suit() == kPartner[static_cast<int>(trump)]);
  };
  bool has_trump = false;
  bool has_led_suit = false;
  for (Card c : hand) {
    has_trump = has_trump || trumpish(c);
    has_led_suit = has_led_suit || (!trumpish(c) && c.suit() == led->suit());
  }
  if (trumpish(*led)) return !has_trump || trumpish(card);
  if (king_pedro) return true;
  if (!has_trump && !has_led_suit) return true;
  return trumpish(card) || card.suit() == led->suit();
}

}  // namespace parlor::pedro::testing
