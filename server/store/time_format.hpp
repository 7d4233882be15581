// Database times (milliseconds since the Unix epoch): from the clock, and as the API's
// ISO 8601 UTC strings.
#pragma once

#include <chrono>
#include <string>

#include "server/store/store.hpp"

namespace parlor::server::store {

// "2026-11-22T08:10:00.123Z"
std::string iso8601_utc(Millis at);

Millis to_millis(std::chrono::system_clock::time_point time);
Millis now_millis();

}  // namespace parlor::server::store
