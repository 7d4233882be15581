#include "clients/cli/net/token_file.hpp"

#include <cstdlib>
#include <fstream>
#include <system_error>

namespace parlor::cli::net {

std::filesystem::path token_path() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  const char* home = std::getenv("HOME");
  std::filesystem::path base = xdg && *xdg ? std::filesystem::path(xdg)
                                           : std::filesystem::path(home ? home : ".") / ".config";
  return base / "parlor" / "token";
}

std::string read_token() {
  std::ifstream in(token_path());
  std::string token;
  in >> token;
  return token;
}

void write_token(const std::string& token) {
  std::error_code ec;
  std::filesystem::create_directories(token_path().parent_path(), ec);
  std::ofstream out(token_path(), std::ios::trunc);
  out << token << "\n";
  std::filesystem::permissions(
      token_path(), std::filesystem::perms::owner_read | std::filesystem::perms::owner_write, ec);
}

}  // namespace parlor::cli::net
