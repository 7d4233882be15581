// Memory for a connection's asynchronous reads and writes: Asio's operation objects, kept
// on a free list per thread (in the manner of Asio's own "allocation" example, with the
// memory per thread rather than per connection).
//
// Why: every WebSocket frame the server writes allocates Asio's send operation (nearly
// 2 KB with Beast's write state inside it), and every read its receive operation. Asio
// recycles them through a cache of two blocks per thread
// (BOOST_ASIO_RECYCLING_ALLOCATOR_CACHE_SIZE), shared with its timers. A group commit
// releases many moves' updates at once, each four writes, all under way before the first
// completes, so nearly all of them came from malloc and went back to free: about five
// allocations a move, each too large for glibc's thread cache.
// Raising Asio's cache is a project-wide define that every file using Asio would have to
// agree on; an allocator bound to the session's own handlers changes only them.
//
// The memory is per thread, not per connection: 20,000 idle connections hold none of it.
// Each thread keeps at most kKeptPerSize blocks of each size class (128 bytes apart, up to
// kLargestPooled); larger requests and blocks beyond that go to operator new and delete.
// A block freed on another thread than the one that took it joins that thread's list.
#pragma once

#include <cstddef>
#include <new>

namespace parlor::server {

class OpMemory {
 public:
  static constexpr std::size_t kGranule = 128;
  static constexpr std::size_t kLargestPooled = 2048;
  static constexpr std::size_t kKeptPerSize = 256;

  static void* allocate(std::size_t bytes);
  static void deallocate(void* block, std::size_t bytes) noexcept;

  // The blocks the calling thread keeps, free, in all size classes (for tests).
  static std::size_t kept_on_this_thread() noexcept;
};

// The allocator Asio rebinds for its operations (net::bind_allocator(OpAllocator<void>(),
// handler)): stateless, every instance equal.
template <class T>
class OpAllocator {
 public:
  using value_type = T;

  OpAllocator() noexcept = default;
  template <class U>
  OpAllocator(const OpAllocator<U>&) noexcept {}  // NOLINT: rebinding is implicit

  T* allocate(std::size_t n) {
    static_assert(alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__,
                  "OpMemory hands out operator new's alignment");
    return static_cast<T*>(OpMemory::allocate(n * sizeof(T)));
  }
  void deallocate(T* block, std::size_t n) noexcept { OpMemory::deallocate(block, n * sizeof(T)); }

  template <class U>
  bool operator==(const OpAllocator<U>&) const noexcept {
    return true;
  }
};

}  // namespace parlor::server
