// Tiny "--flag value" parsing shared by the network subcommands.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace parlor::cli::net {

// Splits args into flags (--name value, or --name alone for the listed switches).
// Returns nullopt and sets *error on an unknown flag or a missing value.
inline std::optional<std::map<std::string, std::string>> parse_flags(
    const std::vector<std::string>& args, const std::vector<std::string>& with_value,
    const std::vector<std::string>& switches, std::string* error) {
  std::map<std::string, std::string> flags;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    auto is = [&](const std::vector<std::string>& names) {
      for (const std::string& n : names) {
        if (arg == "--" + n) return true;
      }
      return false;
    };
    if (is(switches)) {
      flags[arg.substr(2)] = "1";
    } else if (is(with_value) && i + 1 < args.size()) {
      flags[arg.substr(2)] = args[++i];
    } else {
      *error = "unknown or incomplete argument: " + arg;
      return std::nullopt;
    }
  }
  return flags;
}

inline bool parse_number(const std::string& text, double* out) {
  try {
    std::size_t used = 0;
    *out = std::stod(text, &used);
    return used == text.size();
  } catch (...) {
    return false;
  }
}

}  // namespace parlor::cli::net
