// Runs a shell command for the tests of the real binaries; captures stdout, stderr and
// the exit code.
#pragma once

#include <string>

namespace parlor::testing {

struct CommandResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// `input`, if not empty, is written to the command's standard input.
CommandResult run_command(const std::string& command, const std::string& input = "");

}  // namespace parlor::testing
