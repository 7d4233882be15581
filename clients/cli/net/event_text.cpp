// Events as sentences with names and card words, for the terminal client's table.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "clients/cli/net/catalogue.hpp"
#include "clients/cli/net/move_words.hpp"
#include "clients/cli/net/table_words.hpp"

namespace parlor::cli::net {

using Json = nlohmann::json;

std::string TableWords::name(const Json& seat, bool you) const {
  if (!seat.is_number_integer()) return words_for("log.someone", {}, "someone");
  const int index = seat.get<int>();
  if (you && index == viewer) return "you";
  if (index >= 0 && index < static_cast<int>(names.size()) && !names[index].empty()) {
    return names[index];
  }
  return words_for("seat.numbered", {{"n", index + 1}}, "seat " + std::to_string(index + 1));
}

std::string TableWords::suit(const std::string& code) const {
  static const std::map<std::string, std::string> kSuits = {{"C", "\u2663 Clubs"},
                                                            {"D", "\u2666 Diamonds"},
                                                            {"H", "\u2665 Hearts"},
                                                            {"S", "\u2660 Spades"}};
  auto it = kSuits.find(code);
  if (it == kSuits.end()) return code;
  const std::string& english = it->second;  // "♠ Spades": the symbol, a space, the name
  const std::size_t space = english.find(' ');
  return english.substr(0, space + 1) +
         words_for("card.suit." + code, {}, english.substr(space + 1));
}

std::string TableWords::card(const std::string& code) const {
  if (code == "JK") return words_for("card.joker", {}, "Joker");
  if (code == "FOOL") return words_for("card.fool", {}, "the Fool");
  if (tarot && code.size() > 1 && code[0] == 'T' &&
      code.find_first_not_of("0123456789", 1) == std::string::npos) {
    return words_for("card.trump", {{"n", code.substr(1)}}, "Trump " + code.substr(1));
  }
  if (tarot && code.size() >= 2) {
    static const std::map<char, std::string> kTarotSuits = {
        {'S', "Swords"}, {'C', "Cups"}, {'D', "Coins"}, {'B', "Batons"}};
    static const std::map<std::string, std::string> kTarotRanks = {
        {"K", "King"}, {"Q", "Queen"}, {"C", "Knight"}, {"J", "Page"}, {"A", "Ace"}, {"T", "10"}};
    auto suit_it = kTarotSuits.find(code.back());
    if (suit_it != kTarotSuits.end()) {
      const std::string rank = code.substr(0, code.size() - 1);
      auto rank_it = kTarotRanks.find(rank);
      const std::string english =
          (rank_it == kTarotRanks.end() ? rank : rank_it->second) + " of " + suit_it->second;
      const std::string rank_key =
          rank == "C" || rank == "J" ? "card.tarot_rank." + rank : "card.rank." + rank;
      return words_for(
          "card.name",
          {{"rank", words_for(rank_key, {}, rank)},
           {"suit", words_for(std::string("card.tarot_suit.") + code.back(), {}, suit_it->second)}},
          english);
    }
  }
  if (!looks_like_card(code)) return code;
  const char suit_code = code.back();
  std::string rank = code.substr(0, code.size() - 1);
  if (rank == "T") rank = "10";
  const char* symbol = suit_code == 'C'   ? "\u2663"
                       : suit_code == 'D' ? "\u2666"
                       : suit_code == 'H' ? "\u2665"
                                          : "\u2660";
  const bool red = suit_code == 'D' || suit_code == 'H';
  return (colour && red ? "\033[31m" : "") + rank + symbol + (colour && red ? "\033[0m" : "");
}

std::string TableWords::cards(const Json& list) const {
  if (!list.is_array()) return list.is_string() ? card(list.get<std::string>()) : "";
  std::string out;
  // Tarot names are words ("Trump 14", "10 of Coins"): commas keep them apart.
  for (const Json& c : list) {
    if (c.is_string()) out += (out.empty() ? "" : tarot ? ", " : " ") + card(c.get<std::string>());
  }
  return out.empty() ? words_for("card.nothing", {}, "nothing") : out;
}

namespace {

// Fields that hold a seat index: shown as the seat's name.
const std::set<std::string> kSeatKeys = {"seat",      "winner",   "dealer",    "to",
                                         "from_seat", "declarer", "by",        "leader",
                                         "owner",     "opener",   "discarder", "knocker"};

std::string words_of(const std::string& key) {
  std::string out = key;
  for (char& c : out) c = c == '_' ? ' ' : c;
  return out;
}

// "Ana, Bot 2 y Bot 3": names joined as the reader's language does.
std::string name_list(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i == 0) {
      out = names[i];
    } else if (i + 1 < names.size()) {
      out += ", " + names[i];
    } else {
      out = say("cli.list_and", {{"first", out}, {"last", names[i]}});
    }
  }
  return out;
}

