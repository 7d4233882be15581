// A human seat at a Perico table with three random bots, for the database-fault tests:
// it plays its turns with the game's random bot from its own view, starts the next match
// when one ends, and counts what the server accepted and refused (by error code). What
// it saw acknowledged (the highest update seq, the matches seen over) is what a restart
// must give back.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "engine/core/game.hpp"
#include "tests/server/ws_client.hpp"

namespace parlor::testing {

class TablePlayer {
 public:
  TablePlayer(ClientPool& pool, int port, const std::string& name);
  bool ready() const { return !room_id_.empty(); }
  const std::string& token() const { return token_; }
  const std::string& room_id() const { return room_id_; }

  // Timeouts are Release's: a sanitized run multiplies them (test_patience.hpp).
  // Plays until `moves` more of its moves were accepted or `timeout` passed; returns how
  // many were. A refused move is sent again 100 ms later.
  int play(int moves, std::chrono::milliseconds timeout);
  // Pumps until it is this seat's turn with no move of its own unanswered (starting the
  // next match if one ended), or `timeout`; true if it is. The table then waits on this
  // player alone: nothing of the room's is in flight or held.
  bool wait_for_turn(std::chrono::milliseconds timeout);
  // Sends a move (the chosen one, or any if it is not this seat's turn) every 100 ms
  // until the server refuses one (or the next match's start) with `code`, or `timeout`;
  // true if it did.
  bool refused_with(const std::string& code, std::chrono::milliseconds timeout);
  // What it last saw, for a failure message.
  std::string state() const;

  long long last_seq() const { return last_seq_; }
  int matches_over() const { return matches_over_; }
  int refusals(const std::string& code) const;

 private:
  // Pumps the pool for `duration`, handles what arrived, and asks for the next match
  // when one is due.
  void pump(std::chrono::milliseconds duration);
  void handle(const Json& message);
  void send_move(const Json& action);
  bool my_turn() const;

  ClientPool& pool_;
  WsClient* client_ = nullptr;
  std::string token_;
  std::string room_id_;
  std::unique_ptr<BotPolicy> policy_;
  Rng rng_;
  Json view_;
  long long last_seq_ = -1;
  long long accepted_seq_ = -1;  // the seq of its last accepted move, in this match
  int matches_over_ = 0;
  int accepted_ = 0;
  std::map<std::string, int> refusals_;
  std::string last_refusal_;
  long long pending_id_ = 0;
  long long next_id_ = 1'000'000;
  std::chrono::steady_clock::time_point retry_at_;
  std::optional<std::chrono::steady_clock::time_point> start_at_;  // the next `start`
};

}  // namespace parlor::testing
