// The reader's legal moves in words, each with the command that makes it (in
// net/move_words.hpp's words, cards as codes: 7H, TS, JK, T19), and the finished round.
#include "clients/cli/net/catalogue.hpp"
#include "clients/cli/net/table_words.hpp"

namespace parlor::cli::net {

using Json = nlohmann::json;

namespace {

std::string codes(const Json& list, std::size_t limit = 100) {
  std::string out;
  std::size_t shown = 0;
  for (const Json& c : list) {
    if (!c.is_string()) continue;
    if (shown++ == limit) return out + " ...";
    out += (out.empty() ? "" : " ") + c.get<std::string>();
  }
  return out;
}

std::string first_code(const Json& list, const std::string& fallback) {
  for (const Json& c : list) {
    if (c.is_string()) return c.get<std::string>();
  }
  return fallback;
}

int number(const Json& object, const char* key, int fallback = 0) {
  if (!object.is_object() || !object.contains(key) || !object[key].is_number()) return fallback;
  return object[key].get<int>();
}

bool has(const Json& object, const char* key) {
  return object.is_object() && object.contains(key) && !object[key].is_null() &&
         object[key] != false;
}

Json range(const Json& r) { return {{"min", number(r, "min")}, {"max", number(r, "max")}}; }

// PARAMS with RANGE's min and max added.
Json with_range(Json params, const Json& r) {
  params.update(range(r));
  return params;
}

void perico_moves(const Json& legal, const Json& hand, std::vector<std::string>& out) {
  if (has(legal, "discard")) {
    out.push_back("discard CARD      " +
                  say("cli.move.perico_discard", {{"card", first_code(hand, "7C")}}));
    return;
  }
  if (has(legal, "draw")) out.push_back("draw              " + say("cli.move.draw_stock"));
  const int take = number(legal, "take_max");
  if (take == 1) {
    out.push_back("take 1 CARD       " +
                  say("cli.move.perico_take_one", {{"card", first_code(hand, "7C")}}));
  } else if (take > 1) {
    const std::string second =
        hand.size() > 1 && hand[1].is_string() ? hand[1].get<std::string>() : "2C";
    out.push_back("take N CARDS...   " +
                  say("cli.move.perico_take",
                      {{"max", take}, {"cards", first_code(hand, "7C") + " " + second}}));
  }
  if (has(legal, "knock")) out.push_back("knock             " + say("cli.move.perico_knock"));
}

void loc_moves(const Json& legal, std::vector<std::string>& out) {
  for (const char* step : {"discard", "play"}) {
    if (legal.contains(step) && legal[step].is_array()) {
      out.push_back(
          std::string(step) + " CARD      " +
          say(std::string(step) == "discard" ? "cli.move.loc_discard" : "cli.move.loc_play",
              {{"cards", codes(legal[step])}}));
    }
  }
}

void pedro_moves(const Json& legal, std::vector<std::string>& out) {
  if (has(legal, "pass")) out.push_back("pass");
  if (legal.contains("bid") && legal["bid"].is_object()) {
    out.push_back("bid N             " + say("cli.move.pedro_bid", range(legal["bid"])));
  }
  if (legal.contains("trump") && legal["trump"].is_array()) {
    out.push_back("trump SUIT        " +
                  say("cli.move.pedro_trump", {{"suits", codes(legal["trump"])}}));
  }
  if (legal.contains("rob") && legal["rob"].is_object()) {
    const Json& rob = legal["rob"];
    const Json must = rob.value("must_take", Json::array());
    out.push_back(
        "rob CARDS...      " +
        say("cli.move.pedro_rob", {{"must", must.empty() ? "none" : "some"},
                                   {"trumps", codes(must)},
                                   {"n", number(rob, "choose")},
                                   {"cards", codes(rob.value("choose_from", Json::array()))}}));
  }
  if (legal.contains("discard") && legal["discard"].is_object()) {
    const Json& d = legal["discard"];
    out.push_back(
        "discard CARDS...  " +
        say("cli.move.pedro_discard",
            {{"n", number(d, "count")}, {"cards", codes(d.value("choose_from", Json::array()))}}));
  }
  if (legal.contains("play") && legal["play"].is_array()) {
    std::string line =
        "play CARD         " + say("cli.move.one_of", {{"cards", codes(legal["play"])}});
    if (legal.contains("dump") && legal["dump"].is_object()) {
      line += say("cli.move.pedro_dump",
                  {{"n", number(legal["dump"], "count")},
                   {"cards", codes(legal["dump"].value("choose_from", Json::array()))}});
    }
    out.push_back(line);
  }
}

void carioca_moves(const Json& view, const Json& legal, const Json& hand, const TableWords& words,
                   std::vector<std::string>& out) {
  if (legal.contains("cut") && legal["cut"].is_object()) {
    out.push_back("cut size=N        " + say("cli.move.carioca_cut", range(legal["cut"])));
  }
  if (legal.contains("draw") && legal["draw"].is_array()) {
    for (const Json& from : legal["draw"]) {
      out.push_back(from == "stock" ? "draw stock        " + say("cli.move.draw_stock")
                                    : "draw discard      " + say("cli.move.carioca_take_discard"));
    }
  }
  if (legal.contains("decline")) {
    if (has(legal, "steal")) out.push_back("steal             " + say("cli.move.carioca_steal"));
    out.push_back("decline           " + say("cli.move.carioca_decline"));
  }
  if (has(legal, "must_discard")) {
    if (has(legal, "can_lower"))
      out.push_back("lower C C C / C C C   " + say("cli.move.carioca_lower"));
    if (has(legal, "can_lay_off")) {
      // The command for each meld on the table, so nobody has to count seats from 0.
      for (const Json& player : view.value("players", Json::array())) {
        int index = 0;
        for (const Json& meld : player.value("melds", Json::array())) {
          out.push_back("lay_off seat=" + player.value("seat", Json(0)).dump() +
                        " meld=" + std::to_string(index) + " card=CARD   " +
                        say("cli.move.carioca_lay_off",
                            {{"name", words.name(player["seat"])},
                             {"n", index + 1},
                             {"cards", words.cards(meld.value("cards", Json::array()))}}));
          ++index;
        }
      }
    }
    std::string line =
        "discard CARD      " + say("cli.move.carioca_discard", {{"card", first_code(hand, "7C")}});
    if (legal.contains("forbidden_discard") && legal["forbidden_discard"].is_string())
      line += say("cli.move.carioca_forbidden", {{"card", legal["forbidden_discard"]}});
    out.push_back(line);
  }
}

void poker_moves(const Json& legal, std::vector<std::string>& out) {
  if (legal.contains("draw") && legal["draw"].is_object()) {
    out.push_back("draw CARDS...     " +
                  say("cli.move.poker_draw",
                      {{"n", number(legal["draw"], "max_discard", 5)},
                       {"jokers", has(legal["draw"], "must_discard_joker") ? "two" : "no"}}));
    return;
  }
  if (has(legal, "check")) out.push_back("check");
  if (legal.contains("call") && legal["call"].is_number())
    out.push_back("call              " + say("cli.move.poker_call", {{"n", legal["call"]}}));
  if (legal.contains("bet") && legal["bet"].is_object()) {
    out.push_back(
        "bet N             " +
        say("cli.move.poker_bet",
            with_range({{"opening", has(legal, "opening") ? "yes" : "no"}}, legal["bet"])));
  }
  if (legal.contains("raise") && legal["raise"].is_object())
    out.push_back("raise N           " + say("cli.move.poker_raise", range(legal["raise"])));
  if (has(legal, "fold")) out.push_back("fold");
}

}  // namespace

std::vector<std::string> move_lines(const Json& view, const TableWords& words) {
  std::vector<std::string> out;
  const Json legal = view.value("legal", Json::object());
  if (!legal.is_object() || legal.empty()) return out;
  const Json hand = view.value("hand", Json::array());
  const std::string game = view.value("game", "");
  if (game == "perico") perico_moves(legal, hand, out);
  if (game == "loc") loc_moves(legal, out);
  if (game == "pedro") pedro_moves(legal, out);
  if (game == "carioca") carioca_moves(view, legal, hand, words, out);
  if (game == "poker") poker_moves(legal, out);
  return out;
}

std::vector<std::string> round_lines(const Json& view, const TableWords& w) {
  std::vector<std::string> out;
  const Json last = view.value("last_round", Json());
  if (!last.is_object()) return out;
  // Per-seat numbers (scores, points, net, ...) as "points: Ana 3, Bob 0".
  for (auto it = last.begin(); it != last.end(); ++it) {
    const Json& value = it.value();
    if (!value.is_array() || value.empty() || !value[0].is_number()) continue;
    std::string key = it.key() == "delta" ? "score change" : it.key();
    for (char& c : key) c = c == '_' ? ' ' : c;
    std::string line = words_for("result.field." + it.key(), {}, key) + ":";
    const bool by_side = view.value("game", "") == "pedro" && value.size() == 2;
    for (std::size_t s = 0; s < value.size(); ++s) {
      line += (s ? ", " : " ") +
              (by_side ? w.name(Json(s)) + " & " + w.name(Json(s + 2)) : w.name(Json(s))) + " " +
              value[s].dump();
    }
    out.push_back(line);
  }
  return out;
}

}  // namespace parlor::cli::net
