// One table: its seats (humans, bots, empty), spectators, and the match being played.
//
// Everything a room does runs on its own strand, so its engine is touched by one thread
// at a time; callers post requests (every public method is safe from any thread) and
// the room answers through each member's Connection. The engine is the only authority:
// the room asks it whether an action is legal, and sends every seat its own view and
// only the events whose audience includes it (a spectator: the public ones).
//
// The room is the strand, the request handlers and the broadcast; its parts do not know
// it (server/room/):
// - Seating: seats, spectators, the host, connections and the grace period;
// - MatchSession: the running match and every journal write (journal before send);
// - DurableOutbox: messages held until the journal rows behind them are durable;
// - StandInScheduler: the turn timer, timed-out turns' defaults and the bots' moves;
// - RoomTimers: the five timers, one cancel_all();
// - RoomSettings and summarize_room: what the room is, stored and shown;
// - deliver_update: an update's way to each seat and spectator;
// - ResentMoves: a move sent again after a lost connection is recognised;
// - RoomDirectory: what the room tells the lobby;
// - TableChat: the chat's limits and mutes (the chat and host-control requests are in
//   room_host_controls.cpp).
// Besides room.cpp (the requests, the match and its broadcast): room_presence.cpp (a
// player back or gone, the grace period, the room closing) and room_restore.cpp (a room
// reopened after a restart or on another node).
//
// Table decisions (documented in protocol/README.md):
// - A disconnected player keeps the seat for the grace period while timers run; after
//   it a sensible bot plays the seat until the player comes back.
// - Leaving during a match hands the seat to a sensible bot for the rest of the match.
// - The turn timer covers a seat's whole turn (a draw and a discard are one turn); when
//   it expires the engine's default action is applied until that seat's turn ends.
// - Between rounds timers and bots pause for round_pause_ms; humans may act at once.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/defer.hpp>
#include <boost/asio/strand.hpp>

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "engine/core/game.hpp"
#include "protocol/server_messages.hpp"
#include "server/metrics.hpp"
#include "server/net/connection.hpp"
#include "server/room/bot_thinker.hpp"
#include "server/room/durable_outbox.hpp"
#include "server/room/match_journal.hpp"
#include "server/room/match_session.hpp"
#include "server/room/resent_moves.hpp"
#include "server/room/room_directory.hpp"
#include "server/room/room_settings.hpp"
#include "server/room/room_timers.hpp"
#include "server/room/seating.hpp"
#include "server/room/stand_in_scheduler.hpp"
#include "server/room/table_chat.hpp"
#include "server/room/update_fanout.hpp"

namespace parlor::server {

namespace net = boost::asio;

class Room : public std::enable_shared_from_this<Room> {
 public:
  using Status = protocol::RoomStatus;

  // `executor` runs the room's handlers one at a time: a strand (Lobby::room_executor), or
  // an io_context that one thread runs. `thinker`: where its bots think (it outlives the
  // room's strand handlers); null: on the strand.
  Room(net::any_io_executor executor, RoomSettings settings, RoomDirectory& directory,
       MatchJournal& journal, Metrics& metrics, BotThinker* thinker = nullptr);

  const std::string& id() const { return settings_.id; }
  const std::string& code() const { return settings_.code; }
  bool is_public() const { return settings_.is_public; }
  const RoomSettings& settings() const { return settings_; }

  // Called once after construction (the creator is seated when `sit`).
  void open(Member creator, Json request_id, bool sit);

