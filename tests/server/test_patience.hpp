// How long the integration tests wait for a server, scaled for slow builds.
//
// A sanitized server runs 2-15 times slower than a Release one (ThreadSanitizer builds
// the hand tables in 4.5 s where Release takes 60 ms), so waits sized for Release —
// a server's start and stop, a reply, a match played to its end — time out under a
// sanitizer although nothing is wrong. scripts/sanitize.sh sets PARLOR_TEST_TIME_SCALE
// (thread: 6, address: 3); each wait below is multiplied by it. A wait to see that nothing
// happens is scaled as well: it only waits longer, which keeps it as strict.
#pragma once

#include <chrono>

namespace parlor::testing {

// PARLOR_TEST_TIME_SCALE, read once: a positive number, else 1.
double time_scale();

// `normal` multiplied by time_scale().
std::chrono::milliseconds patience(std::chrono::milliseconds normal);

}  // namespace parlor::testing
