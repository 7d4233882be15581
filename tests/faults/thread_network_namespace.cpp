#include "tests/faults/thread_network_namespace.hpp"

#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace parlor::testing {

ThreadNetworkNamespace::ThreadNetworkNamespace(const std::string& name) {
  previous_ = open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC);
  if (previous_ < 0) return;
  int target = open(("/run/netns/" + name).c_str(), O_RDONLY | O_CLOEXEC);
  if (target < 0) return;
  entered_ = setns(target, CLONE_NEWNET) == 0;
  close(target);
}

ThreadNetworkNamespace::~ThreadNetworkNamespace() {
  if (previous_ < 0) return;
  if (entered_ && setns(previous_, CLONE_NEWNET) != 0) {
    // The thread would go on in the test's namespace: every later test would be wrong.
    std::perror("setns back to the thread's own network namespace");
    std::abort();
  }
  close(previous_);
}

}  // namespace parlor::testing
