// `parlor games [--json]`: the registered games, their seats and options.
#include <iostream>

#include "clients/cli/command.hpp"
#include "engine/registry/registry.hpp"

namespace parlor::cli {
namespace {

void print_text(const GameDefinition& game) {
  Json info = game.describe();
  std::cout << game.name() << " - " << game.title() << ": " << game.summary() << "\n";
  std::cout << "  seats: " << info["seats"]["min"] << "-" << info["seats"]["max"];
  if (info.contains("seats_by_option")) std::cout << " " << info["seats_by_option"].dump();
  std::cout << "\n";
  for (const Json& option : info["options"]) {
    std::cout << "  --option " << option["name"].get<std::string>() << "=";
    if (option["type"] == "choice") {
      std::string choices;
      for (const Json& c : option["choices"]) {
        choices += (choices.empty() ? "" : "|") + (c.is_string() ? c.get<std::string>() : c.dump());
      }
      std::cout << choices;
    } else if (option["type"] == "int") {
      std::cout << option["min"].dump() << ".." << option["max"].dump();
    } else {
      std::cout << "true|false";
    }
    std::cout << "  (default "
              << (option["default"].is_null() ? option.value("default_note", std::string("-"))
                                              : option["default"].dump())
              << ")  " << option["description"].get<std::string>() << "\n";
  }
}

int run_games(const std::vector<std::string>& args) {
  bool json = false;
  for (const std::string& arg : args) {
    if (arg == "--json") {
      json = true;
    } else {
      std::cerr << "parlor games: unknown argument '" << arg << "'\n";
      return 2;
    }
  }
  if (json) {
    Json out = Json::array();
    for (const GameDefinition* game : all_games()) out.push_back(game->describe());
    std::cout << Json{{"games", out}}.dump() << "\n";
    return 0;
  }
  for (const GameDefinition* game : all_games()) print_text(*game);
  return 0;
}

}  // namespace

PARLOR_COMMAND("games", "games [--json]", "list the games, their seats and options",
               "  --json   one JSON object: {\"games\": [{name, seats, options...}]}\n", run_games);

}  // namespace parlor::cli
