// `parlor games [--json]`: the registered games, their seats and options.
#include <iostream>
#include <string>
#include <vector>

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

bool is_seat_range(const Json& value) {
  return value.is_object() && value.contains("min") && value.contains("max");
}

std::string seat_range(const Json& range) {
  return range["min"].dump() + "-" + range["max"].dump();
}

// The seats each option value allows, as typed after --option: a game describes them
// either by "option=value" keys or by option, then value ("seats_by_option" in the
// engine's describe()), and may add the smallest table it recommends.
std::vector<std::string> seats_by_option(const Json& by_option) {
  std::vector<std::string> parts;
  for (const auto& [key, value] : by_option.items()) {
    if (key == "recommended_min") {
      parts.push_back("best with " + value.dump() + " or more");
    } else if (is_seat_range(value)) {
      parts.push_back(key + ": " + seat_range(value));
    } else if (value.is_object()) {
      for (const auto& [choice, range] : value.items()) {
        if (is_seat_range(range)) parts.push_back(key + "=" + choice + ": " + seat_range(range));
      }
    }
  }
  return parts;
}

void print_text(const GameDefinition& game) {
  Json info = game.describe();
  std::cout << game.name() << " - " << game.title() << ": " << game.summary() << "\n";
  std::cout << "  seats: " << seat_range(info["seats"]);
  if (info.contains("seats_by_option")) {
    const std::vector<std::string> parts = seats_by_option(info["seats_by_option"]);
    for (std::size_t i = 0; i < parts.size(); ++i) std::cout << (i ? "; " : " (") << parts[i];
    if (!parts.empty()) std::cout << ")";
  }
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
