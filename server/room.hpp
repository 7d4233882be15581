// One table: its seats (humans, bots, empty), spectators, and the match being played.
//
// Everything a room does runs on its own strand, so its engine is touched by one thread
// at a time; callers post requests (every public method is safe from any thread) and
// the room answers through each member's Connection. The engine is the only authority:
// the room asks it whether an action is legal, and sends every seat its own view and
// only the events whose audience includes it (a spectator: the public ones).
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
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "server/connection.hpp"
#include "server/match_journal.hpp"
#include "server/metrics.hpp"

namespace parlor::server {

namespace net = boost::asio;

// Who is asking: a player and the connection replies go to.
struct Member {
  std::string player_id;
  std::string name;
  std::shared_ptr<Connection> connection;
};

struct RoomSettings {
  std::string id;
  std::string code;  // join code (every room has one; only private rooms need it)
  bool is_public = true;
  const GameDefinition* game = nullptr;
  Json options;
  int seats = 0;
  std::string host_player_id;
  std::chrono::milliseconds turn_time{60000};  // 0: no timer
  std::chrono::milliseconds bot_delay{700};
  std::chrono::milliseconds round_pause{3000};
  std::chrono::milliseconds grace{120000};
  std::chrono::milliseconds empty_close{300000};
};

// What a room tells the lobby.
class RoomHost {
 public:
  virtual ~RoomHost() = default;
  virtual void seat_changed(const std::string& player_id, const std::string& room_id,
                            bool seated) = 0;
  virtual void publish_summary(const std::string& room_id, Json summary) = 0;
  virtual void room_closed(const std::string& room_id) = 0;
};

class Room : public std::enable_shared_from_this<Room> {
 public:
  enum class Status { kWaiting, kPlaying, kFinished, kClosed };

  Room(net::any_io_executor executor, RoomSettings settings, RoomHost& host, MatchJournal& journal,
       Metrics& metrics);

  const std::string& id() const { return settings_.id; }
  const std::string& code() const { return settings_.code; }
  bool is_public() const { return settings_.is_public; }

  // Called once after construction (the creator is seated when `sit`).
  void open(Member creator, Json request_id, bool sit);

  void join(Member who, Json request_id, std::optional<int> seat);
  void spectate(Member who, Json request_id);
  void leave(Member who, Json request_id);
  void add_bot(Member who, Json request_id, std::optional<int> seat, BotLevel level);
  void remove_bot(Member who, Json request_id, int seat);
  void start(Member who, Json request_id);
  // `ack_in_update`: the client asked ("ack": "update") to learn of the acceptance from
  // the "accepted" field of its next update rather than from an "accepted" reply.
  void act(Member who, Json request_id, Json action, std::chrono::steady_clock::time_point received,
           bool ack_in_update);
  void get_state(Member who, Json request_id);
  // A returning player's new connection: rebinds their seat and sends the state.
  void attach(Member who);
  // A connection went away (no-op if it was not this room's).
  void detach(std::string player_id, std::shared_ptr<Connection> connection);
  // Server shutdown: cancels timers.
  void shutdown();

  // After a restart: the match that was being played here, rebuilt from the journal
  // (every recorded action already applied to `state`). Humans are seated disconnected
  // (their grace period starts now), bots are seated again, and the timers restart.
  void restore(MatchRecord record, std::unique_ptr<GameState> state, Seed seed);

  // What a restart needs to reopen this room (stored with each match).
  Json settings_json() const;

 private:
  enum class SeatKind { kEmpty, kHuman, kBot };

  struct SeatState {
    SeatKind kind = SeatKind::kEmpty;
    std::string player_id;
    std::string name;
    std::weak_ptr<Connection> connection;
    bool connected = false;
    std::chrono::steady_clock::time_point disconnected_at;
    bool bot_plays = false;  // a human's seat played by a bot (grace over, or left)
    BotLevel level = BotLevel::kSensible;
    std::shared_ptr<BotPolicy> policy;
  };

  struct Spectator {
    std::string player_id;
    std::weak_ptr<Connection> connection;
  };

  using Clock = std::chrono::steady_clock;

  // Requests, on the strand.
  void do_join(Member who, Json request_id, std::optional<int> seat);
  void do_spectate(Member who, Json request_id);
  void do_leave(Member who, Json request_id);
  void do_add_bot(Member who, Json request_id, std::optional<int> seat, BotLevel level);
  void do_remove_bot(Member who, Json request_id, int seat);
  void do_start(Member who, Json request_id);
  void do_act(Member who, Json request_id, Json action, Clock::time_point received,
              bool ack_in_update);
  void do_attach(Member who);
  void do_detach(const std::string& player_id, const std::shared_ptr<Connection>& connection);

