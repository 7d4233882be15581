#include "tests/support/test_workload.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace parlor::testing {

double workload() {
  static const double fraction = [] {
    const char* text = std::getenv("PARLOR_TEST_WORKLOAD");
    if (text == nullptr) return 1.0;
    char* end = nullptr;
    double value = std::strtod(text, &end);
    return end != text && value > 0 && value <= 1 ? value : 1.0;
  }();
  return fraction;
}

int scaled_count(int full, int at_least) {
  const int scaled = static_cast<int>(std::ceil(full * workload()));
  return std::max(scaled, at_least);
}

}  // namespace parlor::testing
