#include "tests/support/test_workload.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace parlor::testing {

double positive_env_number(const char* name, double fallback) {
  const char* text = std::getenv(name);
  if (text == nullptr) return fallback;
  char* end = nullptr;
  double value = std::strtod(text, &end);
  return end != text && value > 0 ? value : fallback;
}

double workload() {
  static const double fraction = std::min(positive_env_number("PARLOR_TEST_WORKLOAD", 1.0), 1.0);
  return fraction;
}

int scaled_count(int full, int at_least) {
  const int scaled = static_cast<int>(std::ceil(full * workload()));
  return std::max(scaled, at_least);
}

bool sanitized_workload() { return workload() <= 0.1; }

int sanitized_count(int full, int at_least) {
  return sanitized_workload() ? scaled_count(full, at_least) : full;
}

}  // namespace parlor::testing
