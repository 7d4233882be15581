#include "tests/support/run_command.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace parlor::testing {
namespace {

std::string read_all(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

CommandResult run_command(const std::string& command, const std::string& input) {
  char dir_template[] = "/tmp/parlor-cmd-XXXXXX";
  std::string dir = mkdtemp(dir_template);
  std::string in_path = dir + "/in", out_path = dir + "/out", err_path = dir + "/err";
  std::ofstream(in_path) << input;
  std::string full = "(" + command + ") <" + in_path + " >" + out_path + " 2>" + err_path;
  int status = std::system(full.c_str());
  CommandResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = read_all(out_path);
  result.err = read_all(err_path);
  std::remove(in_path.c_str());
  std::remove(out_path.c_str());
  std::remove(err_path.c_str());
  rmdir(dir.c_str());
  return result;
}

std::string recording_pid(const std::string& command, const std::string& pid_file) {
  return "sh -c 'echo $$ >" + pid_file + "; exec " + command + "'";
}

pid_t read_pid(const std::string& pid_file) {
  pid_t pid = 0;
  std::ifstream(pid_file) >> pid;
  return pid;
}

}  // namespace parlor::testing
