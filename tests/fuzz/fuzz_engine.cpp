// fuzz_engine: matches of every game driven by the input for a deal's worth of moves at
// most (engine_driver.hpp): short inputs, many a second.
#include <cstddef>
#include <cstdint>

#include "tests/fuzz/engine_driver.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  parlor::fuzz::drive_engine(data, size, parlor::fuzz::kShortSteps);
  return 0;
}
