// Moves the calling thread into a named network namespace (/run/netns/NAME, as `ip
// netns add` makes them) for this object's lifetime, and back when destroyed. A socket
// belongs to the namespace it was created in, whichever thread later uses it, and a
// process forked meanwhile starts in it too: so a test can create clients in one
// namespace, start a server in another, and drive all of them from one thread.
#pragma once

#include <string>

namespace parlor::testing {

class ThreadNetworkNamespace {
 public:
  explicit ThreadNetworkNamespace(const std::string& name);
  ~ThreadNetworkNamespace();
  ThreadNetworkNamespace(const ThreadNetworkNamespace&) = delete;
  ThreadNetworkNamespace& operator=(const ThreadNetworkNamespace&) = delete;

  bool entered() const { return entered_; }

 private:
  int previous_ = -1;  // the thread's namespace before, to go back to
  bool entered_ = false;
};

}  // namespace parlor::testing
