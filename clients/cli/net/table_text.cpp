#include "clients/cli/net/table_text.hpp"

#include <sstream>

#include "clients/cli/net/move_words.hpp"

namespace parlor::cli::net {

using Json = nlohmann::json;

std::string card_text(const std::string& card, bool style) {
  if (!style || !looks_like_card(card) || card == "JK") return card;
  const char suit = card.back();
  const std::string rank = card.substr(0, card.size() - 1);
  const char* symbol = suit == 'C'   ? "\u2663"
                       : suit == 'D' ? "\u2666"
                       : suit == 'H' ? "\u2665"
                                     : "\u2660";
  const bool red = suit == 'D' || suit == 'H';
  return (red ? "\033[31m" : "") + rank + symbol + (red ? "\033[0m" : "");
}

namespace {

// Any string in a JSON value that is a card is drawn as one.
std::string value_text(const Json& value, bool style) {
  if (value.is_string()) return card_text(value.get<std::string>(), style);
  if (value.is_array()) {
    std::string out;
    for (const Json& item : value) out += (out.empty() ? "" : " ") + value_text(item, style);
    return "[" + out + "]";
  }
  return value.dump();
}

}  // namespace

std::string room_text(const Json& room, bool style) {
  std::ostringstream out;
  out << (style ? "\033[1m" : "") << "room " << room.value("id", "") << " ("
      << room.value("game", "") << ", code " << room.value("code", "-") << ", "
      << room.value("status", "") << ")" << (style ? "\033[0m" : "") << "\n";
  for (const Json& seat : room["seats"]) {
    out << "  seat " << seat["seat"] << ": " << seat.value("kind", "");
    if (seat.contains("name")) out << " " << seat["name"].get<std::string>();
    if (seat.value("kind", "") == "human" && !seat.value("connected", true)) out << " (away)";
    out << "\n";
  }
  return out.str();
}

std::string table_text(const Json& update, bool style) {
  const Json& view = update["view"];
  std::ostringstream out;
  out << "--- " << view.value("game", "") << " round " << view.value("round", 0) << ", step "
      << update.value("seq", 0) << (update.value("paused", false) ? " (paused)" : "") << "\n";
  for (const Json& event : update["events"]) {
    out << "  * " << event.value("type", "");
    for (auto it = event.begin(); it != event.end(); ++it) {
      if (it.key() != "type") out << " " << it.key() << "=" << value_text(it.value(), style);
    }
    out << "\n";
  }
  out << "  scores " << view["scores"].dump() << "; waiting for " << view["waiting"]["seats"].dump()
      << "\n";
  for (auto it = view.begin(); it != view.end(); ++it) {
    static const char* kSkip[] = {"game",    "viewer", "round", "scores",
                                  "waiting", "legal",  "hand",  "over"};
    bool skip = false;
    for (const char* k : kSkip) skip = skip || it.key() == k;
    if (!skip && !it.value().is_object())
      out << "  " << it.key() << ": " << value_text(it.value(), style) << "\n";
  }
  if (view.contains("hand")) out << "  your hand: " << value_text(view["hand"], style) << "\n";
  if (view.contains("legal") && !view["legal"].empty())
    out << "  legal: " << view["legal"].dump() << "\n";
  if (update.contains("timer") && update["timer"].is_object()) {
    for (const Json& t : update["timer"]["seats"]) {
      out << "  timer: seat " << t["seat"] << " has " << t.value("remaining_ms", 0) / 1000
          << " s\n";
    }
  }
  if (view.value("over", false)) out << "  the match is over\n";
  return out.str();
}

std::string results_text(const Json& m) {
  std::ostringstream out;
  out << "=== match " << m.value("match", 0) << " over: scores " << m["results"]["scores"].dump()
      << ", placings " << m["results"]["placings"].dump() << " (" << m.value("actions", 0)
      << " actions)\n";
  return out.str();
}

std::string reply_text(const Json& m) {
  const std::string type = m.value("type", "");
  if (type == "error") {
    return "refused: " + m.value("message", "") + " (" + m.value("code", "") + ")\n";
  }
  if (type == "rooms") {
    std::ostringstream out;
    for (const Json& r : m["rooms"]) {
      out << "  " << r.value("id", "") << " " << r.value("game", "") << " " << r.value("status", "")
          << " " << r.value("seats_taken", 0) << "/" << r.value("seat_count", 0) << " host "
          << r.value("host_name", "") << "\n";
    }
    return m["rooms"].empty() ? "no public rooms\n" : out.str();
  }
  if (type == "games") {
    std::string out;
    for (const Json& g : m["games"])
      out += "  " + g.value("name", "") + ": " + g.value("summary", "") + "\n";
    return out;
  }
  if (type == "accepted") return "";
  return type == "ok" ? "ok\n" : m.dump() + "\n";
}

std::string help_text() {
  return "lobby: games | list [GAME] | create GAME SEATS [option=value ... turn_seconds=N "
         "visibility=private] | join CODE [SEAT] | spectate CODE | bot [random|sensible] | "
         "start | leave | state | quit\n"
         "moves: the rules' words, e.g. draw, take 2 7C 2C, knock, bid 9, play AH, "
         "lower 7C 7D 7H / KC KD JK, raise 2, key=value for other fields, or {json}\n"
         "auto [off]: let the sensible bot play this seat";
}

}  // namespace parlor::cli::net
