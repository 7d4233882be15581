// A room's timers, all on its strand, in one place so that one call stops them all.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

namespace parlor::server {

struct RoomTimers {
  using Strand = boost::asio::strand<boost::asio::any_io_executor>;

  explicit RoomTimers(const Strand& strand)
      : turn(strand), bot(strand), pause(strand), grace(strand), empty(strand) {}

  // The timers that drive a running match: the turn deadline, the next bot move, the
  // pause between rounds.
  void cancel_match() {
    turn.cancel();
    bot.cancel();
    pause.cancel();
  }
  // Everything (shutdown, the room closing).
  void cancel_all() {
    cancel_match();
    grace.cancel();
    empty.cancel();
  }

  boost::asio::steady_timer turn;   // the earliest turn deadline (TurnDeadlines)
  boost::asio::steady_timer bot;    // the next bot move, after the room's bot delay
  boost::asio::steady_timer pause;  // the pause between rounds
  boost::asio::steady_timer grace;  // the earliest end of a disconnected player's grace
  boost::asio::steady_timer empty;  // closes the room once nobody has been in it a while
};

}  // namespace parlor::server
