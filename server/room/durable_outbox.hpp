// Write-ahead on the way out: a room's messages wait here, in order, until the journal
// rows written before them are durable (match_journal.hpp), so no player sees a move, a
// deal or a result that a crash could still lose.
//
// Each journal write is followed by hold(), which opens a new hold; every message sent
// after it waits until release() is called with that hold (or a later one), which the
// match session arranges through MatchJournal::when_durable. With nothing held a message
// goes straight out. Plain C++ (no Asio): the room calls it on its strand.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>

#include "server/net/connection.hpp"

namespace parlor::server {

class DurableOutbox {
 public:
  using Hold = std::uint64_t;

  // Sends `message` now, or once everything held so far is released (in order).
  void deliver(const std::shared_ptr<Connection>& connection, SharedMessage message);
  // Opens a hold: what is delivered from now on waits for release(hold).
  Hold hold() { return ++last_hold_; }
  // `hold` (and every earlier one) is durable: sends what waited for it.
  void release(Hold hold);

  std::size_t waiting() const { return held_.size(); }

 private:
  struct HeldMessage {
    std::weak_ptr<Connection> connection;
    SharedMessage message;
    Hold hold;  // may leave once this hold is released
  };
  std::deque<HeldMessage> held_;
  Hold last_hold_ = 0;
  Hold released_ = 0;
};

}  // namespace parlor::server
