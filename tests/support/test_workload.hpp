// How many times the property tests repeat their checks, scaled for sanitized builds.
//
// The random playouts, the crash test and the secrecy test repeat a check hundreds or
// thousands of times to reach rare states; the Release suite runs them in full. A
// sanitizer looks for another kind of defect (memory misuse, undefined behaviour, data
// races) on the code paths a run walks, which the first few dozen matches already walk,
// and it runs 5-15 times slower. So scripts/sanitize.sh sets PARLOR_TEST_WORKLOAD, a
// fraction, and every test still runs under the sanitizer, only shorter: that is what
// lets CI afford the whole suite under ASan and the server tests under TSan
// (docs/reliability.md, section 12).
#pragma once

namespace parlor::testing {

// The environment variable `name` as a positive number, else `fallback`: how every test
// knob is read (PARLOR_TEST_TIME_SCALE, PARLOR_CRASH_CYCLES, PARLOR_SECRECY_MATCHES...).
double positive_env_number(const char* name, double fallback);

// PARLOR_TEST_WORKLOAD, read once: a positive number, at most 1; else 1.
double workload();

// `full` scaled by workload(), rounded up, and never below `at_least`.
int scaled_count(int full, int at_least = 1);

// A sanitizer's workload: a tenth or less (CI passes 0.05 to the sanitized suites and 0.5
// to its Release suite, scripts/test.sh).
bool sanitized_workload();

// `full`, or scaled_count(full, at_least) at a sanitizer's workload only: for the counts an
// issue sets as a floor for every Release run (the crash test's 50 kills, the secrecy
// test's 200 matches), which a Release suite at part of the workload keeps whole.
int sanitized_count(int full, int at_least = 1);

}  // namespace parlor::testing
