// What the tests of the real command-line tools check of a run (run_command.hpp): a
// success prints JSON and nothing on stderr; an input error exits 2 with a message on
// stderr and nothing on stdout.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/run_command.hpp"

namespace parlor::testing {

// The JSON a successful run printed (discarded if it is not JSON); `what` names the run in
// a failure's message.
inline nlohmann::json expect_json_output(const CommandResult& result, const std::string& what) {
  EXPECT_EQ(result.exit_code, 0) << what << "\n" << result.err;
  EXPECT_TRUE(result.err.empty()) << result.err;
  auto parsed = nlohmann::json::parse(result.out, nullptr, false);
  EXPECT_FALSE(parsed.is_discarded()) << result.out;
  return parsed;
}

// The run was refused as bad input: exit 2, nothing printed, stderr mentions `message_part`.
inline void expect_input_error_of(const CommandResult& result, const std::string& what,
                                  const std::string& message_part) {
  EXPECT_EQ(result.exit_code, 2) << what;
  EXPECT_TRUE(result.out.empty()) << what << " printed " << result.out;
  EXPECT_NE(result.err.find(message_part), std::string::npos)
      << what << ": stderr was '" << result.err << "', expected it to mention '" << message_part
      << "'";
}

}  // namespace parlor::testing