std::string count_of(const Json& value, const char* one, const char* many) {
  const int n = value.is_number_integer() ? value.get<int>() : 0;
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// Any event the sentences below do not know: "Ana: type, field value, ..." in words.
std::string generic(const Json& event, const TableWords& words) {
  std::string out = event.contains("seat") ? words.name(event["seat"]) + ": " : "";
  out += words_of(event.value("type", "event"));
  int shown = 0;
  for (auto it = event.begin(); it != event.end() && shown < 5; ++it) {
    const Json& value = it.value();
    if (it.key() == "type" || it.key() == "seat" || value.is_null() || value.is_object()) continue;
    std::string text;
    if (kSeatKeys.count(it.key()) && value.is_number_integer()) {
      text = words.name(value);
    } else if (value.is_string()) {
      text = looks_like_card(value.get<std::string>()) ? words.card(value.get<std::string>())
                                                       : words_of(value.get<std::string>());
    } else if (value.is_array() && !value.empty() && value[0].is_string()) {
      text = words.cards(value);
    } else if (value.is_array()) {
      continue;  // per-seat numbers: the seats' lines show them
    } else {
      text = value.dump();
    }
    out += (shown++ ? ", " : " - ") + words_of(it.key()) + " " + text;
  }
  return out + ".";
}

}  // namespace

std::string loc_play_text(const Json& entry, const TableWords& w) {
  const Json winner = entry.value("winner", Json(-1));
  const std::string who =
      winner.is_number_integer() && winner.get<int>() >= 0 ? w.name(winner) : "nobody";
  const std::string took = entry.value("took", Json(0)).dump();
  const std::string result = entry.value("result", Json("")).is_string()
                                 ? entry["result"].get<std::string>()
                                 : std::string();
  std::string shown;  // "Ana J♥, Bot 2 A♣": every seat's card of the play
  if (entry.contains("cards") && entry["cards"].is_array()) {
    const Json& cards = entry["cards"];
    for (std::size_t s = 0; s < cards.size(); ++s) {
      if (!cards[s].is_string()) continue;
      shown += (s ? ", " : "") + w.name(Json(s)) + " " + w.card(cards[s].get<std::string>());
    }
  }
  if (!Catalogue::current().english()) {
    // The web table's sentence ("Jugada 5: Ana se lleva el bote (7)..."), then the cards.
    const Json params = {{"play", entry.value("play", Json(0))},
                         {"name", who},
                         {"n", entry.value("took", Json(0))},
                         {"result", words_of(result)}};
    const bool known = result == "took_pot" || result == "final_pot" || result == "excused";
    const std::string said =
        Catalogue::current().text("loc.play." + (known ? result : std::string("other")), params);
    return shown.empty() ? said : said + " \u00b7 " + shown;
  }
  std::string head = "Play " + entry.value("play", Json(0)).dump() + ": ";
  if (!shown.empty()) head += shown + " - ";
  if (result == "took_pot")
    return head + who + " takes the pot (" + took + "); everyone pays in again";
  if (result == "final_pot") return head + who + " takes the last pot (" + took + ")";
  if (result == "excused") {
    return head + "no pot-taker; " + who +
           " has the highest card and is excused, everyone else pays in";
  }
  return head + words_of(result);
}

