// Each game's middle of the table, seat facts and legal moves in words, from the view
// alone (the same fields the web client draws: clients/web/src/games/*.ts). A move line
// names the command that makes it, in net/move_words.hpp's words.
#include <algorithm>

#include "clients/cli/net/catalogue.hpp"
#include "clients/cli/net/table_words.hpp"

namespace parlor::cli::net {

using Json = nlohmann::json;

namespace {

int number(const Json& object, const char* key, int fallback = 0) {
  if (!object.is_object() || !object.contains(key) || !object[key].is_number()) return fallback;
  return object[key].get<int>();
}

std::string text_of(const Json& value) {
  std::string out = value.is_string() ? value.get<std::string>() : value.dump();
  std::replace(out.begin(), out.end(), '_', ' ');
  return out;
}

bool truthy(const Json& object, const char* key) {
  return object.is_object() && object.contains(key) && !object[key].is_null() &&
         object[key] != false;
}

std::string trick_line(const Json& trick, const char* label, const TableWords& w) {
  if (!trick.is_object()) return "";
  std::string out = label;
  out += ":";
  for (const Json& play : trick.value("cards", Json::array())) {
    out += " " + w.name(play["seat"]) + " " + w.card(play.value("card", ""));
  }
  if (trick.contains("winner") && trick["winner"].is_number()) {
    out += " - won by " + w.name(trick["winner"]);
  }
  return out;
}

std::vector<std::string> perico_middle(const Json& v, const TableWords& w) {
  std::vector<std::string> out;
  out.push_back(words_for("pile.stock_label", {{"n", number(v, "stock_size")}},
                          "Stock: " + std::to_string(number(v, "stock_size")) + " cards"));
  out.push_back("Pile (top first): " + w.cards(v.value("discard_pile", Json::array())));
  out.push_back("A player may knock once the pile holds " +
                std::to_string(number(v, "knock_threshold")) + " cards");
  const Json knock = v.value("knock", Json::object());
  if (truthy(knock, "running")) {
    out.push_back(w.name(knock["by"]) + " knocked: these are the last turns");
  }
  if (v.contains("drawn") && v["drawn"].is_string())
    out.push_back("You drew " + w.card(v["drawn"].get<std::string>()));
  return out;
}

std::vector<std::string> loc_middle(const Json& v, const TableWords& w) {
  std::vector<std::string> out;
  out.push_back("Pot: " + std::to_string(number(v, "pot")) + " (bet " +
                std::to_string(number(v, "bet")) + ")");
  const std::string phase = v.value("phase", "");
  if (phase == "discard") out.push_back("Discard step: everyone lays one card face down");
  if (phase == "play") out.push_back("Play " + std::to_string(number(v, "play")) + " of 5");
  if (v.contains("choice") && v["choice"].is_string())
    out.push_back("Your choice: " + w.card(v["choice"].get<std::string>()));
  const Json ledger = v.value("ledger", Json::array());
  for (auto it = ledger.rbegin(); it != ledger.rend(); ++it) {
    if (it->is_object() && it->value("step", Json()) == "play") {
      out.push_back("Last reveal: " + loc_play_text(*it, w));
      break;
    }
  }
  return out;
}

std::vector<std::string> pedro_middle(const Json& v, const TableWords& w) {
  std::vector<std::string> out;
  out.push_back(text_of(v.value("variant", Json("pedro"))) + ", to " +
                std::to_string(number(v, "target")) + " points");
  if (v.contains("trump") && v["trump"].is_string())
    out.push_back("Trumps: " + w.suit(v["trump"].get<std::string>()));
  if (v.contains("high_bid") && v["high_bid"].is_number()) {
    out.push_back("High bid " + v["high_bid"].dump() + " by " + w.name(v["high_bidder"]));
  }
  out.push_back(words_for("pile.stock_label", {{"n", number(v, "stock_count")}},
                          "Stock: " + std::to_string(number(v, "stock_count")) + " cards"));
  int side_number = 1;
  for (const Json& side : v.value("sides", Json::array())) {
    std::string seats;
    for (const Json& s : side.value("seats", Json::array()))
      seats += (seats.empty() ? "" : " & ") + w.name(s);
    out.push_back("Side " + std::to_string(side_number++) + " (" + seats +
                  "): " + std::to_string(number(side, "score")) + " points; this deal " +
                  std::to_string(number(side, "points")) + " points in " +
                  std::to_string(number(side, "tricks")) + " tricks");
  }
  for (const auto& [key, label] : {std::pair{"trick", "Trick"}, {"last_trick", "Last trick"}}) {
    std::string line = trick_line(v.value(key, Json()), label, w);
    if (!line.empty()) out.push_back(line);
  }
  return out;
}

std::vector<std::string> carioca_middle(const Json& v, const TableWords& w) {
  std::vector<std::string> out;
  const Json contract = v.value("contract", Json::object());
  out.push_back("Round " + std::to_string(number(contract, "round")) +
                ", contract: " + contract.value("text", ""));
  const Json discard = v.value("discard", Json::object());
  out.push_back("Stock: " + std::to_string(number(v.value("stock", Json::object()), "size")) +
                " cards; discards: " + std::to_string(number(discard, "size")) + ", top " +
                (discard.contains("top") && discard["top"].is_string()
                     ? w.card(discard["top"].get<std::string>())
                     : std::string("none")));
  const Json window = v.value("steal_window", Json());
  if (window.is_object() && window.contains("card")) {
    out.push_back("Steal window: " + w.card(window.value("card", "")) + " discarded by " +
                  w.name(window["discarder"]));
  }
  for (const Json& player : v.value("players", Json::array())) {
    int index = 0;
    for (const Json& meld : player.value("melds", Json::array())) {
      out.push_back(w.name(player["seat"]) + "'s meld " + std::to_string(++index) + " (" +
                    text_of(meld.value("kind", Json(""))) +
                    "): " + w.cards(meld.value("cards", Json::array())));
    }
  }
  return out;
}

std::vector<std::string> poker_middle(const Json& v, const TableWords& w) {
  std::vector<std::string> out;
  const Json limits = v.value("limits", Json::object());
  out.push_back("Pot: " + std::to_string(number(v, "pot_total")) + "; " +
                text_of(v.value("phase", Json(""))));
  out.push_back("Current bet " + std::to_string(number(v, "current_bet")) + ", ante " +
                std::to_string(number(limits, "ante")) + ", bets " +
                std::to_string(number(limits, "min_bet")) + " to " +
                std::to_string(number(limits, "max_bet")));
  out.push_back(truthy(v, "opened") ? "Opened by " + w.name(v["opener"])
                                    : "Not opened yet (it takes jacks or better)");
  if (v.contains("hand_category") && v["hand_category"].is_string())
    out.push_back("Your hand makes: " + text_of(v["hand_category"]));
  return out;
}

}  // namespace

std::vector<std::string> middle_lines(const Json& view, const TableWords& words) {
  const std::string game = view.value("game", "");
  if (game == "perico") return perico_middle(view, words);
  if (game == "loc") return loc_middle(view, words);
  if (game == "pedro") return pedro_middle(view, words);
  if (game == "carioca") return carioca_middle(view, words);
  if (game == "poker") return poker_middle(view, words);
  return {};
}

std::string seat_facts(const Json& view, int seat, const TableWords& w) {
  const Json players = view.value("players", Json::array());
  if (seat < 0 || seat >= static_cast<int>(players.size()) || !players[seat].is_object()) return "";
  const Json& p = players[seat];
  std::vector<std::string> facts;
  if (p.contains("cards") && p["cards"].is_number())
    facts.push_back(words_for("seat.cards", {{"n", number(p, "cards")}},
                              std::to_string(number(p, "cards")) + " cards"));
  if (p.contains("stack")) facts.push_back("stack " + std::to_string(number(p, "stack")));
  if (number(p, "bet")) facts.push_back("bet " + std::to_string(number(p, "bet")));
  if (p.contains("side")) facts.push_back("side " + std::to_string(number(p, "side") + 1));
  if (p.contains("last_call") && !p["last_call"].is_null()) {
    facts.push_back(p["last_call"] == "pass" ? "passed" : "bid " + text_of(p["last_call"]));
  }
  if (p.contains("steals")) facts.push_back("steals " + std::to_string(number(p, "steals")));
  for (const char* flag : {"knocked", "chosen", "lowered", "folded", "all_in"}) {
    if (truthy(p, flag)) facts.push_back(text_of(Json(flag)));
  }
  if (p.contains("drew") && p["drew"].is_number()) {
    facts.push_back(number(p, "drew") == 0 ? "stood pat"
                                           : "changed " + std::to_string(number(p, "drew")));
  }
  (void)w;
  std::string out;
  for (const std::string& f : facts) out += (out.empty() ? "" : ", ") + f;
  return out;
}

}  // namespace parlor::cli::net
