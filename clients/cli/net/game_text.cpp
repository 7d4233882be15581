// Each game's middle of the table, seat facts and legal moves in words, from the view
// alone (the same fields the web client draws: clients/web/src/games/*.ts). A move line
// names the command that makes it, in net/move_words.hpp's words.
#include <algorithm>
#include <cctype>

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

bool english() { return Catalogue::current().english(); }

// The first of KEYS the reader's catalogue has (a phase, a hand category: the web
// client's words), else FALLBACK; English readers always get FALLBACK, as before.
std::string words_of_key(std::initializer_list<std::string> keys, const std::string& fallback) {
  for (const std::string& key : keys) {
    if (!english() && Catalogue::current().has(key)) return Catalogue::current().text(key);
  }
  return fallback;
}

// "2 trios + 1 straight" from the contract's counts (the server's text is English).
std::string carioca_contract_text(const Json& contract) {
  const Json trios = contract.value("trios", Json()),
             straights = contract.value("straights", Json());
  if (english() || !trios.is_number_integer() || !straights.is_number_integer())
    return contract.value("text", "");
  const bool both = trios.get<int>() > 0 && straights.get<int>() > 0;
  return say("carioca.contract",
             {{"trios", trios}, {"straights", straights}, {"both", both ? "yes" : "no"}});
}

bool truthy(const Json& object, const char* key) {
  return object.is_object() && object.contains(key) && !object[key].is_null() &&
         object[key] != false;
}

// "Trick: Ana 7♠ Bot 2 9♠ - won by Bot 2"; in another language the web table's label
// ("Baza · la gana Bot 2:") before the cards.
std::string trick_line(const Json& trick, const std::string& key, const char* label,
                       const TableWords& w) {
  if (!trick.is_object()) return "";
  const bool won = trick.contains("winner") && trick["winner"].is_number();
  std::string out = english() || !won ? words_for(key, {}, label)
                                      : say(key + "_won", {{"name", w.name(trick["winner"])}});
  out += ":";
  for (const Json& play : trick.value("cards", Json::array())) {
    out += " " + w.name(play["seat"]) + " " + w.card(play.value("card", ""));
  }
  if (won && english()) out += " - won by " + w.name(trick["winner"]);
  return out;
}

std::vector<std::string> perico_middle(const Json& v, const TableWords& w) {
  std::vector<std::string> out;
  out.push_back(words_for("pile.stock_label", {{"n", number(v, "stock_size")}},
                          "Stock: " + std::to_string(number(v, "stock_size")) + " cards"));
  const Json pile = v.value("discard_pile", Json::array());
  out.push_back(words_for("perico.pile", {{"n", pile.size()}}, "Pile (top first)") + ": " +
                w.cards(pile));
  const int threshold = number(v, "knock_threshold");
  out.push_back(
      words_for("perico.knock_at", {{"n", threshold}},
                "A player may knock once the pile holds " + std::to_string(threshold) + " cards"));
  const Json knock = v.value("knock", Json::object());
  if (truthy(knock, "running")) {
    const std::string by = w.name(knock["by"]);
    out.push_back(words_for("perico.knocked_last_turns", {{"name", by}},
                            by + " knocked: these are the last turns"));
  }
  if (v.contains("drawn") && v["drawn"].is_string())
    out.push_back(words_for("perico.you_drew", {}, "You drew") + " " +
                  w.card(v["drawn"].get<std::string>()));
  return out;
}