  void join(Member who, Json request_id, std::optional<int> seat);
  void spectate(Member who, Json request_id);
  void leave(Member who, Json request_id);
  void add_bot(Member who, Json request_id, std::optional<int> seat, BotLevel level);
  void remove_bot(Member who, Json request_id, int seat);
  void start(Member who, Json request_id);
  // An event table (settings().event_id, server/events/): its first match starts now if it
  // has not, a sensible bot standing in for every player not here (Seating::
  // stand_in_for_absent). Without it, the match starts once every held seat is taken.
  void start_event_table();
  // `ack_in_update`: the client asked ("ack": "update") to learn of the acceptance from
  // the "accepted" field of its next update rather than from an "accepted" reply.
  // `after`: the last seq the client had seen when it chose the move, if it said so.
  void act(Member who, Json request_id, Json action, std::chrono::steady_clock::time_point received,
           bool ack_in_update, MoveContext context = {});
  void get_state(Member who, Json request_id);
  // Table chat and the host's controls (protocol/README.md, "Chat and host controls").
  void chat(Member who, Json request_id, std::string text);
  void set_spectators(Member who, Json request_id, bool allow);
  void remove_player(Member who, Json request_id, int seat);
  void mute(Member who, Json request_id, std::string player_id, bool muted);
  // An operator closes the room (op_close_room): every member is told `removed` with the
  // reason "room_closed" and the operator's words, a live match is aborted, the room ends.
  void close_by_operator(std::string reason);
  // A returning player's new connection: rebinds their seat and sends the state.
  void attach(Member who);
  // A connection went away (no-op if it was not this room's).
  void detach(std::string player_id, std::shared_ptr<Connection> connection);
  // Server shutdown: cancels timers.
  void shutdown();

  // After a restart: the match that was being played here, rebuilt from the journal
  // (its first `actions_replayed` actions already applied to `state`). Humans are seated
  // disconnected (their grace period starts now), bots are seated again, and the timers
  // restart. `last_moves`: each seat's last journaled move, by seat.
  // (restore_waiting below is the same for a room whose match had not started.)
  void restore(MatchRecord record, std::unique_ptr<GameState> state, Seed seed,
               std::int64_t actions_replayed, std::map<int, SeatMove> last_moves = {});
  // A room without a running match reopened on another node or after a restart: its seats
  // as they were (humans disconnected, their grace period starting now), waiting to start.
  // `matches_played`: how many matches it had played, so the next one is numbered on.
  void restore_waiting(std::vector<SeatRecord> seats, int matches_played = 0);

 private:
  using Clock = std::chrono::steady_clock;

  // Runs `(room->*handler)(args...)` on `strand`, later. `room` is a shared_ptr, which
  // keeps the room alive until then, or a weak_ptr, for a thread that must not keep a
  // room alive (the store's writer): then nothing runs if the room is gone. Deferred
  // rather than posted, as WebSocketSession::send is: from an io thread, the room's turn
  // comes without waking another thread; from any other thread it is a post.
  template <class RoomPointer, class... Params, class... Args>
  static void post_to(const net::any_io_executor& strand, RoomPointer room,
                      void (Room::*handler)(Params...), Args&&... args) {
    net::defer(strand,
               [room = std::move(room), handler, ... args = std::forward<Args>(args)]() mutable {
                 if (std::shared_ptr<Room> self = locked(room)) {
                   ((*self).*handler)(std::move(args)...);
                 }
               });
  }
  static std::shared_ptr<Room> locked(const std::shared_ptr<Room>& room) { return room; }
  static std::shared_ptr<Room> locked(const std::weak_ptr<Room>& room) { return room.lock(); }
  // A request from any thread, run on the strand.
  template <class... Params, class... Args>
  void post_to_strand(void (Room::*handler)(Params...), Args&&... args) {
    post_to(strand_, shared_from_this(), handler, std::forward<Args>(args)...);
  }
  // The journal is durable up to `hold` (MatchSession's MakeRelease, from the store's
  // writer thread): what waited for it leaves, on the strand.
  std::function<void()> release_when_durable(DurableOutbox::Hold hold);
  void release_held(DurableOutbox::Hold hold) { outbox_.release(hold); }

