// Two trees equal member by member with the same type at every node: nlohmann's == counts
// 5 (unsigned) and 5 (integer) as equal, which a reader that must give Json::parse's tree
// may not.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

namespace parlor::testing {

inline void expect_same_tree(const nlohmann::json& actual, const nlohmann::json& expected,
                             const std::string& path = "$") {
  ASSERT_EQ(actual.type(), expected.type())
      << "at " << path << ": " << actual.dump() << " vs " << expected.dump();
  if (expected.is_object()) {
    ASSERT_EQ(actual.size(), expected.size()) << "at " << path;
    for (const auto& [name, value] : expected.items()) {
      ASSERT_TRUE(actual.contains(name)) << "at " << path << ": no member " << name;
      ASSERT_NO_FATAL_FAILURE(expect_same_tree(actual.at(name), value, path + "." + name));
    }
  } else if (expected.is_array()) {
    ASSERT_EQ(actual.size(), expected.size()) << "at " << path;
    for (std::size_t i = 0; i < expected.size(); ++i) {
      ASSERT_NO_FATAL_FAILURE(
          expect_same_tree(actual[i], expected[i], path + "[" + std::to_string(i) + "]"));
    }
  } else {
    ASSERT_EQ(actual, expected) << "at " << path;
  }
}

}  // namespace parlor::testing