std::vector<std::string> loc_middle(const Json& v, const TableWords& w) {
  std::vector<std::string> out;
  out.push_back(say("cli.loc.pot", {{"pot", number(v, "pot")}, {"bet", number(v, "bet")}}));
  const std::string phase = v.value("phase", "");
  if (phase == "discard")
    out.push_back(
        words_for("loc.discard_step", {}, "Discard step: everyone lays one card face down"));
  if (phase == "play") {
    const int play = number(v, "play");
    out.push_back(
        words_for("loc.play_of", {{"n", play}}, "Play " + std::to_string(play) + " of 5"));
  }
  if (v.contains("choice") && v["choice"].is_string())
    out.push_back(words_for("loc.your_choice", {}, "Your choice:") + " " +
                  w.card(v["choice"].get<std::string>()));
  const Json ledger = v.value("ledger", Json::array());
  for (auto it = ledger.rbegin(); it != ledger.rend(); ++it) {
    if (it->is_object() && it->value("step", Json()) == "play") {
      out.push_back(say("cli.loc.last_reveal", {{"play", loc_play_text(*it, w)}}));
      break;
    }
  }
  return out;
}

std::vector<std::string> pedro_middle(const Json& v, const TableWords& w) {
  std::vector<std::string> out;
  const std::string variant = text_of(v.value("variant", Json("pedro")));
  const int target = number(v, "target");
  out.push_back(words_for("pedro.variant_target",
                          {{"variant", v.value("variant", Json("pedro"))}, {"target", target}},
                          variant + ", to " + std::to_string(target) + " points"));
  if (v.contains("trump") && v["trump"].is_string()) {
    const std::string suit = w.suit(v["trump"].get<std::string>());
    out.push_back(words_for("pedro.trumps", {{"suit", suit}}, "Trumps: " + suit));
  }
  if (v.contains("high_bid") && v["high_bid"].is_number()) {
    const std::string bidder = w.name(v["high_bidder"]);
    out.push_back(words_for("pedro.high_bid", {{"bid", v["high_bid"]}, {"name", bidder}},
                            "High bid " + v["high_bid"].dump() + " by " + bidder));
  }
  out.push_back(words_for("pile.stock_label", {{"n", number(v, "stock_count")}},
                          "Stock: " + std::to_string(number(v, "stock_count")) + " cards"));
  int side_number = 1;
  for (const Json& side : v.value("sides", Json::array())) {
    std::string seats;
    for (const Json& s : side.value("seats", Json::array()))
      seats += (seats.empty() ? "" : " & ") + w.name(s);
    const int score = number(side, "score"), points = number(side, "points"),
              tricks = number(side, "tricks");
    out.push_back(words_for("pedro.side_line",
                            {{"side", side_number},
                             {"names", seats},
                             {"score", score},
                             {"points", points},
                             {"tricks", tricks}},
                            "Side " + std::to_string(side_number) + " (" + seats +
                                "): " + std::to_string(score) + " points; this deal " +
                                std::to_string(points) + " points in " + std::to_string(tricks) +
                                " tricks"));
    ++side_number;
  }
  for (const auto& [key, label] : {std::pair{"trick", "Trick"}, {"last_trick", "Last trick"}}) {
    std::string line = trick_line(v.value(key, Json()), std::string("pedro.") + key, label, w);
    if (!line.empty()) out.push_back(line);
  }
  return out;
}

std::vector<std::string> carioca_middle(const Json& v, const TableWords& w) {
  std::vector<std::string> out;
  const Json contract = v.value("contract", Json::object());
  out.push_back(say("cli.carioca.contract", {{"round", number(contract, "round")},
                                             {"contract", carioca_contract_text(contract)}}));
  const Json discard = v.value("discard", Json::object());
  const bool top = discard.contains("top") && discard["top"].is_string();
  out.push_back(say("cli.carioca.piles",
                    {{"stock", number(v.value("stock", Json::object()), "size")},
                     {"discards", number(discard, "size")},
                     {"top", top ? w.card(discard["top"].get<std::string>()) : say("cli.none")}}));
  const Json window = v.value("steal_window", Json());
  if (window.is_object() && window.contains("card")) {
    const std::string card = w.card(window.value("card", "")), by = w.name(window["discarder"]);
    out.push_back(words_for("carioca.steal_window", {{"card", card}, {"name", by}},
                            "Steal window: " + card + " discarded by " + by));
  }
  for (const Json& player : v.value("players", Json::array())) {
    int index = 0;
    for (const Json& meld : player.value("melds", Json::array())) {
      out.push_back(
          say("cli.carioca.meld", {{"name", w.name(player["seat"])},
                                   {"n", ++index},
                                   {"kind", meld.value("kind", Json(""))},
                                   {"cards", w.cards(meld.value("cards", Json::array()))}}));
    }
  }
  return out;
}

