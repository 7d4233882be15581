#include "server/cluster/cluster_service.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "server/cluster/cluster_schema.hpp"
#include "server/lobby.hpp"
#include "server/room/recovery.hpp"
#include "server/room/saved_room.hpp"

namespace parlor::server::cluster {

Expected<std::unique_ptr<ClusterService>> ClusterService::join(ClusterOptions options) {
  std::unique_ptr<ClusterService> service(new ClusterService());
  ClusterService* self = service.get();
  ClusterNode::Hooks hooks;
  hooks.rooms_taken = [self](const std::vector<TakenRoom>& rooms) { self->reopen(rooms); };
  hooks.events_taken = [self](const std::vector<std::string>& events) {
    self->read_events(events);
  };
  hooks.fenced = [self] {
    if (self->fenced_) self->fenced_();
  };
  service->node_ = std::make_unique<ClusterNode>(std::move(options), std::move(hooks));
  Expected<std::vector<TakenRoom>> own = service->node_->join();
  if (!own) return own.error();
  service->own_rooms_ = std::move(own.value());
  return service;
}

void ClusterService::guard(store::StoreOptions& options) const {
  options.batch_guard_sql = kFenceStatement;
  options.batch_guard_params = {node_->identity().name,
                                std::to_string(node_->identity().incarnation)};
}

Expected<RecoveryReport> ClusterService::attach(Lobby& lobby, store::Store& store,
                                                std::function<void()> fenced) {
  lobby_ = &lobby;
  store_ = &store;
  fenced_ = std::move(fenced);
  LobbyHooks hooks;
  hooks.room_changed = [this](const protocol::RoomSummary& summary, const RoomSettings& settings) {
    node_->room_changed(room_entry(summary, settings));
  };
  hooks.room_closed = [this](const std::string& room_id) { node_->room_closed(room_id); };
  hooks.other_listings = [this](const std::string& game) { return node_->other_listings(game); };
  lobby.set_hooks(std::move(hooks));
  lobby.set_locator(node_.get());
  lobby.set_taken_elsewhere([this](const std::string& room_id, const std::string& code) {
    return node_->held_elsewhere(room_id, code);
  });
  std::vector<std::string> mine;
  for (const TakenRoom& room : own_rooms_) mine.push_back(room.room_id);
  Expected<RecoveryReport> recovered = recover_rooms(store, lobby, mine);
  if (!recovered) return recovered.error();
  const RecoveryReport& report = recovered.value();
  int waiting = reopen_waiting(own_rooms_);
  spdlog::info(
      "cluster: {} rooms held before the restart; {} matches resumed, {} rooms "
      "reopened without a match",
      mine.size(), report.resumed, waiting);
  return report;
}

// Before any room is reopened: the taken events' states, or the takeover is postponed
// (an event taken without its state would be lost).
void ClusterService::read_events(const std::vector<std::string>& event_ids) {
  Expected<std::vector<store::EventRow>> saved = store_->load_events();
  if (!saved) throw TakeoverPostponed("club nights unreadable: " + saved.error().message);
  taken_events_.clear();
  for (const store::EventRow& row : *saved) {
    if (std::find(event_ids.begin(), event_ids.end(), row.event_id) != event_ids.end()) {
      taken_events_.push_back(row.state);
    }
  }
}

void ClusterService::reopen(const std::vector<TakenRoom>& rooms) {
  std::vector<std::string> events = std::move(taken_events_);
  taken_events_.clear();
  if (!rooms.empty()) reopen_rooms(rooms);
  // After their tables: a table's room is there to be found (EventService::resume).
  if (!events.empty() && resume_events_) resume_events_(events);
}

void ClusterService::reopen_rooms(const std::vector<TakenRoom>& rooms) {
  std::vector<std::string> taken;
  for (const TakenRoom& room : rooms) taken.push_back(room.room_id);
  // Only the journals of the rooms taken: the other nodes' live matches stay unread.
  // Unread, a room with a live match would reopen waiting and its match be lost.
  Expected<RecoveryReport> recovered = recover_rooms(*store_, *lobby_, taken);
  if (!recovered) throw TakeoverPostponed(recovered.error().message);
  const RecoveryReport& report = recovered.value();
  int waiting = reopen_waiting(rooms);
  spdlog::info(
      "cluster: took {} rooms; {} matches resumed, {} finished, {} aborted, {} rooms "
      "reopened without a match",
      rooms.size(), report.resumed, report.finished, report.aborted, waiting);
}

// Rooms whose match had not started (or had just ended) come back from their settings,
// with the same seats: the players find their table waiting for them.
int ClusterService::reopen_waiting(const std::vector<TakenRoom>& rooms) {
  int reopened = 0;
  for (const TakenRoom& taken : rooms) {
    if (lobby_->find_room(taken.room_id)) continue;  // its match was resumed
    Expected<SavedRoom> saved = saved_room_from_text(
        taken.settings, [this](const std::string& name) { return lobby_->find_game(name); });
    if (!saved) {
      spdlog::warn("cluster: room {} cannot be reopened: {}", taken.room_id, saved.error().message);
      continue;
    }
    if (server::reopen_waiting(*lobby_, std::move(saved.value()))) ++reopened;
  }
  return reopened;
}

RoomEntry room_entry(const protocol::RoomSummary& summary, const RoomSettings& settings) {
  RoomEntry entry;
  entry.room_id = summary.id;
  entry.code = summary.code;
  entry.game = summary.game;
  entry.is_public = summary.is_public;
  entry.listing = protocol::room_listing_json(summary).dump();
  for (const protocol::SeatSummary& seat : summary.seats) {
    if (seat.kind == protocol::SeatKind::kHuman && !seat.player_id.empty()) {
      entry.players.push_back(seat.player_id);
    }
  }
  // Enough to reopen the room without its match: the settings, who sits where, and how
  // many matches it started.
  entry.settings = saved_room_text(summary, settings);
  entry.has_match = summary.status == protocol::RoomStatus::kPlaying;
  return entry;
}

}  // namespace parlor::server::cluster
