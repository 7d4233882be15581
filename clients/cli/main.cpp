// `parlor`: the command-line tool. Subcommands register themselves (command.hpp).
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "clients/cli/command.hpp"

namespace parlor::cli {
namespace {

std::vector<Command>& mutable_commands() {
  static std::vector<Command> all;
  return all;
}

void print_help(std::ostream& out) {
  out << "parlor - the Parlor card-table tool\n\nUsage: parlor COMMAND [ARGS...]\n\nCommands:\n";
  std::vector<Command> sorted = commands();
  std::sort(sorted.begin(), sorted.end(),
            [](const Command& a, const Command& b) { return std::string(a.name) < b.name; });
  for (const Command& command : sorted) {
    std::string usage = command.usage;
    out << "  " << usage << std::string(usage.size() < 44 ? 44 - usage.size() : 1, ' ')
        << command.summary << "\n";
  }
  out << "\nRun 'parlor COMMAND --help' for a command's details.\n";
}

}  // namespace

const std::vector<Command>& commands() { return mutable_commands(); }

bool register_command(const Command& command) {
  mutable_commands().push_back(command);
  return true;
}

}  // namespace parlor::cli

int main(int argc, char** argv) {
  using parlor::cli::commands;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    parlor::cli::print_help(std::cout);
    return args.empty() ? 2 : 0;
  }
  for (const auto& command : commands()) {
    if (args[0] == command.name) {
      if (std::find(args.begin() + 1, args.end(), "--help") != args.end() ||
          std::find(args.begin() + 1, args.end(), "-h") != args.end()) {
        std::cout << "usage: parlor " << command.usage << "\n\n"
                  << command.summary << ".\n"
                  << (command.help[0] ? "\n" : "") << command.help;
        return 0;
      }
      return command.run(std::vector<std::string>(args.begin() + 1, args.end()));
    }
  }
  std::cerr << "parlor: unknown command '" << args[0] << "' (see parlor --help)\n";
  return 2;
}
