// When a connection's client counts as not reading: the rule behind
// `--max-queued-messages`. Plain C++ (no Asio, the clock passed in), so it is tested
// alone (tests/server/reader_backlog_test.cpp); the session calls it on its strand.
//
// Why not "drop at the limit": a queue can pass the limit for a moment with a client
// that reads at full speed. A room's messages wait in its DurableOutbox while the
// store commits; when a commit stalls (a checkpoint's fsync, another process holding the
// database for half a second), a room whose bots keep moving releases everything held at
// once, and the session runs all those sends before the completion of the write in
// flight, which the kernel had already taken. Dropping then closes healthy players
// (seen in CI: six readers of 5 ms bot rooms closed together, "32 messages unread").
//
// So a client is dropped once the limit's worth of messages wait and it has taken none of
// them (no write completed) for the grace, or at once when the backlog reaches the hard
// limit, which bounds the memory a connection can hold whatever happens.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace parlor::server {

class ReaderBacklog {
 public:
  using Clock = std::chrono::steady_clock;

  // A second without a completed write is long for a reader (a write completes as soon
  // as the kernel takes the frame) and short for the memory a queue can gather in it.
  static constexpr Clock::duration kGrace = std::chrono::seconds(1);
  // Four times the limit: room for a held burst, still a bound.
  static constexpr std::size_t kHardLimitFactor = 4;

  explicit ReaderBacklog(std::size_t limit, Clock::duration grace = kGrace)
      : limit_(limit), hard_limit_(limit * kHardLimitFactor), grace_(grace) {}

  std::size_t limit() const { return limit_; }
  std::size_t hard_limit() const { return hard_limit_; }

  // A message is about to be queued behind `queued` others; `writes_done` counts the
  // connection's completed writes so far. True: the client is not reading, drop it.
  // Cheap while under the limit: the caller need read the clock only past it.
  bool should_drop(std::size_t queued, std::uint64_t writes_done, Clock::time_point now) {
    if (queued < limit_) return false;
    if (queued >= hard_limit_) return true;
    if (!behind_since_ || writes_done != writes_when_behind_) {
      // First time past the limit, or the client took something since: count anew.
      behind_since_ = now;
      writes_when_behind_ = writes_done;
      return false;
    }
    return now - *behind_since_ >= grace_;
  }

  // Seconds the client has been behind without taking anything (for the log line).
  double seconds_behind(Clock::time_point now) const {
    if (!behind_since_) return 0;
    return std::chrono::duration<double>(now - *behind_since_).count();
  }

 private:
  std::size_t limit_;
  std::size_t hard_limit_;
  Clock::duration grace_;
  std::optional<Clock::time_point> behind_since_;
  std::uint64_t writes_when_behind_ = 0;
};

}  // namespace parlor::server
