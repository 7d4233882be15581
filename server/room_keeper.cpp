#include "server/room_keeper.hpp"

#include "server/room/saved_room.hpp"
#include "server/store/time_format.hpp"

namespace parlor::server {

LobbyHooks RoomKeeper::hooks() {
  LobbyHooks hooks;
  hooks.room_changed = [this](const protocol::RoomSummary& summary, const RoomSettings& settings) {
    changed(summary, settings);
  };
  hooks.room_closed = [this](const std::string& room_id) { closed(room_id); };
  return hooks;
}

void RoomKeeper::changed(const protocol::RoomSummary& summary, const RoomSettings& settings) {
  std::string text = saved_room_text(summary, settings);
  std::lock_guard lock(mutex_);
  std::string& last = saved_[summary.id];
  if (last == text) return;
  last = text;
  store_.room_saved(summary.id, text, store::now_millis());
}

void RoomKeeper::closed(const std::string& room_id) {
  std::lock_guard lock(mutex_);
  saved_.erase(room_id);
  store_.room_removed(room_id);
}

}  // namespace parlor::server
