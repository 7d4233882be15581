// Runs a shell command for the tests of the real binaries; captures stdout, stderr and
// the exit code.
#pragma once

#include <sys/types.h>

#include <string>

namespace parlor::testing {

struct CommandResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// `input`, if not empty, is written to the command's standard input.
CommandResult run_command(const std::string& command, const std::string& input = "");

// `command` (no single quotes in it) run by a shell that first writes its process id to
// `pid_file` and then becomes the command: a test can signal what run_command runs.
std::string recording_pid(const std::string& command, const std::string& pid_file);
// The process id recording_pid wrote to `pid_file`, or 0 while there is none.
pid_t read_pid(const std::string& pid_file);

}  // namespace parlor::testing