  // Requests, on the strand.
  void do_open(Member creator, Json request_id, bool sit);
  void do_join(Member who, Json request_id, std::optional<int> seat);
  void do_spectate(Member who, Json request_id);
  void do_leave(Member who, Json request_id);
  void do_add_bot(Member who, Json request_id, std::optional<int> seat, BotLevel level);
  void do_remove_bot(Member who, Json request_id, int seat);
  void do_start(Member who, Json request_id);
  void do_start_event_table();
  // An event table whose players are all here starts its first match.
  void maybe_start_event_table();
  // A club night's table before its match has ended: each seat is its player's, whoever
  // leaves or loses the connection (a bot plays for the absent; they may come back).
  bool seats_are_held() const;
  // The next match, the seats full: its number, or why not (MatchSession::start).
  Expected<int> start_match();
  // A match just started: everyone hears, the bots and timers begin.
  void broadcast_started();
  void do_act(Member who, Json request_id, Json action, Clock::time_point received,
              bool ack_in_update, MoveContext context);
  // No match is being played, or the move names another match: true after replying so.
  bool refuse_if_not_playing(const Member& who, const Json& request_id, const MoveContext& context);
  // A move sent again that was already applied (ResentMoves): acknowledged again, true.
  bool handle_resent(const Member& who, const Json& request_id, int seat, const Json& action,
                     std::int64_t after);
  // A closed room refuses a request: true after replying so.
  bool refuse_if_closed(const Member& who, const Json& request_id);
  void do_get_state(Member who, Json request_id);
  void do_chat(Member who, Json request_id, std::string text);
  void do_set_spectators(Member who, Json request_id, bool allow);
  void do_close_by_operator(std::string reason);
  void do_remove_player(Member who, Json request_id, int seat);
  void do_mute(Member who, Json request_id, std::string player_id, bool muted);
  // The host refused spectators: every one but the host is told and removed.
  void remove_spectators();
  void do_attach(Member who, Json request_id);  // request_id: a join_room's, else null
  void do_detach(std::string player_id, std::shared_ptr<Connection> connection);
  void do_shutdown();
  void do_restore(MatchRecord record, std::unique_ptr<GameState> state, Seed seed,
                  std::int64_t actions_replayed, std::map<int, SeatMove> last_moves);
  void do_restore_waiting(std::vector<SeatRecord> seats, int matches_played);

  // The match.
  // Who sent a move, to be told it was accepted.
  struct Actor {
    const Member& who;
    const Json& request_id;
    bool ack_in_update;
  };
  // Applies a move for `seat` (journaled first) and sends its effects; the refusal
  // otherwise (nothing changes). `actor`, when given, is acknowledged before the
  // broadcast (see acknowledge()).
  std::optional<Error> play_move(int seat, Json action, bool timeout, const Actor* actor);
  void acknowledge(int seat, const Actor& actor);
  void seal_new_deals();
  void finish_match();
  void broadcast_update();
  // `timed_out_seat`: the seat whose timed-out turn this update shows being played.
  protocol::SharedUpdate shared_update(std::optional<int> timed_out_seat = std::nullopt) const;

  // The pause between rounds; grace periods and the room closing (room_presence.cpp).
  // Bots and timeouts are StandInScheduler's.
  void on_pause_timer();
  void arm_grace_timer();
  void on_grace_timer();
  // A player did not come back in time: the seat is freed, or a bot plays it.
  void note_grace_over(const GraceExpiry& gone);
  void check_empty();
  void on_empty_timer();
  // `abort_reason`: what a live match's record says of its end.
  void close_room(const std::string& abort_reason = "room closed: nobody left");
  // The match is on and not paused between rounds: bots and timers may act.
  bool match_in_play() const;
  // How the stand-in scheduler reads this room and plays a seat's move here.
  StandInScheduler::Table stand_in_table(BotThinker* thinker);

  // Messages. Every message leaves through the outbox (write-ahead).
  void deliver_to_all(const SharedMessage& message);
  void send_to(const Member& who, std::string text);
  void reply_error(const Member& who, const Json& request_id, const Error& error);
  void send_room_to_all();
  void send_state_to(const Member& who, std::optional<int> seat);
  protocol::RoomSummary summary() const;
  void publish();
  // Seats restored after a restart: the directory learns who sits here again.
  void announce_restored_seats();

  // One handler at a time: a strand of its own, or the io_context when a single thread
  // runs it (Lobby::room_executor).
  net::any_io_executor strand_;
  RoomSettings settings_;
  RoomDirectory& directory_;
  Metrics& metrics_;

  Status status_ = Status::kWaiting;
  bool paused_ = false;  // between rounds
  Seating seating_;
  DurableOutbox outbox_;
  MatchSession session_;
  RoomTimers timers_;
  StandInScheduler stand_ins_;
  TableChat chat_;
  // The seat the server just played a timed-out turn for (the next update says so).
  std::optional<int> timed_out_seat_;
  // The request id to put in a seat's next update as "accepted" (see acknowledge()).
  std::optional<AckInUpdate> pending_ack_;
  ResentMoves resent_;
};

}  // namespace parlor::server
