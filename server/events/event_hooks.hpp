// What the event service (event_service.hpp) needs from the rest of the server, as
// narrow interfaces, so that its rules are tested with fakes (tests/events/) and the
// server wires the real ones (lobby_event_tables.hpp):
//
// - EventTables: the rooms. Checks a table's game, options and seat count as create_room
//   does; creates a table (a private room of the event, rated as the event says, its
//   first match dealt from a fixed seed for a duplicate round); holds its seats for the
//   players; starts its match now, with bots for the absent; after a restart, tells
//   whether a table's room is still there and reads the match it finished from the
//   store. Only create_table, check_table, table_exists and ended_match are called with
//   the service's lock held: they touch the lobby or read the store, never a room.
//   hold_seats and start_table post to a room and are called after the lock is released.
// - EventSaver: the store's write path (Store::event_saved), queued, never waited for.
// - EventTimer: "run this after that long", on the server's io_context; the callback
//   must call back into the service (which takes its own lock).
// - MatchEndHook: how the service hears that a table's match ended (called from the
//   room's finish_match path on the room's strand, through EventJournal): it only posts
//   the result to the service, which takes its lock and calls no room back meanwhile.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/expected.hpp"

namespace parlor::server::events {

using Json = nlohmann::json;

struct TableRequest {
  std::string event_id;
  std::string game;
  Json options;
  int seats = 0;
  bool rated = true;
  std::string host_player_id;  // the organiser
  std::string seed_hex;        // the first match's (duplicate); empty: random
};

struct OpenedTable {
  std::string room_id;
  std::string code;
};

struct HeldSeat {
  std::string player_id;
  std::string name;
};

// A table's match ended: the room, who sat where (a bot's seat: ""), and per seat the
// placing, the score and whether its human left before the end (MatchResults::left).
// `aborted`: the match never finished (an operator closed the room, the server gave it
// up): the vectors are empty and every seat counts as absent.
struct TableOutcome {
  bool aborted = false;
  std::string room_id;
  std::string match_id;  // the match's record (the history API's id); "" when aborted
  std::vector<std::string> seated;
  std::vector<int> placings;
  std::vector<std::int64_t> scores;
  std::vector<bool> left;

  static TableOutcome aborted_in(std::string room_id) {
    TableOutcome outcome;
    outcome.aborted = true;
    outcome.room_id = std::move(room_id);
    return outcome;
  }
};

class EventTables {
 public:
  virtual ~EventTables() = default;
  // The options as the engine normalises them, or why not (no_such_game,
  // bad_seat_count, the engine's own codes).
  virtual Expected<Json> check_table(const std::string& game, const Json& options, int seats) = 0;
  virtual Expected<OpenedTable> create_table(const TableRequest& request) = 0;
  virtual void hold_seats(const std::string& room_id, const std::vector<HeldSeat>& seats) = 0;
  virtual void start_table(const std::string& room_id) = 0;
  // Whether the room is still here (after a restart).
  virtual bool table_exists(const std::string& room_id) = 0;
  // After a restart: the outcome of the match the table's room finished, from the
  // store's history, or nothing if it has none (or it could not be read). A match that
  // ended just before the server stopped may be saved with the event's record of it not
  // (the event's save is queued after the match's end), or be finished by recovery from
  // its journal before the event is resumed to hear it: either way its result counts,
  // and the table never plays a second match.
  virtual std::optional<TableOutcome> ended_match(const std::string& room_id) = 0;
};

class EventSaver {
 public:
  virtual ~EventSaver() = default;
  virtual void save(const std::string& event_id, const std::string& state) = 0;
};

class NullEventSaver : public EventSaver {
 public:
  void save(const std::string&, const std::string&) override {}
};

using EventTimer = std::function<void(std::chrono::milliseconds after, std::function<void()> run)>;

class MatchEndHook {
 public:
  virtual ~MatchEndHook() = default;
  virtual void match_ended(TableOutcome outcome) = 0;
};

class NullMatchEndHook : public MatchEndHook {
 public:
  void match_ended(TableOutcome) override {}
};

}  // namespace parlor::server::events
