// The event service's rooms and store on a real server (event_hooks.hpp's interfaces):
// LobbyEventTables opens each table through the lobby's create_room path (so its game,
// options and seats are checked as any room's, and it counts toward --max-rooms), as a
// private room with the event's id and, for a duplicate round, its first seed; holds the
// seats with Room::restore_waiting (the players seated disconnected: their seat is theirs
// whenever they come in, by the room's id or code); starts it with
// Room::start_event_table; reads a table's finished match with
// Store::finished_match_in_room. StoreEventSaver queues Store::event_saved.
// Part of parlor_server_lib: it needs the lobby; the service does not.
#pragma once

#include <boost/asio/io_context.hpp>

#include <functional>
#include <optional>
#include <set>
#include <string>

#include "server/events/event_hooks.hpp"

namespace parlor::server {

class Lobby;
namespace store {
class Store;
}

namespace events {

class LobbyEventTables : public EventTables {
 public:
  explicit LobbyEventTables(store::Store& store) : store_(store) {}
  // The lobby is made after the service (its journal hears the service): attach it
  // before any event starts.
  void attach(Lobby& lobby) { lobby_ = &lobby; }

  Expected<Json> check_table(const std::string& game, const Json& options, int seats) override;
  Expected<OpenedTable> create_table(const TableRequest& request) override;
  void hold_seats(const std::string& room_id, const std::vector<HeldSeat>& seats) override;
  void start_table(const std::string& room_id) override;
  bool table_exists(const std::string& room_id) override;
  std::optional<TableOutcome> ended_match(const std::string& room_id) override;

 private:
  store::Store& store_;
  Lobby* lobby_ = nullptr;
};

// Queues Store::event_saved. In a cluster, `first_saved` hears of each event the first
// time this server saves it (it was created here, or taken back): the node publishes it
// as its own (server/cluster/event_registry.hpp; a claim of an owned event is a no-op).
class StoreEventSaver : public EventSaver {
 public:
  explicit StoreEventSaver(store::Store& store) : store_(store) {}
  void save(const std::string& event_id, const std::string& state) override;
  // Set before any event is saved.
  void on_first_save(std::function<void(const std::string&)> first_saved) {
    first_saved_ = std::move(first_saved);
  }

 private:
  store::Store& store_;
  std::function<void(const std::string&)> first_saved_;
  std::set<std::string> saved_;  // the service calls save() under its lock: no other lock
};

// Runs a callback after a delay on `ioc` (the service's timers).
EventTimer io_timer(boost::asio::io_context& ioc);

}  // namespace events
}  // namespace parlor::server
