// The club nights of one server (issue 49): creating an event, signing up and dropping
// out, starting it, and then, round by round, forming the tables (pair_round), opening a
// private room per table with its players' seats held, starting each match by itself,
// hearing each match's end, scoring the round and pairing the next; the standings come
// from the pure rules (event_rules.hpp). Every change is saved (EventSaver) as the
// event's whole state (event_state.hpp), and resume() takes the saved events back after
// a restart.
//
// Decisions (protocol/README.md, "Club nights", has the client's side):
// - Who may create: `may_create` (the request layer decides: on a server of members, only
//   moderators and admins; on an open server of guests, anyone). Who may start: the
//   organiser (the creator) or an operator.
// - Sign-up is open until the start; withdrawing before it removes the entrant, leaving
//   after it is a drop-out: kept in the standings (marked dropped), seated no more. The
//   organiser need not play (they sign up like anyone).
// - A table's match starts by itself once all its players are seated, or after
//   `start_grace` with a sensible bot in every absent seat (Room::start_event_table);
//   the absent seat scores as last unless its player comes back and plays on
//   (Seating::left_since: the room reports it as MatchResults::left).
// - A table whose match was aborted (an operator closed the room) counts every seat
//   absent. A table whose room is gone after a restart, likewise.
// - After every table's result, the next round is paired after `round_pause`; after the
//   last round (or when too few active entrants are left to fill a table) the event is
//   finished and its standings final.
// - The client learns of its table by asking (`event`, cheap): nothing is pushed.
// - Duplicate: every table of round r is dealt from the same seed (event_state.hpp).
// - In a cluster one live node drives an event, its tables rooms of that node; a survivor
//   takes a dead node's events with their tables and resume()s them, at any time, not
//   only at start-up (server/cluster/event_registry.hpp, README.md).
//
// Thread-safety: one mutex over all events. create_table and check_table (the lobby's)
// may run under it; hold_seats and start_table (a post to a room) run after it is
// released, and no room ever calls the service with a room's lock held other than the
// strand's own turn (match_ended), so there is no cycle.
//
// Error codes: no_such_event, forbidden (not allowed to create or start), bad_field (a
// field out of range: seats, min_seats, rounds, name), no_such_game, bad_seat_count and
// the engine's option codes (check_table), signup_closed (join after the start),
// already_entered, not_entered, already_started, too_few_entrants, event_finished,
// too_many_events.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/events/event_hooks.hpp"
#include "server/events/event_state.hpp"

namespace parlor::server::events {

struct EventOptions {
  std::chrono::milliseconds start_grace{60000};  // then bots take the absent seats
  std::chrono::milliseconds round_pause{10000};  // between a round's end and the next
  std::string id_suffix;                         // "-node2" in a cluster
  std::size_t max_open_events = 100;             // in sign-up or running at once
};

struct CreateEvent {
  std::string name;
  std::string game;
  Json options = Json::object();
  int seats = 0;
  std::optional<int> min_seats;
  int rounds = 1;
  std::string pairing = "swiss";
  bool duplicate = false;
  bool rated = true;
};

struct Caller {
  std::string player_id;
  std::string name;
  bool op = false;          // a moderator or an admin
  bool may_create = false;  // decided by the request layer
};

class EventService : public MatchEndHook {
 public:
  EventService(EventOptions options, EventTables& tables, EventSaver& saver, EventTimer timer,
               std::uint64_t (*random64)() = nullptr);

  // Each answers the event's client view (event_view), or the error.
  Expected<Json> create(const Caller& caller, const CreateEvent& request);
  Expected<Json> join(const Caller& caller, const std::string& event_id);
  Expected<Json> leave(const Caller& caller, const std::string& event_id);
  Expected<Json> start(const Caller& caller, const std::string& event_id);
  Expected<Json> view(const std::string& event_id) const;
  // Those in sign-up, running, and the latest finished ones (at most `finished`).
  Json list(std::size_t finished = 10) const;

  void match_ended(TableOutcome outcome) override;

  // After a restart: the saved events (JSON texts). Rooms already came back (recovery);
  // a table whose room is gone counts its seats absent; one whose room finished its
  // match unheard (it ended just before the stop) counts that match, read from the store
  // (EventTables::ended_match); a waiting table gets its start grace again; a round that
  // was over is followed by the next after the pause. Returns how many were taken back.
  int resume(const std::vector<std::string>& saved);

  // The server is shutting down: from now on a table's match that ends or is aborted is
  // not a result (its room and match come back after the restart, resume() takes the
  // event back), and no round is paired or started. Without this, the rooms closing at
  // shutdown would score every table absent and play the night out on empty rooms.
  void stop();

  // Whether this server drives the event (in a cluster, another node's are not here:
  // server/cluster/event_registry.hpp).
  bool holds(const std::string& event_id) const;
  // Ids of events in the store that other nodes drive: never minted again here.
  void reserve_ids(const std::vector<std::string>& event_ids);

  // Tests: the stored form of an event.
  std::optional<EventState> state(const std::string& event_id) const;

 private:
  // What to do once the lock is released (posts to rooms).
  using Later = std::vector<std::function<void()>>;
  void run(Later& later);
  EventState* find(const std::string& event_id);
  void save(const EventState& event);
  // Pairs and opens round `event.rounds.size() + 1`, or finishes the event.
  void begin_round(EventState& event, Later& later);
  void open_tables(EventState& event, EventRound& round, const RoundPlan& plan, Later& later);
  void arm_start_grace(const std::string& event_id, int round);
  void start_grace_over(const std::string& event_id, int round);
  void next_round(const std::string& event_id, int after_round);
  // The round of `event` was just completed: the next one after the pause, or the end.
  void round_completed(EventState& event);
  void finish(EventState& event);
  TableResult score_table(const EventTable& table, const TableOutcome& outcome) const;
  std::int64_t now_ms() const;

  EventOptions options_;
  EventTables& tables_;
  EventSaver& saver_;
  EventTimer timer_;
  std::uint64_t (*random64_)();

  mutable std::mutex mutex_;
  std::map<std::string, EventState> events_;
  std::map<std::string, std::string> event_of_room_;
  long long next_event_ = 1;
  bool stopped_ = false;
};

}  // namespace parlor::server::events
