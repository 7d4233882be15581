// The server's identifiers: "p17" players, "R12" rooms (counters that continue after the
// highest stored one across restarts) and "m" + 12 hex digits matches (random).
#pragma once

#include <string>

namespace parlor::server {

// "m" and 12 random hex digits.
std::string new_match_id();

// The number after `id`'s if it is `prefix` followed by a number ("R12" -> 13), else 1:
// where a counter of such ids must continue so as never to reuse one.
long long number_after(const std::string& id, char prefix);

}  // namespace parlor::server
