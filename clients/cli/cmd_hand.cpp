// `parlor hand GAME [--option KEY=VALUE]... HAND...`: ranks hands of Perico (five or six
// cards) or Poker and prints one JSON line:
//   {"game":"poker","hands":[{"cards":[...],"category":"flush","complete":false,
//    "jokers":0},...],"order":[[0],[1]]}
// `order` lists the hands' indices best first; tied hands share a group. Each hand is
// checked on its own (hands may share cards). Bad input: exit 2, a message on stderr,
// nothing on stdout.
//
// Perico: `perico --option variant=five_card|six_card` (five_card, the default: 54 cards
// with 2 jokers; six_card: 56 with 4), as the table option is spelled; the older names
// perico5 and perico6 still work and take no options.
// Poker: deck=52|40|36|32|auto|rule_of_11 (default 52), jokers=0|1|2 (default 0),
// figures=off|below_trio|by_deck (default off), ace_straight_over_flush=true|false
// (default false), and players=2..7, which only deck=auto and deck=rule_of_11 use (and
// require): they strip the deck by the number of players as poker.md says.
#include <algorithm>
#include <iostream>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "clients/cli/command.hpp"
#include "engine/core/card.hpp"
#include "engine/core/expected.hpp"
#include "engine/hands/hand_eval.hpp"

