#include "clients/cli/net/table_text.hpp"

#include "clients/cli/net/catalogue.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace parlor::cli::net {

using Json = nlohmann::json;

namespace {

std::string bold(const std::string& text, bool colour) {
  return colour ? "\033[1m" + text + "\033[0m" : text;
}

std::string seat_name(const Json& seat) {
  if (seat.contains("name") && seat["name"].is_string()) return seat["name"].get<std::string>();
  return "seat " + std::to_string(seat.value("seat", 0) + 1);
}

std::string words_of(std::string text) {
  for (char& c : text) c = c == '_' ? ' ' : c;
  return text;
}

// " (bot, sensible)", " (away) (a bot plays for now)": a seat's state after its name.
std::string seat_status(const Json& seat) {
  const std::string kind = seat.value("kind", "");
  const bool away = kind == "human" && !seat.value("connected", true);
  const bool bot_plays = seat.value("bot_plays", false);
  const Catalogue& catalogue = Catalogue::current();
  std::string out;
  if (catalogue.english()) {
    if (kind == "bot") out += " (bot, " + seat.value("level", "sensible") + ")";
    if (away) out += " (away)";
    if (bot_plays) out += " (a bot plays for now)";
    return out;
  }
  if (kind == "bot") {
    // Every level the server names has its words (bot.level_*); an unknown one (a newer
    // server's) reads as the default level, sensible.
    const std::string level = seat.value("level", "");
    const bool known = level == "random" || level == "sensible" || level == "expert";
    return " (" + catalogue.text("bot.level_" + (known ? level : std::string("sensible"))) + ")";
  }
  if (bot_plays)
    return " (" + catalogue.text(away ? "seat.away_bot_plays" : "seat.here_bot_plays") + ")";
  return away ? " (" + catalogue.text("seat.away") + ")" : "";
}

}  // namespace

std::string room_text(const Json& room, bool colour) {
  std::ostringstream out;
  out << bold("Room " + room.value("id", "") + ": " + room.value("title", room.value("game", "")),
              colour)
      << " - "
      << words_for("lobby.status", {{"status", room.value("status", "")}}, room.value("status", ""))
      << ", " << room.value("visibility", "public");
  if (room.contains("code") && room["code"].is_string())
    out << ", join code " << room["code"].get<std::string>();
  if (room.value("turn_seconds", 0) > 0)
    out << ", " << room.value("turn_seconds", 0) << " s a turn";
  out << "\n";
  for (const Json& seat : room.value("seats", Json::array())) {
    const std::string kind = seat.value("kind", "");
    out << "  "
        << (kind == "empty" ? "(" + words_for("seat.empty", {}, "empty seat") + ")"
                            : seat_name(seat));
    out << seat_status(seat);
    if (seat.contains("player") && seat["player"] == room.value("host", ""))
      out << " - " << words_for("room.host_badge", {}, "host");
    out << "\n";
  }
  if (room.value("spectators", 0) > 0) out << "  watching: " << room.value("spectators", 0) << "\n";
  return out.str();
}

std::string room_changes_text(const Json& before, const Json& after) {
  if (!before.is_object() || !after.is_object() || before.value("id", "") != after.value("id", ""))
    return "";
  const Json old_seats = before.value("seats", Json::array());
  const Json new_seats = after.value("seats", Json::array());
  std::string out;
  for (std::size_t i = 0; i < old_seats.size() && i < new_seats.size(); ++i) {
    const Json& was = old_seats[i];
    const Json& now = new_seats[i];
    const bool was_human = was.value("kind", "") == "human";
    const bool is_human = now.value("kind", "") == "human";
    if (was_human && is_human && was.value("player", "") == now.value("player", "")) {
      if (was.value("connected", true) && !now.value("connected", true))
        out += seat_name(now) + " lost the connection; the seat is kept.\n";
      if (!was.value("connected", true) && now.value("connected", true))
        out += seat_name(now) + " is back.\n";
      if (!was.value("bot_plays", false) && now.value("bot_plays", false))
        out += "A bot plays for " + seat_name(now) + " until they come back.\n";
    } else if (was_human && !is_human) {
      out += seat_name(was) + " left" +
             (now.value("kind", "") == "bot" ? "; a bot takes the seat.\n" : ".\n");
    } else if (!was_human && is_human) {
      out += seat_name(now) + " sits down.\n";
    }
  }
  return out;
}

