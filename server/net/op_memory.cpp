#include "server/net/op_memory.hpp"

#include <array>
#include <vector>

namespace parlor::server {

namespace {

constexpr std::size_t kSizeClasses = OpMemory::kLargestPooled / OpMemory::kGranule;

// A request's size class, by the block size that serves it: class i holds blocks of
// (i + 1) * kGranule bytes.
std::size_t size_class(std::size_t bytes) {
  return bytes == 0 ? 0 : (bytes - 1) / OpMemory::kGranule;
}

std::size_t block_bytes(std::size_t size_class) { return (size_class + 1) * OpMemory::kGranule; }

// Set once the thread's lists are gone (the thread is ending): an operation freed after
// that, by an object destroyed later, goes straight to operator delete. A bool needs no
// destructor, so it is still there to be read.
thread_local bool lists_destroyed = false;

struct FreeBlocks {
  std::array<std::vector<void*>, kSizeClasses> by_class;

  ~FreeBlocks() {
    lists_destroyed = true;
    for (std::vector<void*>& blocks : by_class) {
      for (void* block : blocks) ::operator delete(block);
    }
  }
};

FreeBlocks& free_blocks() {
  thread_local FreeBlocks blocks;
  return blocks;
}

}  // namespace

void* OpMemory::allocate(std::size_t bytes) {
  if (bytes > kLargestPooled || lists_destroyed) return ::operator new(bytes);
  const std::size_t cls = size_class(bytes);
  std::vector<void*>& blocks = free_blocks().by_class[cls];
  if (blocks.empty()) return ::operator new(block_bytes(cls));
  void* block = blocks.back();
  blocks.pop_back();
  return block;
}

void OpMemory::deallocate(void* block, std::size_t bytes) noexcept {
  if (block == nullptr) return;
  if (bytes > kLargestPooled || lists_destroyed) return ::operator delete(block);
  std::vector<void*>& blocks = free_blocks().by_class[size_class(bytes)];
  if (blocks.size() >= kKeptPerSize) return ::operator delete(block);
  if (blocks.capacity() == 0) {
    try {
      blocks.reserve(kKeptPerSize);  // once per thread and class: push_back never throws
    } catch (const std::bad_alloc&) {
      return ::operator delete(block);
    }
  }
  blocks.push_back(block);
}

std::size_t OpMemory::kept_on_this_thread() noexcept {
  std::size_t kept = 0;
  if (lists_destroyed) return kept;
  for (const std::vector<void*>& blocks : free_blocks().by_class) kept += blocks.size();
  return kept;
}

}  // namespace parlor::server
