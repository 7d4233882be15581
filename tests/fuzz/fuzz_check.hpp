// The one way a fuzz target reports a broken property: print what broke and abort, so
// libFuzzer saves the input as a crash reproducer.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

namespace parlor::fuzz {

[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz property broken: %s\n", what.c_str());
  std::abort();
}

inline void check(bool ok, const std::string& what) {
  if (!ok) fail(what);
}

}  // namespace parlor::fuzz
