// A connection's messages waiting to be written, oldest first. Every connection has one,
// and most of the time it is empty: a std::deque allocates a map and a 512-byte block
// as soon as it is constructed (576 bytes for each of 20,000 idle connections); this
// holds nothing until a message waits, and then only a vector of pointers.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "server/net/connection.hpp"

namespace parlor::server {

class OutgoingQueue {
 public:
  bool empty() const { return head_ == messages_.size(); }
  std::size_t size() const { return messages_.size() - head_; }
  const SharedMessage& front() const { return messages_[head_]; }
  std::size_t capacity() const { return messages_.capacity(); }  // slots held, used or not

  void push_back(SharedMessage message) { messages_.push_back(std::move(message)); }

  // The sent front is released at once; the slots before the head are reused once the
  // queue empties, or moved out of the way once they are half of it (a reader that
  // never quite catches up would otherwise grow the vector without end).
  void pop_front() {
    messages_[head_++].reset();
    if (empty()) {
      clear();
    } else if (head_ >= messages_.size() / 2 && head_ >= kCompactAfter) {
      messages_.erase(messages_.begin(), messages_.begin() + static_cast<std::ptrdiff_t>(head_));
      head_ = 0;
    }
  }

  // A burst's room is given back once the burst is over: 20,000 connections that each
  // once fell 1,000 messages behind would otherwise keep 16 KB apiece.
  void clear() {
    messages_.clear();
    if (messages_.capacity() > kCompactAfter) messages_.shrink_to_fit();
    head_ = 0;
  }

 private:
  static constexpr std::size_t kCompactAfter = 16;
  std::vector<SharedMessage> messages_;
  std::size_t head_ = 0;
};

}  // namespace parlor::server