  // The match.
  bool start_match(std::string& error);
  // Commits to every deal the engine has started since the last call, before it is
  // shown; true if there was one.
  bool publish_commitments();
  // Journals the results of rounds that ended since the last call.
  void journal_round_results();
  // Applies an action for `seat` and broadcasts its effects; the engine's rejection
  // otherwise (nothing changes).
  // Who sent a move, to be told it was accepted.
  struct Actor {
    const Member& who;
    const Json& request_id;
    bool ack_in_update;
  };
  // `actor`, when given, is acknowledged before the broadcast (see acknowledge()).
  std::optional<Error> apply(int seat, Json action, bool timeout, const Actor* actor);
  void acknowledge(int seat, const Actor& actor);
  void finish_match();
  void broadcast_update();
  // What every receiver of an update shares, serialized once: the message's head fields
  // and the match's table view (GameState::table_view).
  struct SharedUpdate {
    std::string head;
    std::string table_view;
  };
  SharedUpdate shared_update() const;
  bool has_receivers() const;  // a connected seat or spectator
  // An "update" for `viewer`: the shared parts, the events it may see (each serialized
  // once in `event_texts`), its view and any extra fields (",\"key\":value…").
  std::string update_text(const SharedUpdate& shared, int viewer, const std::vector<Event>& events,
                          const std::vector<std::string>& event_texts,
                          const std::string& extra_fields = "") const;
  Json match_over_json() const;
  Json timer_json() const;

  // Bots, timers and pauses.
  void schedule();
  void update_deadlines();
  void arm_turn_timer();
  void on_turn_timer(boost::system::error_code ec);
  // After `delay`, or the room's bot delay.
  void arm_bot_timer(std::optional<Clock::duration> delay = std::nullopt);
  void on_bot_timer(boost::system::error_code ec);
  bool bot_step();
  bool seat_is_bot_played(int seat) const;
  void on_pause_timer(boost::system::error_code ec);
  void arm_grace_timer();
  void on_grace_timer(boost::system::error_code ec);
  void check_empty();
  void on_empty_timer(boost::system::error_code ec);
  void close_room();

  // Membership and messages.
  std::optional<int> seat_of(const std::string& player_id) const;
  // The requested seat if it exists and is empty, else the first empty one; errors
  // bad_seat, seat_taken, room_full.
  Expected<int> choose_empty_seat(std::optional<int> seat) const;
  bool is_host(const std::string& player_id) const;
  void reassign_host();
  // Every message leaves through deliver: while journal writes are not yet durable the
  // room's messages wait in order in the outbox (write-ahead; see match_journal.hpp).
  void deliver(const std::shared_ptr<Connection>& connection, SharedMessage message);
  void deliver_to_all(const SharedMessage& message);
  void hold_until_durable();
  void release_held(std::uint64_t generation);
  void send_to(const Member& who, std::string text);
  void send_room_to_all();
  void send_state_to(const Member& who, std::optional<int> seat);
  Json snapshot() const;
  void publish();
  void reply_error(const Member& who, const Json& request_id, const std::string& code,
                   const std::string& message);
  std::string status_name() const;

  net::strand<net::any_io_executor> strand_;
  RoomSettings settings_;
  RoomHost& host_;
  MatchJournal& journal_;
  Metrics& metrics_;

  Status status_ = Status::kWaiting;
  std::vector<SeatState> seats_;
  std::vector<Spectator> spectators_;

  std::unique_ptr<GameState> match_;
  MatchRecord record_;
  Seed seed_;
  Json commitments_ = Json::array();  // [{"deal", "sha256"}] of the running match
  std::size_t rounds_journaled_ = 0;
  std::int64_t sequence_ = 0;
  int last_round_ = 0;
  bool paused_ = false;
  Json final_results_;
  Rng bot_rng_;

  std::map<int, Clock::time_point> deadlines_;
  net::steady_timer turn_timer_;
  net::steady_timer bot_timer_;
  net::steady_timer pause_timer_;
  net::steady_timer grace_timer_;
  net::steady_timer empty_timer_;
  // The request id to put in a seat's next update as "accepted" (see acknowledge()).
  struct PendingAck {
    int seat;
    Json request_id;
  };
  std::optional<PendingAck> pending_ack_;
  bool bot_pending_ = false;
  bool empty_timer_armed_ = false;

  struct HeldMessage {
    std::weak_ptr<Connection> connection;
    SharedMessage message;
    std::uint64_t generation;  // may leave once this hold is durable
  };
  std::deque<HeldMessage> outbox_;
  std::uint64_t hold_generation_ = 0;
  std::uint64_t released_generation_ = 0;
};

std::optional<BotLevel> parse_bot_level(const std::string& name);
std::string bot_level_name(BotLevel level);

}  // namespace parlor::server
