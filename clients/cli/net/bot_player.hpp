// A network bot: one WebSocket client that says hello, creates a room or joins one by
// code, and plays its seat with the engine's bot policy applied to the `view` of each
// `update` it receives (so it sees exactly what a human at that seat would). Used by
// `parlor bot` and, many at a time on one io_context, by `parlor load`.
//
// Kept light for load: updates and "accepted" replies are read with the pre-scanner
// (json_scan.hpp), which also tells from the view's text whether this seat must move; only
// then is the view parsed, into a tree reused from the previous turn (protocol/json_reuse.hpp).
// Everything else (lobby replies, room snapshots, errors) takes the plain JSON path.
//
// A bot keeps its seat through a lost connection: it reconnects (with backoff, through the
// next of its URLs) and says hello with its token, and the server gives the seat back. A
// cluster's `room_elsewhere` reply sends it to the node holding its room, where it asks
// again (protocol/README.md). A server that falls silent (a paused node) counts as a lost
// connection (ws_connection.hpp's Liveness). Every move carries `after` (the last seq the
// bot had seen), so a move in flight when the line dropped is sent again once the seat is
// back: the server applies it if it never had, or answers `accepted` if it had.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "clients/cli/net/ws_connection.hpp"
#include "engine/core/game.hpp"
#include "engine/core/rng.hpp"

namespace parlor::cli::net {

// Counters shared by every bot of a run (one thread, so plain integers). Only actions
// sent while `measuring` count (with their reply and update, whenever those arrive), and
// only messages received while it is set: `parlor load` leaves out the connection ramp.
struct BotStats {
  bool measuring = true;
  std::int64_t actions_sent = 0;
  std::int64_t actions_accepted = 0;
  std::int64_t rejections = 0;
  std::int64_t store_refusals = 0;   // "store_unavailable": the server's database is failing
  std::int64_t updates_matched = 0;  // accepted actions whose update arrived
  std::int64_t messages_received = 0;
  std::int64_t connection_errors = 0;
  std::int64_t matches_finished = 0;  // match_over seen by a table's host
  std::vector<double> latencies_ms;   // action sent -> update with its seq
  std::vector<std::string> errors;    // first few error texts, for the report
  std::int64_t reconnects = 0;        // lost connections re-established with the seat's token
  std::int64_t redirects = 0;         // room_elsewhere replies followed to another node
  std::int64_t moves_resent = 0;      // moves in flight on a lost line, sent again with after
  // Per table, while measuring: when it last had an action accepted, and the longest gap.
  std::vector<std::chrono::steady_clock::time_point> table_last_accept;
  double max_stall_ms = 0;
  // Each wait of at least kNotableStall at a table, with when it began (wall clock), so a
  // run with faults can tell which fault each came from.
  struct Stall {
    int table = 0;
    std::int64_t from_unix_ms = 0;
    double ms = 0;
  };
  static constexpr std::chrono::milliseconds kNotableStall{1000};
  static constexpr std::size_t kMaxStallsKept = 1000;
  std::vector<Stall> stalls;
  void note_error(const std::string& text) {
    if (errors.size() < 10) errors.push_back(text);
  }
  // The measured window opens: every table's clock starts now.
  void start_table_clocks(int tables, std::chrono::steady_clock::time_point now) {
    table_last_accept.assign(static_cast<std::size_t>(tables), now);
  }
  void note_table_accept(int table, std::chrono::steady_clock::time_point now);
  // The window closes at `end`: the waits still running count as stalls too; returns how
  // many tables had nothing accepted in the last `quiet` before it.
  int close_table_clocks(std::chrono::steady_clock::time_point end,
                         std::chrono::steady_clock::duration quiet);

 private:
  void note_wait(int table, std::chrono::steady_clock::time_point from,
                 std::chrono::steady_clock::time_point to);
};

struct BotConfig {
  // Where to connect: urls[first_url] first; after a lost connection, the next one.
  std::vector<ServerUrl> urls;
  std::size_t first_url = 0;
  int table = -1;  // the table's index in BotStats' table clocks (-1: none)
  std::string name = "bot";
  BotLevel level = BotLevel::kSensible;
  std::string game;       // the game to play (needed to pick the policy)
  int seats = 0;          // create: seats of the new room
  int turn_seconds = 0;   // create: the new room's turn timer (0: none)
  std::string join_code;  // empty: create a private room and host it
  // host: seats the server's own bots take (add_bot), of this level, before the others
  // join (a load test's tables played partly by the server's bots).
  int server_bots = 0;
  BotLevel server_bot_level = BotLevel::kSensible;
  double rate = 0;      // actions per second; 0: act as soon as allowed
  bool replay = false;  // host: start a new match whenever one ends
  bool leave_after_match = true;
  // host: wait for allow_start() before the first match, even with the table full (a
  // load generator starts every table together).
  bool hold_start = false;
  std::uint64_t rng_stream = 0;
  Liveness liveness;  // when a silent server counts as a lost connection
};

class BotPlayer {
 public:
  BotPlayer(boost::asio::io_context& ioc, BotConfig config, BotStats& stats);
  // Called on the host once its room exists, with the room's code.
  std::function<void(const std::string& code)> on_room_created;
  // Called once, on this bot's first update (its table is playing).
  std::function<void()> on_first_update;
  // Called once on a host, when its table is first full.
  std::function<void()> on_table_full;
  // Called once when this bot is finished (match over, or the connection ended).
  std::function<void(bool ok)> on_done;

