#include "server/room/room_keeper.hpp"

#include <functional>

#include "server/lobby.hpp"
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
  const std::size_t hash = std::hash<std::string>{}(text);
  std::lock_guard lock(mutex_);
  auto [last, first] = saved_.try_emplace(summary.id, hash);
  if (!first && last->second == hash) return;
  last->second = hash;
  store_.room_saved(summary.id, text, store::now_millis());
}

void RoomKeeper::closed(const std::string& room_id) {
  std::lock_guard lock(mutex_);
  saved_.erase(room_id);
  store_.room_removed(room_id);
}

}  // namespace parlor::server
