// Database times (milliseconds since the Unix epoch) as the API's ISO 8601 UTC strings.
#pragma once

#include <string>

#include "server/store/store.hpp"

namespace parlor::server::store {

// "2026-11-22T08:10:00.123Z"
std::string iso8601_utc(Millis at);

}  // namespace parlor::server::store
