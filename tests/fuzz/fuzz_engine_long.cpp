// fuzz_engine_long: the same matches as fuzz_engine, driven through several deals to the
// match's end (engine_driver.hpp); fewer inputs a second, for what only long matches reach.
#include <cstddef>
#include <cstdint>

#include "tests/fuzz/engine_driver.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  parlor::fuzz::drive_engine(data, size, parlor::fuzz::kLongSteps);
  return 0;
}
