// The one throwaway PostgreSQL server of a test binary, started on first use and stopped
// at exit, and a fresh database per test.
#pragma once

#include <string>

#include "tests/support/throwaway_postgres.hpp"

namespace parlor::testing {

// nullptr (and `why`) when PostgreSQL is not available: the caller GTEST_SKIPs.
ThrowawayPostgres* shared_postgres(std::string& why);
// A new, empty database on `server` with a unique name; its URI.
std::string fresh_database(ThrowawayPostgres& server);

}  // namespace parlor::testing