TableWords words_for_update(const Json& update, std::vector<std::string> names, bool colour) {
  TableWords words;
  words.names = std::move(names);
  words.colour = colour;
  if (!update.is_object()) return words;
  if (update.contains("seat") && update["seat"].is_number_integer())
    words.viewer = update["seat"].get<int>();
  // Loc's deck is a name; Poker's is an object describing the deck.
  if (update.contains("view") && update["view"].is_object()) {
    words.tarot = update["view"].value("deck", Json()) == "tarot";
  }
  // The server says when it played a seat's move because its turn timer ran out.
  if (update.contains("timed_out") && update["timed_out"].is_object()) {
    words.out_of_time.push_back(update["timed_out"].value("seat", -1));
  }
  return words;
}

std::string table_text(const Json& update, const TableWords& words) {
  const Json& view = update["view"];
  std::ostringstream out;
  const Json waiting = view.value("waiting", Json::object()).value("seats", Json::array());
  auto waits_for = [&](int seat) {
    for (const Json& s : waiting) {
      if (s == seat) return true;
    }
    return false;
  };
  std::string title = words_of(view.value("game", ""));
  if (!title.empty())
    title[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(title[0])));
  title += ", " + words_for("history.round", {{"n", view.value("round", 0)}},
                            "round " + std::to_string(view.value("round", 0)));
  if (update.value("paused", false)) title += " - round over, short pause";
  out << "\n" << bold("--- " + title + " ---", words.colour) << "\n";
  std::vector<int> late = words.out_of_time;
  for (const Json& event : update.value("events", Json::array())) {
    const int seat =
        event.contains("seat") && event["seat"].is_number_integer() ? event["seat"].get<int>() : -1;
    auto it = std::find(late.begin(), late.end(), seat);
    if (seat >= 0 && it != late.end()) {
      late.erase(it);  // once per seat: its first event is the move the server made
      out << "  * " << words.name(Json(seat))
          << " ran out of time; the server played for them: " << event_text(event, words) << "\n";
    } else {
      out << "  * " << event_text(event, words) << "\n";
    }
  }
  if (update.value("paused", false)) {
    for (const std::string& line : round_lines(view, words)) out << "  " << line << "\n";
  }
  const Json scores = view.value("scores", Json::array());
  const Json timers = update.contains("timer") && update["timer"].is_object()
                          ? update["timer"].value("seats", Json::array())
                          : Json::array();
  for (std::size_t s = 0; s < scores.size(); ++s) {
    const int seat = static_cast<int>(s);
    std::string line = (waits_for(seat) ? "> " : "  ") + words.name(Json(seat));
    if (seat == words.viewer) line += " " + words_for("seat.you", {}, "(you)");
    line += ": " + words_for("seat.score", {{"score", scores[s]}}, "score " + scores[s].dump());
    const std::string facts = seat_facts(view, seat, words);
    if (!facts.empty()) line += ", " + facts;
    for (const Json& t : timers) {
      if (t.value("seat", -1) == seat)
        line += " - " + std::to_string(t.value("remaining_ms", 0) / 1000) + " s left";
    }
    out << line << "\n";
  }
  for (const std::string& line : middle_lines(view, words)) out << "  " << line << "\n";
  if (view.contains("hand") && view["hand"].is_array())
    out << "  "
        << words_for("log.event.hand", {{"cards", words.cards(view["hand"])}},
                     "Your hand: " + words.cards(view["hand"]))
        << "\n";
  if (view.value("over", false)) {
    out << "  " << words_for("turn.match_over", {}, "The match is over") << ".\n";
  } else if (update.value("paused", false)) {
    // No "your turn" during the pause: the next round has not begun for the reader.
  } else if (const auto moves = move_lines(view, words); !moves.empty()) {
    out << bold("  " + words_for("turn.yours", {}, "Your turn") + ".", words.colour) << " "
        << words_for("table.moves_label", {}, "Your moves") << ":\n";
    for (const std::string& line : moves) out << "    " << line << "\n";
  } else if (!waiting.empty()) {
    std::string names;
    for (const Json& s : waiting) names += (names.empty() ? "" : ", ") + words.name(s);
    out << "  " << words_for("turn.waiting_for", {{"names", names}}, "Waiting for " + names)
        << ".\n";
  }
  return out.str();
}