namespace parlor::cli {
namespace {

using hands::HandRank;

constexpr const char* kUsage = "hand GAME [--option KEY=VALUE]... HAND...";

// What `parlor hand` needs to know about a game and its table options.
struct HandGame {
  std::string name;
  int hand_size = 5;
  int deck_jokers = 0;
  int lowest_rank = 2;
  hands::PokerRules poker;  // Poker only
};

struct Request {
  std::string game;
  std::map<std::string, std::string> options;
  std::vector<std::string> hands;
};

Error usage_error(const std::string& message) { return Error{"bad_usage", message}; }

Expected<Request> parse_arguments(const std::vector<std::string>& args) {
  if (args.empty()) return usage_error("missing GAME (perico or poker)");
  Request request;
  request.game = args[0];
  for (std::size_t i = 1; i < args.size(); ++i) {
    std::string option;
    if (args[i] == "--option") {
      if (i + 1 == args.size()) return usage_error("--option needs KEY=VALUE");
      option = args[++i];
    } else if (args[i].rfind("--option=", 0) == 0) {
      option = args[i].substr(9);
    } else if (args[i].rfind("--", 0) == 0) {
      return usage_error("unknown flag '" + args[i] + "'");
    } else {
      request.hands.push_back(args[i]);
      continue;
    }
    const auto eq = option.find('=');
    if (eq == std::string::npos || eq == 0) {
      return usage_error("option '" + option + "' is not KEY=VALUE");
    }
    const std::string key = option.substr(0, eq);
    if (!request.options.emplace(key, option.substr(eq + 1)).second) {
      return usage_error("option '" + key + "' given twice");
    }
  }
  if (request.hands.empty()) return usage_error("no HAND given");
  return request;
}

Error bad_option(const std::string& key, const std::string& value, const std::string& allowed) {
  return Error{"bad_option", "option " + key + "=" + value + " is not valid: " + allowed};
}

// deck=auto: "7 players 52 cards, 6 -> 40, 5 -> 36, 4 or fewer -> 32";
// deck=rule_of_11: "the lowest rank plus the number of players makes 11".
Expected<int> poker_lowest_rank(const std::map<std::string, std::string>& options) {
  const std::string deck = options.count("deck") ? options.at("deck") : "52";
  if (deck == "52") return 2;
  if (deck == "40") return 5;
  if (deck == "36") return 6;
  if (deck == "32") return 7;
  if (deck != "auto" && deck != "rule_of_11") {
    return bad_option("deck", deck, "52, 40, 36, 32, auto or rule_of_11");
  }
  if (!options.count("players")) {
    return Error{"bad_option", "deck=" + deck +
                                   " strips the deck by the number of players: add --option "
                                   "players=N (2 to 7)"};
  }
  const std::string& text = options.at("players");
  if (text.size() != 1 || text[0] < '2' || text[0] > '7') {
    return bad_option("players", text, "a number of players from 2 to 7");
  }
  const int players = text[0] - '0';
  if (deck == "rule_of_11") return 11 - players;
  return players == 7 ? 2 : players == 6 ? 5 : players == 5 ? 6 : 7;
}

Expected<HandGame> poker_game(const std::map<std::string, std::string>& options) {
  const std::set<std::string> known = {"deck", "jokers", "figures", "ace_straight_over_flush",
                                       "players"};
  for (const auto& [key, value] : options) {
    if (!known.count(key)) {
      return Error{"bad_option", "poker has no option '" + key +
                                     "' (deck, jokers, figures, ace_straight_over_flush, "
                                     "players)"};
    }
  }
  HandGame game;
  game.name = "poker";
  auto lowest = poker_lowest_rank(options);
  if (!lowest) return lowest.error();
  game.lowest_rank = *lowest;
  game.poker.lowest_rank = *lowest;
  const std::string jokers = options.count("jokers") ? options.at("jokers") : "0";
  if (jokers != "0" && jokers != "1" && jokers != "2")
    return bad_option("jokers", jokers, "0, 1 or 2");
  game.deck_jokers = jokers[0] - '0';
  const std::string figures = options.count("figures") ? options.at("figures") : "off";
  if (figures == "off") {
    game.poker.figures = hands::Figures::kOff;
  } else if (figures == "below_trio") {
    game.poker.figures = hands::Figures::kBelowTrio;
  } else if (figures == "by_deck") {
    game.poker.figures = hands::Figures::kByDeck;
  } else {
    return bad_option("figures", figures, "off, below_trio or by_deck");
  }
  const std::string ace =
      options.count("ace_straight_over_flush") ? options.at("ace_straight_over_flush") : "false";
  if (ace != "true" && ace != "false") {
    return bad_option("ace_straight_over_flush", ace, "true or false");
  }
  game.poker.ace_straight_over_flush = ace == "true";
  return game;
}

HandGame perico_game(const std::string& name, bool six_card) {
  HandGame game;
  game.name = name;
  game.hand_size = six_card ? 6 : 5;
  game.deck_jokers = six_card ? 4 : 2;
  return game;
}

Expected<HandGame> game_of(const Request& request) {
  if (request.game == "poker") return poker_game(request.options);
  if (request.game == "perico") {
    for (const auto& [key, value] : request.options) {
      if (key != "variant") {
        return Error{"bad_option", "perico has no option '" + key + "' here (variant)"};
      }
    }
    const std::string variant =
        request.options.count("variant") ? request.options.at("variant") : "five_card";
    if (variant != "five_card" && variant != "six_card") {
      return bad_option("variant", variant, "five_card or six_card");
    }
    return perico_game("perico", variant == "six_card");
  }
  if (request.game != "perico5" && request.game != "perico6") {
    return usage_error("unknown game '" + request.game + "' (perico or poker)");
  }
  if (!request.options.empty()) {
    return Error{"bad_option",
                 request.game + " takes no options (or use perico --option variant=...)"};
  }
  return perico_game(request.game, request.game == "perico6");
}

// One hand as the game's deck could deal it.
Expected<std::vector<Card>> parse_hand(const HandGame& game, const std::string& text) {
  auto cards = parse_card_list(text);
  if (!cards) return cards.error();
  const auto& list = *cards;
  if (static_cast<int>(list.size()) != game.hand_size) {
    return Error{"bad_hand", "has " + std::to_string(list.size()) + " cards, " + game.name +
                                 " hands have " + std::to_string(game.hand_size)};
  }
  std::set<Card> seen;
  int jokers = 0;
  for (Card card : list) {
    if (card.is_joker()) {
      ++jokers;
      continue;
    }
    if (!seen.insert(card).second) return Error{"bad_hand", card.str() + " appears twice"};
    if (card.rank() < game.lowest_rank) {
      return Error{"bad_hand", card.str() + " is not in the " +
                                   std::to_string((kAce - game.lowest_rank + 1) * 4) +
                                   "-card deck"};
    }
  }
  if (jokers > game.deck_jokers) {
    return Error{"bad_hand", std::to_string(jokers) + (jokers == 1 ? " joker" : " jokers") +
                                 ", but the deck holds " + std::to_string(game.deck_jokers)};
  }
  return list;
}

Json order_groups(const std::vector<HandRank>& ranks) {
  std::vector<std::size_t> index(ranks.size());
  std::iota(index.begin(), index.end(), 0);
  std::stable_sort(index.begin(), index.end(), [&](std::size_t a, std::size_t b) {
    return ranks[a].strength > ranks[b].strength;
  });
  Json order = Json::array();
  for (std::size_t i = 0; i < index.size(); ++i) {
    if (i == 0 || ranks[index[i]].strength != ranks[index[i - 1]].strength) {
      order.push_back(Json::array());
    }
    order.back().push_back(index[i]);
  }
  return order;
}

int fail(const std::string& message) {
  std::cerr << "parlor hand: " << message << "\n";
  return 2;
}

int run_hand(const std::vector<std::string>& args) {
  auto request = parse_arguments(args);
  if (!request) return fail(request.error().message + "; usage: parlor " + kUsage);
  auto game = game_of(*request);
  if (!game) return fail(game.error().message);
  std::vector<std::vector<Card>> hands;
  for (std::size_t i = 0; i < request->hands.size(); ++i) {
    auto hand = parse_hand(*game, request->hands[i]);
    if (!hand) {
      return fail("hand " + std::to_string(i) + " (\"" + request->hands[i] +
                  "\"): " + hand.error().message);
    }
    hands.push_back(std::move(*hand));
  }
  std::optional<hands::PokerEvaluator> poker;
  if (game->name == "poker") poker.emplace(game->poker);
  std::vector<HandRank> ranks;
  Json out_hands = Json::array();
  for (const auto& hand : hands) {
    HandRank rank;
    if (poker) {
      rank = poker->evaluate(std::span<const Card, 5>(hand.data(), 5));
    } else if (game->hand_size == 5) {
      rank = hands::evaluate_perico5(std::span<const Card, 5>(hand.data(), 5));
    } else {
      rank = hands::evaluate_perico6(std::span<const Card, 6>(hand.data(), 6));
    }
    ranks.push_back(rank);
    out_hands.push_back(Json{{"cards", cards_to_json(hand)},
                             {"category", std::string(hands::category_name(rank.category))},
                             {"complete", rank.complete},
                             {"jokers", rank.jokers}});
  }
  std::cout
      << Json{{"game", game->name}, {"hands", out_hands}, {"order", order_groups(ranks)}}.dump()
      << "\n";
  return 0;
}

}  // namespace

PARLOR_COMMAND(
    "hand", kUsage, "rank Perico or Poker hands and order them",
    "GAME is perico or poker; each HAND is one argument of space-separated cards\n"
    "(\"AS KD JK\"). Prints {\"game\",\"hands\",\"order\"} with the hands' indices best\n"
    "first, ties grouped.\n"
    "Perico options: variant=five_card|six_card (default five_card; the old names\n"
    "perico5 and perico6 still work).\n"
    "Poker options: deck=52|40|36|32|auto|rule_of_11 (auto and rule_of_11 need\n"
    "players=2..7), jokers=0|1|2, figures=off|below_trio|by_deck,\n"
    "ace_straight_over_flush=true|false.\n"
    "Example: parlor hand perico --option variant=six_card \"AH AD AC AS JK JK\" ...\n"
    "Exit: 0 ranked, 2 bad usage or a hand the deck cannot deal.\n",
    run_hand);

}  // namespace parlor::cli