  void start();
  // No more actions nor new matches; then close.
  void stop_playing() { stopping_ = true; }
  // Ends hold_start: the host starts its match as soon as its table is full.
  void allow_start();
  void close();
  bool saw_match_over() const { return matches_seen_ > 0; }
  const std::string& game() const { return config_.game; }

 private:
  using Clock = std::chrono::steady_clock;
  void handle_text(std::string_view text);
  // `over` and `waiting`: those members of the view, as the pre-scanner found them.
  void handle_update_text(std::string_view seq, std::string_view seat, std::string_view view,
                          std::string_view accepted, std::string_view over,
                          std::string_view waiting);
  void handle(const Json& message);
  void handle_reply(const Json& message);
  void handle_room(const Json& room);
  void handle_update(const Json& update);
  // The seat and sequence part of an update, common to both paths.
  // `accepted`: the request id the update acknowledges (actions sent with "ack": "update").
  void note_update(std::optional<std::int64_t> seat, std::int64_t seq,
                   std::optional<std::int64_t> accepted);
  void note_accepted(std::int64_t seq);
  // A move sent again after a lost line was answered `accepted` for a seq this bot has
  // already seen the state of: the server had applied it before the line dropped.
  void note_accepted_before();
  void start_pacing();
  // The server refused a move or a start because its database is failing: ask again
  // after kStoreRetryDelay (the server carries on by itself once writes succeed).
  void retry_after_store_refusal(bool action);
  void maybe_act();
  void act_now();
  void finish(bool ok);
  Json request(Json message);
  std::int64_t send_action(const Json& action);
  void set_room_id(std::string id);
  // Connection lifetime: each connection is one generation; callbacks of an older one
  // are ignored.
  void connect_to(const ServerUrl& url);
  void on_connection_closed(const std::string& error);
  void reconnect_later();
  void say_hello();
  void on_welcome(const Json& welcome);
  // room_elsewhere: go to the node holding the room and ask there.
  void follow_redirect(const Json& error);
  // Whatever was in flight on a lost connection is forgotten (the server sends the room
  // and the seat's view again when the seat comes back), except a move not yet seen
  // accepted: it is kept to be sent again, with its `after`, once the seat is back.
  void forget_in_flight();
  void resend_move();

  boost::asio::io_context& ioc_;
  BotConfig config_;
  BotStats& stats_;
  std::shared_ptr<WsConnection> connection_;
  boost::asio::steady_timer reconnect_timer_;
  ServerUrl current_url_;
  std::size_t url_index_ = 0;
  std::uint64_t generation_ = 0;
  std::string token_;           // from the first welcome: the seat's key
  bool welcomed_ = false;       // on the current connection
  bool seated_ = false;         // the room was created or joined
  bool closing_by_me_ = false;  // close() was called: a closed connection is the end
  bool dropped_ = false;        // the current connection replaces a lost one
  int reconnect_attempts_ = 0;
  int redirects_in_a_row_ = 0;
  std::unique_ptr<BotPolicy> policy_;
  Rng rng_;
  boost::asio::steady_timer pace_timer_;
  boost::asio::steady_timer store_retry_timer_;
  std::string room_id_;
  std::optional<int> seat_;
  // The latest view's text while this seat must move in it (parsed when the bot acts).
  std::string view_text_;
  bool my_turn_ = false;
  // An action request up to its action, for this room: `{"type":"action",...,"action":`.
  std::string action_head_;
  std::string action_text_;  // reused for each action request
  std::int64_t next_id_ = 1;
  std::int64_t action_id_ = 0;  // id of the action in flight, 0 if none
  std::int64_t awaiting_seq_ = -1;
  std::int64_t last_seq_ = -1;     // the latest update's seq: a new move's `after`
  std::int64_t last_match_ = 0;    // and its match number: a new move's `match`
  std::int64_t action_match_ = 0;  // the match the move in flight was chosen in
  // The move in flight when the line dropped (its request is still action_text_, id and
  // all): sent again after the next welcome. 0: none.
  std::int64_t resend_id_ = 0;
  Clock::time_point action_sent_at_;
  Clock::time_point next_slot_ = Clock::now();
  bool action_counted_ = false;  // the action in flight was sent while measuring
  bool seen_update_ = false;
  bool timer_armed_ = false;
  bool start_pending_ = false;
  bool table_full_ = false;
  bool server_bots_asked_ = false;
  bool stopping_ = false;
  bool done_ = false;
  int consecutive_rejections_ = 0;
  int matches_seen_ = 0;
};

}  // namespace parlor::cli::net
