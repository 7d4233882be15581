#include "engine/poker/poker_options.hpp"

#include "engine/core/deck.hpp"

namespace parlor::poker {

const OptionSchema& option_schema() {
  static const OptionSchema schema({
      OptionSpec::choice("deck", 52, {52, 40, 36, 32, "auto", "rule_of_11"},
                         "cards in the deck: all 52, or stripped to 40 (5 to ace), 36 (6 to "
                         "ace) or 32 (7 to ace); by the number of players (7: 52, 6: 40, "
                         "5: 36, 4 or fewer: 32); or by the rule of 11 (the lowest rank plus "
                         "the players makes 11)")
          .labelled("Deck", {"52 cards", "40 cards (5 to ace)", "36 cards (6 to ace)",
                             "32 cards (7 to ace)", "By the number of players",
                             "Rule of 11 (lowest rank + players = 11)"}),
      OptionSpec::choice("jokers", 0, {0, 1, 2}, "wild jokers added (only one counts per hand)")
          .labelled("Wild jokers", {"None", "1 joker", "2 jokers"}),
      OptionSpec::choice("figures", "off", {"off", "below_trio", "by_deck"},
                         "the figures hand (five cards all J, Q, K or A): not played; ranked "
                         "directly below three of a kind; or above three of a kind with more "
                         "than 40 cards and below it with 40 or fewer")
          .labelled("Figures hand",
                    {"Not played", "Just below three of a kind", "By the deck's size"}),
      OptionSpec::boolean("ace_straight_over_flush", false,
                          "straights with an ace rank directly above the flush")
          .labelled("Ace straights beat a flush"),
      OptionSpec::integer("ante", 1, 1, 1000000, "chips each player antes every deal")
          .labelled("Ante (chips)"),
      OptionSpec::integer("min_bet", 1, 1, 1000000, "smallest bet or raise increment")
          .labelled("Smallest bet (chips)"),
      OptionSpec::integer("max_bet", 10, 1, 1000000, "largest bet or raise increment")
          .labelled("Largest bet (chips)"),
      OptionSpec::boolean("dealer_double_ante", false, "the dealer antes twice")
          .labelled("Dealer antes twice"),
      OptionSpec::choice("max_discard", 5, {5, 4, 3}, "most cards a player may change")
          .labelled("Cards you may change", {"Up to 5", "Up to 4", "Up to 3"}),
      OptionSpec::integer("stack", 100, 1, 1000000000, "starting chips of every player")
          .labelled("Starting chips"),
      OptionSpec::integer("deals", 0, 0, 1000000,
                          "the table closes after this many deals (0: only when fewer than "
                          "two players can pay the ante); a jackpot carried over is played "
                          "out first")
          .labelled("Deals"),
      OptionSpec::choice("rebuy", "off", {"off", "starting_stack", "largest_stack"},
                         "a player who cannot pay the ante buys in again before the next "
                         "deal: for the starting stack, or for the largest stack at the table "
                         "(never less than the starting stack)")
          .labelled("Rebuys", {"None", "For the starting stack", "For the largest stack"}),
      OptionSpec::integer("max_rebuys", 3, 0, 1000, "rebuys allowed per player")
          .labelled("Rebuys per player"),
  });
  return schema;
}

int lowest_rank_for(const Json& deck_option, int seats) {
  if (deck_option == "rule_of_11") return 11 - seats;
  if (deck_option == "auto") {
    if (seats >= 7) return 2;
    if (seats == 6) return 5;
    if (seats == 5) return 6;
    return 7;
  }
  const int cards = deck_option.is_number_integer() ? deck_option.get<int>() : 52;
  return kAce + 1 - cards / 4;
}

std::vector<Card> Settings::deck() const { return stripped_deck(lowest_rank, jokers); }

int Settings::deck_cards() const { return (kAce - lowest_rank + 1) * 4 + jokers; }

namespace {

hands::Figures figures_from(const Json& value) {
  if (value == "below_trio") return hands::Figures::kBelowTrio;
  if (value == "by_deck") return hands::Figures::kByDeck;
  return hands::Figures::kOff;
}

Rebuy rebuy_from(const Json& value) {
  if (value == "starting_stack") return Rebuy::kStartingStack;
  if (value == "largest_stack") return Rebuy::kLargestStack;
  return Rebuy::kOff;
}

}  // namespace

Expected<Settings> read_settings(const Json& options, int seats) {
  Settings s;
  s.seats = seats;
  s.lowest_rank = lowest_rank_for(options.at("deck"), seats);
  s.jokers = options.at("jokers").get<int>();
  s.rules.lowest_rank = s.lowest_rank;
  s.rules.figures = figures_from(options.at("figures"));
  s.rules.ace_straight_over_flush = options.at("ace_straight_over_flush").get<bool>();
  s.ante = options.at("ante").get<Chips>();
  s.min_bet = options.at("min_bet").get<Chips>();
  s.max_bet = options.at("max_bet").get<Chips>();
  s.stack = options.at("stack").get<Chips>();
  s.dealer_double_ante = options.at("dealer_double_ante").get<bool>();
  s.max_discard = options.at("max_discard").get<int>();
  s.deals = options.at("deals").get<int>();
  s.rebuy = rebuy_from(options.at("rebuy"));
  s.max_rebuys = options.at("max_rebuys").get<int>();

  const int needed = 5 * seats + s.max_discard + 1;
  if (s.deck_cards() < needed) {
    return Error{"deck_too_small", "a deck of " + std::to_string(s.deck_cards()) +
                                       " cards cannot serve " + std::to_string(seats) +
                                       " players and a draw of up to " +
                                       std::to_string(s.max_discard) +
                                       " cards: it needs at least " + std::to_string(needed) +
                                       " (five each, the draw, and the stock's last "
                                       "card, which is never dealt)"};
  }
  if (s.min_bet > s.max_bet) {
    return Error{"bad_bet_limits", "min_bet (" + std::to_string(s.min_bet) +
                                       ") is above max_bet (" + std::to_string(s.max_bet) + ")"};
  }
  if (s.stack < s.ante) {
    return Error{"stack_below_ante", "the starting stack (" + std::to_string(s.stack) +
                                         ") cannot pay the ante (" + std::to_string(s.ante) + ")"};
  }
  return s;
}

}  // namespace parlor::poker
