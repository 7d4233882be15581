#include "tests/server/test_patience.hpp"

#include <cstdlib>
#include <string>

namespace parlor::testing {

double time_scale() {
  static const double scale = [] {
    const char* text = std::getenv("PARLOR_TEST_TIME_SCALE");
    if (text == nullptr) return 1.0;
    char* end = nullptr;
    double value = std::strtod(text, &end);
    return end != text && value > 0 ? value : 1.0;
  }();
  return scale;
}

std::chrono::milliseconds patience(std::chrono::milliseconds normal) {
  return std::chrono::milliseconds(static_cast<long long>(normal.count() * time_scale()));
}

}  // namespace parlor::testing
