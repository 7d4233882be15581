// `parlor games [--json]`: the registered games, their seats and options.
#include <iostream>
#include <string>

#include "clients/cli/command.hpp"
#include "engine/registry/registry.hpp"

namespace parlor::cli {
namespace {

std::string json_word(const Json& value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}

// A choice's values one a line: what to type, then what it means, the default marked.
void print_choices(const Json& option) {
  const Json& choices = option["choices"];
  const Json labels = option.value("choice_labels", Json::array());
  for (std::size_t i = 0; i < choices.size(); ++i) {
    std::string typed = json_word(choices[i]);
    std::cout << "      " << typed << std::string(typed.size() < 16 ? 16 - typed.size() : 1, ' ')
              << (i < labels.size() ? labels[i].get<std::string>() : typed)
              << (choices[i] == option["default"] ? "  (default)" : "") << "\n";
  }
}

// One option: its name in words and what it does, then how to set it and its values.
void print_option(const Json& option) {
  const std::string name = option["name"].get<std::string>();
  std::cout << "  " << option.value("label", name) << ": "
            << option["description"].get<std::string>() << "\n";
  std::cout << "    --option " << name << "=";
  if (option["type"] == "choice") {
    std::cout << "VALUE, one of:\n";
    return print_choices(option);
  }
  std::cout << (option["type"] == "int" ? option["min"].dump() + ".." + option["max"].dump()
                                        : std::string("true|false"));
  std::cout << "  (default "
            << (option["default"].is_null() ? option.value("default_note", std::string("-"))
                                            : option["default"].dump())
            << ")\n";
}

void print_text(const GameDefinition& game) {
  Json info = game.describe();
  std::cout << game.name() << " - " << game.title() << ": " << game.summary() << "\n";
  std::cout << "  seats: " << info["seats"]["min"] << "-" << info["seats"]["max"];
  if (info.contains("seats_by_option")) std::cout << " " << info["seats_by_option"].dump();
  std::cout << "\n";
  for (const Json& option : info["options"]) print_option(option);
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