std::string results_text(const Json& m, const TableWords& words) {
  std::ostringstream out;
  const Json results = m.value("results", Json::object());
  const Json scores = results.value("scores", Json::array());
  const Json placings = results.value("placings", Json::array());
  out << bold("=== " + words_for("turn.match_over", {}, "The match is over") + " ===", words.colour)
      << "\n";
  for (std::size_t s = 0; s < scores.size(); ++s) {
    const int place = s < placings.size() ? placings[s].get<int>() : 0;
    out << "  " << (place == 1 ? "winner: " : "place " + std::to_string(place) + ": ")
        << words.name(Json(s)) << ", score " << scores[s].dump() << "\n";
  }
  out << "  " << m.value("actions", 0) << " moves; record and seed: /api/matches/"
      << m.value("match_id", "") << " (check it with parlor verify)\n";
  return out.str();
}

std::string push_text(const Json& m) {
  const std::string type = m.value("type", "");
  if (type == "resume") return "The pause is over: play goes on.\n";
  if (type == "chat") {
    // The server has already turned control characters into spaces (one line each).
    const Json from = m.value("from", Json::object());
    const bool watching = !from.contains("seat") || from["seat"].is_null();
    return "[chat] " + from.value("name", "someone") + (watching ? " (watching)" : "") + ": " +
           m.value("text", "") + "\n";
  }
  if (type == "muted") {
    return m.value("muted", false) ? "The host muted you: nobody sees your chat here.\n"
                                   : "The host lifted your mute: you can chat again.\n";
  }
  if (type == "removed") return "You were removed from the table: " + m.value("message", "") + "\n";
  if (type == "deal_commitment") {
    return "Deal " + m.value("deal", Json(0)).dump() +
           " is sealed: " + m.value("sha256", "").substr(0, 16) +
           "... (checkable when the match ends)\n";
  }
  return "";
}

std::string reply_text(const Json& m) {
  const std::string type = m.value("type", "");
  if (type == "error") {
    const std::string code = m.value("code", "");
    const std::string reason = Catalogue::current().has("error." + code)
                                   ? Catalogue::current().text("error." + code)
                                   : m.value("message", "");
    return words_for("cli.refused", {{"reason", reason}, {"code", code}},
                     "refused: " + m.value("message", "") + " (" + code + ")") +
           "\n";
  }
  if (type == "rooms") {
    std::ostringstream out;
    for (const Json& r : m["rooms"]) {
      if (r.value("status", "") == "finished") continue;
      out << "  " << r.value("id", "") << " " << r.value("game", "") << " " << r.value("status", "")
          << " " << r.value("seats_taken", 0) << "/" << r.value("seat_count", 0) << " seats";
      if (!r.value("host_name", "").empty()) out << ", host " << r.value("host_name", "");
      out << "\n";
    }
    return out.str().empty() ? "no open public rooms\n" : out.str();
  }
  if (type == "games") {
    std::string out;
    for (const Json& g : m["games"])
      out += "  " + g.value("name", "") + ": " + g.value("summary", "") + "\n";
    return out;
  }
  if (type == "accepted" || type == "resume" || type == "deal_commitment") return "";
  if (type == "ok") return m.value("request", "") == "chat" ? "" : "ok\n";
  return "(" + words_of(type) + ")\n";
}

std::string help_text() {
  return "lobby: games | list [GAME] | create GAME SEATS [option=value ... turn_seconds=N "
         "visibility=private] | join CODE [SEAT] | spectate CODE | bot [random|sensible] | "
         "start | leave | state | quit\n"
         "moves: the rules' words, e.g. draw, take 2 7C 2C, knock, bid 9, play AH, "
         "lower 7C 7D 7H / KC KD JK, raise 2, key=value for other fields, or {json}; "
         "cards are written 7C, TH (ten), JK (joker), T19 (Loc's trumps)\n"
         "auto [off]: let the sensible bot play this seat\n"
         "say TEXT: chat with the table (seats and spectators see it)\n"
         "claim-code: a code (shown once, ten minutes) to be this same player on another "
         "device: parlor play --claim CODE there, or the web client's \"Your identity\" panel";
}

}  // namespace parlor::cli::net
