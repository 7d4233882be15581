// The silence watch's flags, the same for `parlor play`, `parlor bot` and `parlor load`:
// --ping-after SECONDS (nothing heard for that long: send a ping; 0 turns the watch off)
// and --give-up-after SECONDS (still nothing that much later: the connection is lost).
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <string>

#include "clients/cli/net/options.hpp"
#include "clients/cli/net/ws_connection.hpp"

namespace parlor::cli::net {

// A macro, not a constant: the commands' help texts are literals joined at compile time.
#define PARLOR_LIVENESS_HELP                                                                \
  "  --ping-after S     nothing heard from the server for S seconds: ping it (default 2;\n" \
  "                     0: never, and never give up on a silent server)\n"                  \
  "  --give-up-after S  no answer S seconds after that ping: reconnect (default 2)\n"

// Reads the two flags if present; false if one is not a number of seconds >= 0.
inline bool parse_liveness(const std::map<std::string, std::string>& flags, Liveness* out) {
  auto read = [&](const char* name, std::chrono::milliseconds* into) {
    auto found = flags.find(name);
    if (found == flags.end()) return true;
    double seconds = 0;
    if (!parse_number(found->second, &seconds) || seconds < 0 || seconds > 3600) return false;
    *into = std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000));
    return true;
  };
  return read("ping-after", &out->ping_after) && read("give-up-after", &out->give_up_after);
}

}  // namespace parlor::cli::net
