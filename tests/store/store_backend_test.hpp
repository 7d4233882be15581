// The fixture of a store test that runs on every backend it is instantiated with
// (testing::kBackends): a fresh store on a fresh path, or the test skipped when the
// backend (PostgreSQL) is not available. Apart from store_test_support.hpp because
// store_bench shares that without GoogleTest.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "tests/store/store_test_support.hpp"

namespace parlor::server::store::testing {

class StoreBackendTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    std::string why;
    path_ = backend_path(GetParam(), dir_, why);
    if (path_.empty()) GTEST_SKIP() << why;
    store_ = open_store(path_);
  }
  TempDir dir_;
  std::string path_;
  std::unique_ptr<Store> store_;
};

}  // namespace parlor::server::store::testing
