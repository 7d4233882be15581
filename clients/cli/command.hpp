// The subcommands of `parlor`. Each lives in its own cmd_NAME.cpp and registers itself
// with PARLOR_COMMAND, so adding one touches no other file.
#pragma once

#include <string>
#include <vector>

namespace parlor::cli {

// `parlor NAME --help` (or -h) anywhere in the arguments is answered by main.cpp from
// `usage` and `help`, exit 0, before the command runs.
// Exit codes: 0 done, 1 failure (a check failed, a server refused), 2 bad usage or input.
using CommandFn = int (*)(const std::vector<std::string>& args);

struct Command {
  const char* name;
  const char* usage;    // e.g. "scenario FILE"
  const char* summary;  // one line
  const char* help;     // `parlor NAME --help`: what it does, its flags, exit codes
  CommandFn run;
};

const std::vector<Command>& commands();
bool register_command(const Command& command);

}  // namespace parlor::cli

#define PARLOR_COMMAND_CONCAT2(a, b) a##b
#define PARLOR_COMMAND_CONCAT(a, b) PARLOR_COMMAND_CONCAT2(a, b)
#define PARLOR_COMMAND(name, usage, summary, help, fn)                     \
  static const bool PARLOR_COMMAND_CONCAT(registered_command_, __LINE__) = \
      ::parlor::cli::register_command(::parlor::cli::Command{name, usage, summary, help, fn})
