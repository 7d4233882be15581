#include "clients/cli/net/play_commands.hpp"

#include <cctype>
#include <cstdlib>
#include <sstream>

#include "clients/cli/net/catalogue.hpp"
#include "clients/cli/net/move_words.hpp"

namespace parlor::cli::net {
namespace {

using Json = nlohmann::json;

PlayCommand request(Json message) {
  PlayCommand command;
  command.kind = PlayCommand::Kind::kRequest;
  command.message = std::move(message);
  return command;
}

PlayCommand of_kind(PlayCommand::Kind kind, std::string text = {}) {
  PlayCommand command;
  command.kind = kind;
  command.text = std::move(text);
  return command;
}

// A room id is R and digits (R12); anything else is a room's share code.
bool looks_like_room_id(const std::string& word) {
  return word.size() > 1 && word[0] == 'R' && std::isdigit(static_cast<unsigned char>(word[1]));
}

PlayCommand join_or_spectate(const std::string& word, const std::vector<std::string>& rest) {
  Json m = {{"type", word == "join" ? "join_room" : "spectate"}};
  m[looks_like_room_id(rest[0]) ? "room" : "code"] = rest[0];
  if (rest.size() > 1) m["seat"] = std::atoi(rest[1].c_str());
  return request(std::move(m));
}

PlayCommand room_request(const std::string& word, const std::string& room_id) {
  const char* type = word == "state" ? "get_state" : word == "leave" ? "leave_room" : "start";
  return request({{"type", type}, {"room", room_id}});
}

PlayCommand raw_request(const std::string& line) {
  const std::size_t brace = line.find('{');
  Json raw = brace == std::string::npos ? Json() : Json::parse(line.substr(brace), nullptr, false);
  if (!raw.is_object())
    return of_kind(PlayCommand::Kind::kNote, "send: " + say("cli.move_error.not_object"));
  return request(std::move(raw));
}

PlayCommand move(const std::string& line, const std::string& room_id) {
  std::string error;
  auto action = parse_move(line, &error);
  if (!action) return of_kind(PlayCommand::Kind::kNote, error);
  PlayCommand command;
  command.kind = PlayCommand::Kind::kMove;
  command.message = {{"type", "action"}, {"room", room_id}, {"action", *action}};
  return command;
}

}  // namespace

PlayCommand read_play_command(const std::string& line, const std::string& room_id) {
  std::istringstream in(line);
  std::string word;
  if (!(in >> word) || word[0] == '#') return {};
  std::vector<std::string> rest;
  for (std::string w; in >> w;) rest.push_back(w);
  if (word == "quit" || word == "exit") return of_kind(PlayCommand::Kind::kQuit);
  if (word == "help") return of_kind(PlayCommand::Kind::kHelp);
  if (word == "games") return request({{"type", "games"}});
  if (word == "claim-code") return request({{"type", "claim_code"}});
  if (word == "list") {
    Json m = {{"type", "list_rooms"}};
    if (!rest.empty()) m["game"] = rest[0];
    return request(std::move(m));
  }
  if (word == "create" && rest.size() >= 2) return request(create_room_message(rest));
  if ((word == "join" || word == "spectate") && !rest.empty()) return join_or_spectate(word, rest);
  if (word == "bot") {
    return request(
        {{"type", "add_bot"}, {"room", room_id}, {"level", rest.empty() ? "sensible" : rest[0]}});
  }
  if (word == "start" || word == "leave" || word == "state") return room_request(word, room_id);
  if (word == "say" && !rest.empty()) {
    return request(
        {{"type", "chat"}, {"room", room_id}, {"text", line.substr(line.find("say") + 4)}});
  }
  if (word == "wait" && !rest.empty()) return of_kind(PlayCommand::Kind::kWaitFor, rest[0]);
  if (word == "auto") {
    PlayCommand command = of_kind(PlayCommand::Kind::kAuto);
    command.on = rest.empty() || rest[0] != "off";
    return command;
  }
  if (word == "send" && !rest.empty()) return raw_request(line);
  return move(line, room_id);
}

Json create_room_message(const std::vector<std::string>& words) {
  Json m = {{"type", "create_room"},
            {"game", words.at(0)},
            {"seats", std::atoi(words.at(1).c_str())},
            {"options", Json::object()}};
  for (std::size_t i = 2; i < words.size(); ++i) {
    const std::size_t eq = words[i].find('=');
    if (eq == std::string::npos) continue;
    const std::string key = words[i].substr(0, eq);
    Json value = Json::parse(words[i].substr(eq + 1), nullptr, false);
    if (value.is_discarded()) value = words[i].substr(eq + 1);
    const bool room_setting =
        key == "turn_seconds" || key == "bot_delay_ms" || key == "visibility" || key == "sit";
    (room_setting ? m[key] : m["options"][key]) = value;
  }
  return m;
}

}  // namespace parlor::cli::net