std::vector<std::string> poker_middle(const Json& v, const TableWords& w) {
  std::vector<std::string> out;
  const Json limits = v.value("limits", Json::object());
  const std::string phase =
      v.value("phase", Json("")).is_string() ? v["phase"].get<std::string>() : "";
  out.push_back(say(
      "cli.poker.pot",
      {{"n", number(v, "pot_total")},
       {"phase", words_of_key({"phase.poker." + phase, "phase." + phase}, text_of(Json(phase)))}}));
  const int bet = number(v, "current_bet"), ante = number(limits, "ante"),
            min = number(limits, "min_bet"), max = number(limits, "max_bet");
  out.push_back(words_for("poker.limits",
                          {{"bet", bet}, {"ante", ante}, {"min", min}, {"max", max}},
                          "Current bet " + std::to_string(bet) + ", ante " + std::to_string(ante) +
                              ", bets " + std::to_string(min) + " to " + std::to_string(max)));
  const std::string opener = truthy(v, "opened") ? w.name(v["opener"]) : "";
  out.push_back(
      truthy(v, "opened")
          ? words_for("poker.opened_by", {{"name", opener}}, "Opened by " + opener)
          : words_for("poker.not_opened", {}, "Not opened yet (it takes jacks or better)"));
  if (v.contains("hand_category") && v["hand_category"].is_string()) {
    const std::string category = v["hand_category"].get<std::string>();
    const std::string said = words_of_key({"hand." + category}, text_of(v["hand_category"]));
    out.push_back(words_for("poker.your_hand", {{"category", said}}, "Your hand makes: " + said));
  }
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
  // "stack 40", "side 1", "passed": each fact in the web seat's words when not English.
  auto fact = [&](const char* key, const char* english, const char* field, int add = 0) {
    const int n = number(p, field) + add;
    std::string said = words_for(key, {{"n", n}}, std::string(english) + " " + std::to_string(n));
    // The web's badges are capitalised ("Fichas 40"); in a list of facts, lower case.
    if (!said.empty() && std::isupper(static_cast<unsigned char>(said[0])))
      said[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(said[0])));
    facts.push_back(said);
  };
  if (p.contains("stack")) fact("poker.stack", "stack", "stack");
  if (number(p, "bet")) fact("poker.bet_badge", "bet", "bet");
  if (p.contains("side")) fact("pedro.side", "side", "side", 1);
  if (p.contains("last_call") && !p["last_call"].is_null()) {
    facts.push_back(p["last_call"] == "pass" ? words_for("pedro.passed", {}, "passed")
                                             : words_for("pedro.bid_badge", {{"n", p["last_call"]}},
                                                         "bid " + text_of(p["last_call"])));
  }
  if (p.contains("steals")) fact("carioca.steals", "steals", "steals");
  static const std::pair<const char*, const char*> kFlags[] = {{"knocked", "perico.knocked"},
                                                               {"chosen", "loc.chosen"},
                                                               {"lowered", "carioca.lowered"},
                                                               {"folded", "poker.folded"},
                                                               {"all_in", "poker.all_in"}};
  for (const auto& [flag, key] : kFlags) {
    if (truthy(p, flag)) facts.push_back(words_for(key, {}, text_of(Json(flag))));
  }
  if (p.contains("drew") && p["drew"].is_number()) {
    facts.push_back(number(p, "drew") == 0
                        ? words_for("poker.served", {}, "stood pat")
                        : words_for("poker.drew", {{"n", number(p, "drew")}},
                                    "changed " + std::to_string(number(p, "drew"))));
  }
  (void)w;
  std::string out;
  for (const std::string& f : facts) out += (out.empty() ? "" : ", ") + f;
  return out;
}

}  // namespace parlor::cli::net
