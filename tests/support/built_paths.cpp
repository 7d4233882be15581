#include "tests/support/built_paths.hpp"

#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace parlor::testing {

namespace {

// <build>/bin: the folder of the running test binary.
const std::filesystem::path& binary_dir() {
  static const std::filesystem::path dir =
      std::filesystem::read_symlink("/proc/self/exe").parent_path();
  return dir;
}

}  // namespace

std::string parlor_server_path() { return (binary_dir() / "parlor-server").string(); }

std::string parlor_cli_path() { return (binary_dir() / "parlor").string(); }

std::string secret_server_path() { return (binary_dir() / "parlor-server-secret").string(); }

std::string tests_source_dir() {
  static const std::string dir = [] {
    const std::filesystem::path file = binary_dir().parent_path() / "parlor_source_dir.txt";
    std::ifstream in(file);
    std::string source;
    if (!std::getline(in, source) || source.empty()) {
      throw std::runtime_error("no source folder recorded in " + file.string() +
                               " (written by CMake when it configures the build)");
    }
    return (std::filesystem::path(source) / "tests").string();
  }();
  return dir;
}

}  // namespace parlor::testing
