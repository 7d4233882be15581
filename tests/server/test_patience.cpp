#include "tests/server/test_patience.hpp"

#include "tests/support/test_workload.hpp"

namespace parlor::testing {

double time_scale() {
  static const double scale = positive_env_number("PARLOR_TEST_TIME_SCALE", 1.0);
  return scale;
}

std::chrono::milliseconds patience(std::chrono::milliseconds normal) {
  return std::chrono::milliseconds(static_cast<long long>(normal.count() * time_scale()));
}

}  // namespace parlor::testing
