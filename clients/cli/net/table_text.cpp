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
  const int n = seat.value("seat", 0) + 1;
  return words_for("seat.numbered", {{"n", n}}, "seat " + std::to_string(n));
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
  out << bold(say("cli.room.title", {{"id", room.value("id", "")},
                                     {"title", room.value("title", room.value("game", ""))}}),
              colour)
      << " - "
      << words_for("lobby.status", {{"status", room.value("status", "")}}, room.value("status", ""))
      << ", " << say("cli.room.visibility", {{"visibility", room.value("visibility", "public")}});
  if (room.contains("code") && room["code"].is_string())
    out << ", " << say("cli.room.join_code", {{"code", room["code"]}});
  if (room.value("turn_seconds", 0) > 0)
    out << ", " << say("cli.room.turn_seconds", {{"n", room.value("turn_seconds", 0)}});
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
  if (room.value("spectators", 0) > 0)
    out << "  " << say("cli.room.watching", {{"n", room.value("spectators", 0)}}) << "\n";
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
      const Json name = {{"name", seat_name(now)}};
      if (was.value("connected", true) && !now.value("connected", true))
        out += say("cli.seat.lost_connection", name) + "\n";
      if (!was.value("connected", true) && now.value("connected", true))
        out += say("cli.seat.back", name) + "\n";
      if (!was.value("bot_plays", false) && now.value("bot_plays", false))
        out += say("cli.seat.bot_plays", name) + "\n";
    } else if (was_human && !is_human) {
      out += say(now.value("kind", "") == "bot" ? "cli.seat.left_to_bot" : "cli.seat.left",
                 {{"name", seat_name(was)}}) +
             "\n";
    } else if (!was_human && is_human) {
      out += say("cli.seat.sits", {{"name", seat_name(now)}}) + "\n";
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
  if (update.value("paused", false))
    title += " - " + words_for("turn.pause", {}, "round over, short pause");
  out << "\n" << bold("--- " + title + " ---", words.colour) << "\n";
  std::vector<int> late = words.out_of_time;
  for (const Json& event : update.value("events", Json::array())) {
    const int seat =
        event.contains("seat") && event["seat"].is_number_integer() ? event["seat"].get<int>() : -1;
    auto it = std::find(late.begin(), late.end(), seat);
    if (seat >= 0 && it != late.end()) {
      late.erase(it);  // once per seat: its first event is the move the server made
      out << "  * "
          << say("cli.out_of_time",
                 {{"name", words.name(Json(seat))}, {"move", event_text(event, words)}})
          << "\n";
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
        line += " - " + say("cli.seconds_left", {{"n", t.value("remaining_ms", 0) / 1000}});
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
    out << "  "
        << say("cli.result.place", {{"winner", place == 1 ? "yes" : "no"},
                                    {"place", place},
                                    {"name", words.name(Json(s))},
                                    {"score", scores[s]}})
        << "\n";
  }
  out << "  "
      << say("cli.result.record",
             {{"n", m.value("actions", 0)}, {"match", m.value("match_id", "")}})
      << "\n";
  return out.str();
}

std::string push_text(const Json& m) {
  const std::string type = m.value("type", "");
  if (type == "resume") return say("cli.push.resume") + "\n";
  if (type == "chat") {
    // The server has already turned control characters into spaces (one line each).
    const Json from = m.value("from", Json::object());
    const bool watching = !from.contains("seat") || from["seat"].is_null();
    return "[chat] " + from.value("name", words_for("log.someone", {}, "someone")) +
           (watching ? " (" + words_for("room.watching_badge", {}, "watching") + ")" : "") + ": " +
           m.value("text", "") + "\n";
  }
  if (type == "muted")
    return say(m.value("muted", false) ? "cli.push.muted" : "cli.push.unmuted") + "\n";
  if (type == "removed")
    return say("cli.push.removed", {{"reason", m.value("message", "")}}) + "\n";
  if (type == "deal_commitment") {
    return say("cli.push.deal_sealed", {{"deal", m.value("deal", Json(0))},
                                        {"hash", m.value("sha256", "").substr(0, 16)}}) +
           "\n";
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
      out << "  "
          << say("cli.rooms.line", {{"id", r.value("id", "")},
                                    {"game", r.value("game", "")},
                                    {"status", r.value("status", "")},
                                    {"taken", r.value("seats_taken", 0)},
                                    {"seats", r.value("seat_count", 0)}});
      if (!r.value("host_name", "").empty())
        out << ", " << say("cli.rooms.host", {{"name", r.value("host_name", "")}});
      out << "\n";
    }
    return out.str().empty() ? say("cli.rooms.none") + "\n" : out.str();
  }
  if (type == "games") {
    std::string out;
    for (const Json& g : m["games"]) {
      const std::string name = g.value("name", "");
      out += "  " + name + ": " +
             words_for("game." + name + ".summary", {}, g.value("summary", "")) + "\n";
    }
    return out;
  }
  if (type == "accepted" || type == "resume" || type == "deal_commitment") return "";
  if (type == "ok") return m.value("request", "") == "chat" ? "" : "ok\n";
  return "(" + words_of(type) + ")\n";
}

std::string help_text() { return say("cli.help"); }

}  // namespace parlor::cli::net
