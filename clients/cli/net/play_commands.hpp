// The lines a person (or a script) types into `parlor play`, read into what they ask for:
//   quit | exit | help | games | claim-code | list [GAME] | create GAME SEATS [k=v...]
//   join ROOM|CODE [SEAT] | spectate ROOM|CODE | bot [LEVEL] | start | leave | state
//   say TEXT | wait TYPE | auto [off] | send {json} | a move in the rules' words
// Reading a line needs nothing of the connection (only the room the client is in), so it
// is a function of its own, tested alone (tests/clients/play_commands_test.cpp); the
// client (cmd_play.cpp) gives the request its id and a move its `after`.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace parlor::cli::net {

struct PlayCommand {
  enum class Kind {
    kNothing,  // an empty line or a # comment
    kQuit,     // quit, exit: stop once what was asked is answered
    kHelp,     // help: the commands and how to write moves
    kRequest,  // a lobby or room request: `message`, still without its id
    kMove,     // an action in the room: `message`, still without `after` and `match`
    kWaitFor,  // wait TYPE: hold the next commands until a push of type `text` comes
    kAuto,     // auto [off]: the sensible policy plays this seat (`on`) or stops
    kNote,     // a line that asks for nothing the client can do: `text` says why
  };
  Kind kind = Kind::kNothing;
  nlohmann::json message{};
  std::string text{};
  bool on = false;
};

// ROOM_ID: the room the client is in ("" outside any), which bot, start, leave, state,
// say and moves are about.
PlayCommand read_play_command(const std::string& line, const std::string& room_id);

// `create GAME SEATS [key=value...]`'s words after `create`: the room's own settings
// (turn_seconds, bot_delay_ms, visibility, sit) go beside the game's options. A value is
// read as JSON when it is JSON (3, true, "x"), else as the text it is.
nlohmann::json create_room_message(const std::vector<std::string>& words);

}  // namespace parlor::cli::net
