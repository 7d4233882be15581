// The reader's legal moves in words, each with the command that makes it (in
// net/move_words.hpp's words, cards as codes: 7H, TS, JK, T19), and the finished round.
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

std::string range(const Json& r) {
  return std::to_string(number(r, "min")) + " to " + std::to_string(number(r, "max"));
}

void perico_moves(const Json& legal, const Json& hand, std::vector<std::string>& out) {
  if (has(legal, "discard")) {
    out.push_back("discard CARD      end your turn by discarding a card, e.g. discard " +
                  first_code(hand, "7C"));
    return;
  }
  if (has(legal, "draw")) out.push_back("draw              draw the top card of the stock");
  const int take = number(legal, "take_max");
  if (take == 1) {
    out.push_back(
        "take 1 CARD       take the top card of the pile, giving one of yours, e.g. take 1 " +
        first_code(hand, "7C"));
  } else if (take > 1) {
    out.push_back("take N CARDS...   take the top N (1 to " + std::to_string(take) +
                  ") cards of the pile, giving N of yours in the order placed (the last ends "
                  "on top), e.g. take 2 " +
                  first_code(hand, "7C") + " " +
                  (hand.size() > 1 && hand[1].is_string() ? hand[1].get<std::string>() : "2C"));
  }
  if (has(legal, "knock")) out.push_back("knock             everyone else gets one last turn");
}

void loc_moves(const Json& legal, std::vector<std::string>& out) {
  for (const char* step : {"discard", "play"}) {
    if (legal.contains(step) && legal[step].is_array()) {
      out.push_back(std::string(step) + " CARD      " +
                    (std::string(step) == "discard" ? "lay a card face down" : "play a card") +
                    ", one of: " + codes(legal[step]));
    }
  }
}

void pedro_moves(const Json& legal, std::vector<std::string>& out) {
  if (has(legal, "pass")) out.push_back("pass");
  if (legal.contains("bid") && legal["bid"].is_object()) {
    out.push_back("bid N             bid " + range(legal["bid"]) +
                  " points (the most points your side expects to take)");
  }
  if (legal.contains("trump") && legal["trump"].is_array()) {
    out.push_back("trump SUIT        name trumps, one of: " + codes(legal["trump"]));
  }
  if (legal.contains("rob") && legal["rob"].is_object()) {
    const Json& rob = legal["rob"];
    std::string line = "rob CARDS...      take ";
    if (!rob.value("must_take", Json::array()).empty())
      line += "every trump (" + codes(rob["must_take"]) + ") and ";
    line += std::to_string(number(rob, "choose")) +
            " more from: " + codes(rob.value("choose_from", Json::array()));
    out.push_back(line);
  }
  if (legal.contains("discard") && legal["discard"].is_object()) {
    const Json& d = legal["discard"];
    out.push_back("discard CARDS...  discard " + std::to_string(number(d, "count")) +
                  " cards, from: " + codes(d.value("choose_from", Json::array())));
  }
  if (legal.contains("play") && legal["play"].is_array()) {
    std::string line = "play CARD         one of: " + codes(legal["play"]);
    if (legal.contains("dump") && legal["dump"].is_object()) {
      line += "; with it dump " + std::to_string(number(legal["dump"], "count")) +
              " spare cards: play CARD dump=[\"..\",..] from " +
              codes(legal["dump"].value("choose_from", Json::array()));
    }
    out.push_back(line);
  }
}

void carioca_moves(const Json& view, const Json& legal, const Json& hand, const TableWords& words,
                   std::vector<std::string>& out) {
  if (legal.contains("cut") && legal["cut"].is_object()) {
    out.push_back("cut size=N        cut " + range(legal["cut"]) + " cards");
  }
  if (legal.contains("draw") && legal["draw"].is_array()) {
    for (const Json& from : legal["draw"]) {
      out.push_back(from == "stock" ? "draw stock        draw the top card of the stock"
                                    : "draw discard      take the top discard");
    }
  }
  if (legal.contains("decline")) {
    if (has(legal, "steal"))
      out.push_back("steal             claim the discard (with a penalty card)");
    out.push_back("decline           let it go");
  }
  if (has(legal, "must_discard")) {
    if (has(legal, "can_lower")) {
      out.push_back("lower C C C / C C C   lower the contract's melds (straights low to high)");
    }
    if (has(legal, "can_lay_off")) {
      // The command for each meld on the table, so nobody has to count seats from 0.
      for (const Json& player : view.value("players", Json::array())) {
        int index = 0;
        for (const Json& meld : player.value("melds", Json::array())) {
          out.push_back("lay_off seat=" + player.value("seat", Json(0)).dump() +
                        " meld=" + std::to_string(index) + " card=CARD   add a card to " +
                        words.name(player["seat"]) + "'s meld " + std::to_string(index + 1) + " (" +
                        words.cards(meld.value("cards", Json::array())) + ")");
          ++index;
        }
      }
    }
    std::string line = "discard CARD      end your turn, e.g. discard " + first_code(hand, "7C");
    if (legal.contains("forbidden_discard") && legal["forbidden_discard"].is_string())
      line += " (not " + legal["forbidden_discard"].get<std::string>() + ", just taken)";
    out.push_back(line);
  }
}

void poker_moves(const Json& legal, std::vector<std::string>& out) {
  if (legal.contains("draw") && legal["draw"].is_object()) {
    out.push_back("draw CARDS...     change up to " +
                  std::to_string(number(legal["draw"], "max_discard", 5)) +
                  " cards (draw alone: stand pat)" +
                  (has(legal["draw"], "must_discard_joker") ? "; with two jokers change one" : ""));
    return;
  }
  if (has(legal, "check")) out.push_back("check");
  if (legal.contains("call") && legal["call"].is_number())
    out.push_back("call              call " + legal["call"].dump());
  if (legal.contains("bet") && legal["bet"].is_object()) {
    out.push_back(std::string("bet N             ") + (has(legal, "opening") ? "open" : "bet") +
                  " with " + range(legal["bet"]));
  }
  if (legal.contains("raise") && legal["raise"].is_object())
    out.push_back("raise N           raise by " + range(legal["raise"]));
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
    std::string line = key + ":";
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