std::string event_text(const Json& e, const TableWords& w) {
  if (!Catalogue::current().english()) {
    if (auto said = catalogue_event_text(e, w)) return *said + ".";
  }
  const std::string type = e.value("type", "");
  const std::string who = e.contains("seat") ? w.name(e["seat"]) : "";
  auto has = [&](const char* key) { return e.contains(key) && !e[key].is_null(); };
  if (type == "deal") {
    std::string out = "New deal";
    if (has("round")) out += " (round " + e["round"].dump() + ")";
    if (has("hand")) out += " (hand " + e["hand"].dump() + ")";
    if (has("dealer")) out += ", " + w.name(e["dealer"]) + " deals";
    if (has("contract") && e["contract"].is_object())
      out += "; contract: " + e["contract"].value("text", "");
    if (has("upcard")) out += "; first discard " + w.card(e["upcard"].get<std::string>());
    return out + ".";
  }
  if (type == "hand")
    return (has("seat") ? w.name(e["seat"], true) : "you") == "you"
               ? "Your hand: " + w.cards(e["cards"]) + "."
               : who + " receives " + w.cards(e["cards"]) + ".";
  if (type == "draw") {
    if (has("count")) return who + " changes " + count_of(e["count"], "card", "cards") + ".";
    std::string from = e.value("from", "stock");
    std::string out = who + (from == "discard" ? " takes the discard" : " draws from the stock");
    if (has("card")) out += ": " + w.card(e["card"].get<std::string>());
    return out + ".";
  }
  if (type == "discard" || type == "discard_chosen") {  // Pedro's discard to six: _chosen
    if (has("card")) return who + " discards " + w.card(e["card"].get<std::string>()) + ".";
    if (has("cards")) return who + " discards " + w.cards(e["cards"]) + ".";
    if (has("count")) return who + " discards " + count_of(e["count"], "card", "cards") + ".";
    return who + " discards.";
  }
  if (type == "take") {
    return who + " takes " + count_of(e["count"], "card", "cards") + " from the pile" +
           (has("taken") ? " (" + w.cards(e["taken"]) + ")" : "") +
           (has("discard") ? ", giving " + w.cards(e["discard"]) : "") + ".";
  }
  if (type == "knock") return who + " knocks: everyone else has one last turn.";
  if (type == "knock_void") return who + "'s knock is void (the pile was too short).";
  if (type == "reshuffle") return "The pile is shuffled into a new stock.";
  if (type == "stock_rebuilt") return "The discards are shuffled into a new stock.";
  if (type == "pass") return who + " passes.";
  if (type == "bid") return who + " bids " + e.value("amount", Json(0)).dump() + ".";
  if (type == "auction_over") {
    return w.name(e["declarer"]) + " wins the bidding at " + e.value("bid", Json(0)).dump() + ".";
  }
  if (type == "trump") return who + " names trumps: " + w.suit(e.value("suit", "")) + ".";
  if (type == "thrown_in") return "Nobody bid: the deal is thrown in.";
  if (type == "robbing") return who + " robs the stock.";
  if (type == "rob") {
    return who + " robs the stock" +
           (has("cards")   ? ": " + w.cards(e["cards"])
            : has("count") ? " (" + count_of(e["count"], "card", "cards") + ")"
                           : "") +
           ".";
  }
  if (type == "refill") {
    return who + " is dealt up to six" +
           (has("cards")   ? ": " + w.cards(e["cards"])
            : has("count") ? " (" + count_of(e["count"], "card", "cards") + ")"
                           : "") +
           ".";
  }
  if (type == "play_begins") return w.name(e["leader"]) + " leads the first trick.";
  if (type == "play") {
    if (!has("card")) return who + " plays.";
    std::string out = who + " plays " + w.card(e["card"].get<std::string>());
    if (e.value("dumped", Json(0)).is_number() && e.value("dumped", 0) > 0)
      out += " and dumps " + count_of(e["dumped"], "card", "cards");
    if (has("result")) out += " - " + words_of(e["result"].get<std::string>());
    return out + ".";
  }
  if (type == "trick") {
    return w.name(e["winner"]) + " wins the trick" +
           (has("points") && e["points"].is_number() && e["points"].get<int>() > 0
                ? " (" + count_of(e["points"], "point", "points") + ")"
                : "") +
           ".";
  }
  if (type == "cut") return who + " cuts " + count_of(e["size"], "card", "cards") + ".";
  if (type == "steal_window") {
    return w.name(e["discarder"]) + " discarded " + w.card(e.value("card", "")) +
           ": it may be stolen now.";
  }
  if (type == "steal") return who + " steals " + w.card(e.value("card", "")) + ".";
  if (type == "decline") return who + " lets it go.";
  if (type == "lower") return who + " lowers melds.";
  if (type == "lay_off") {
    return who + " lays off " + w.card(e.value("card", "")) + " on " + w.name(e["owner"]) +
           "'s meld.";
  }
  if (type == "check") return who + " checks.";
  if (type == "call") return who + " calls" + (has("amount") ? " " + e["amount"].dump() : "") + ".";
  if (type == "bet") return who + " bets " + e.value("amount", Json(0)).dump() + ".";
  if (type == "raise") return who + " raises by " + e.value("amount", Json(0)).dump() + ".";
  if (type == "fold") return who + " folds.";
  if (type == "ante") return "Antes are in; the pot is " + e.value("pot", Json(0)).dump() + ".";
  if (type == "discards_in")
    return "Everyone has discarded; play " + e.value("play", Json(1)).dump() + ".";
  if (type == "chosen") return who + " has chosen.";
  if (type == "reveal") return loc_play_text(e, w) + ".";
  if (type == "uncalled_returned") {
    return who + "'s uncalled bet of " + e.value("amount", Json(0)).dump() + " comes back.";
  }
  if (type == "pot_won") {
    // One winner who was not called, or the winners of a pot (side pots) at a showdown.
    std::vector<std::string> names;
    const Json winners_field = e.value("winners", Json());
    for (const Json& s :
         winners_field.is_array() ? winners_field : Json::array({e.value("seat", Json())}))
      names.push_back(w.name(s));
    if (!Catalogue::current().english()) {
      return Catalogue::current().text(
                 "log.event.pot_won",
                 {{"names", name_list(names)},
                  {"count", names.size()},
                  {"n", e.value("amount", Json(0))},
                  {"shown", e.value("shown", Json(true)) == false ? "no" : "yes"}}) +
             ".";
    }
    std::string winners;
    for (const std::string& name : names) winners += (winners.empty() ? "" : " and ") + name;
    return winners + " win" + (names.size() > 1 ? "" : "s") + " " +
           e.value("amount", Json(0)).dump() + " from the pot" +
           (e.value("shown", Json(true)) == false ? " without showing." : ".");
  }
  if (type == "showdown") return "Showdown: the hands still in are shown.";
  if (type == "no_opener") return "Nobody opened: the pot carries over to the next deal.";
  if (type == "jackpot_shared") return "The pot is shared.";
  if (type == "rebuy")
    return who + " buys in again (stack " + e.value("stack", Json(0)).dump() + ").";
  if (type == "im_up") return who + " has no trump left and is out of this deal.";
  if (type == "unused_trumps")
    return "Trumps the dealer could not keep: " + w.cards(e["cards"]) + ".";
  if (type == "void_deal") return "The deal is void: the same dealer deals again.";
  if (type == "kitty") return who + " takes the kitty.";
  if (type == "round_end" || type == "hand_over") return "The round is over.";
  if (type == "match_end" || type == "match_over")
    return words_for("turn.match_over", {}, "The match is over") + ".";
  return generic(e, w);
}

}  // namespace parlor::cli::net
