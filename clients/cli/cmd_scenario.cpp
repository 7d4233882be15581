// `parlor scenario FILE`: plays a scripted game (format in engine/core/scenario.hpp).
#include <fstream>
#include <iostream>
#include <sstream>

#include "clients/cli/command.hpp"
#include "engine/core/scenario.hpp"
#include "engine/registry/registry.hpp"

namespace parlor::cli {
namespace {

int run_scenario_command(const std::vector<std::string>& args) {
  if (args.size() != 1) {
    std::cerr << "usage: parlor scenario FILE\n";
    return 2;
  }
  std::stringstream text;
  if (args[0] == "-") {
    text << std::cin.rdbuf();
  } else {
    std::ifstream file(args[0]);
    if (!file) {
      std::cerr << "parlor scenario: cannot read " << args[0] << "\n";
      return 2;
    }
    text << file.rdbuf();
  }
  Json scenario = Json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (scenario.is_discarded()) {
    std::cerr << "parlor scenario: " << args[0] << " is not valid JSON\n";
    return 2;
  }
  auto lines = run_scenario(scenario, [](const std::string& name) { return find_game(name); });
  if (!lines) {
    std::cerr << "parlor scenario: " << lines.error().code << ": " << lines.error().message << "\n";
    return 2;
  }
  for (const Json& line : *lines) std::cout << line.dump() << "\n";
  return 0;
}

}  // namespace

PARLOR_COMMAND("scenario", "scenario FILE", "play a scripted game and print what happened",
               "Plays a scripted game (format: engine/core/scenario.hpp) and prints one JSON\n"
               "line per action, then a final line with scores and every seat's view. FILE may\n"
               "be - for standard input. Exit: 0 done, 2 bad input or a refused script.\n",
               run_scenario_command);

}  // namespace parlor::cli
