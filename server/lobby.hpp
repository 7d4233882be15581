// The room directory every connection shares (Beast's chat example calls it
// shared_state): the games, the players, the rooms by id and by join code, their latest
// summaries, and which rooms each player sits in. Who may connect is the
// ConnectionGate's (connection_gate.hpp); the store's reads go to the HTTP side directly
// (server_context.hpp).
//
// One mutex guards the maps; it is never held during I/O or while calling into a room
// (rooms run on their own strands and are only ever posted to).
#pragma once

#include <boost/asio/io_context.hpp>

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/core/game.hpp"
#include "server/cluster/room_locator.hpp"
#include "server/config.hpp"
#include "server/metrics.hpp"
#include "server/players/players.hpp"
#include "server/room/match_journal.hpp"
#include "server/room/room.hpp"

namespace parlor::server {

namespace events {
class EventService;
}

struct CreateRoomRequest {
  std::string game;
  Json options;
  int seats = 0;
  bool is_public = true;
  bool rated = true;  // finished matches update the humans' ratings (a casual room: false)
  std::optional<int> turn_seconds;
  std::optional<int> bot_delay_ms;
  std::optional<int> bot_budget_ms;
  // A club night's table (server/events/): RoomSettings::event_id and first_seed_hex.
  std::string event_id;
  std::string first_seed_hex;
};

// What a cluster (server/cluster/) needs to hear from the lobby: every change to this
// node's rooms, to publish them; and the public rooms other nodes hold, for the list.
struct LobbyHooks {
  std::function<void(const protocol::RoomSummary& summary, const RoomSettings& settings)>
      room_changed;
  std::function<void(const std::string& room_id)> room_closed;
  std::function<std::vector<std::string>(const std::string& game)> other_listings;  // JSON texts
};

class Lobby : public RoomDirectory {
 public:
  Lobby(boost::asio::io_context& ioc, const ServerConfig& config,
        std::vector<const GameDefinition*> games, MatchJournal& journal, Metrics& metrics);

  const ServerConfig& config() const { return config_; }
  Metrics& metrics() const { return metrics_; }
  Players& players() { return players_; }
  const std::vector<const GameDefinition*>& games() const { return games_; }

  // ---- Cluster (docs/operators.md); a single node keeps the NullRoomLocator. ----
  // Where rooms this node does not hold are. Set before the listener opens.
  void set_locator(cluster::RoomLocator* locator) { locator_ = locator ? locator : &null_locator_; }
  cluster::RoomLocator& locator() const { return *locator_; }
  // Whether another node holds a room with this id or this code (one of the two is
  // empty): new ids and codes avoid them (a node restarted after its rooms were taken
  // over must not mint "R3-node2" again). Called with the lobby's lock held: it must not
  // call back into the lobby. Set before the listener opens.
  using TakenElsewhere = std::function<bool(const std::string& room_id, const std::string& code)>;
  void set_taken_elsewhere(TakenElsewhere taken) { taken_elsewhere_ = std::move(taken); }
  // Where every room's bots think (null: on the rooms' strands). Set before the listener
  // opens; it must outlive the io_context's handlers (server.cpp).
  void set_bot_thinker(BotThinker* thinker) { thinker_ = thinker; }
  // The club nights (server/events/), or null. Set before the listener opens.
  void set_events(events::EventService* events) { events_ = events; }
  events::EventService* events() const { return events_; }
  const GameDefinition* find_game(const std::string& name) const;
  Json describe_games() const;

  // Validates through the engine and creates the room (not yet opened); the player
  // creating it is its host.
  Expected<std::shared_ptr<Room>> create_room(const CreateRoomRequest& request,
                                              const std::string& host_player_id);
  std::shared_ptr<Room> find_room(const std::string& id) const;
  std::shared_ptr<Room> find_by_code(const std::string& code) const;
  // Public rooms, optionally of one game: each room's latest summary.
  Json list_rooms(const std::string& game_filter) const;
  // Every room's summary, private ones too (for /metrics).
  Json all_room_summaries() const;
  std::size_t room_count() const;
  std::vector<std::shared_ptr<Room>> rooms_of(const std::string& player_id) const;

  // A room reopened after a restart (server/room/recovery.hpp); null if its id or code is in
  // use. New rooms' ids continue after the highest restored one.
  std::shared_ptr<Room> restore_room(RoomSettings settings);

  // Set before the listener opens (not thread-safe against running rooms).
  void set_hooks(LobbyHooks hooks) { hooks_ = std::move(hooks); }

  // Server shutdown: stops every room's timers; no room is created after it.
  void shutdown();

  // RoomDirectory
  void seat_changed(const std::string& player_id, const std::string& room_id, bool seated) override;
  void publish_summary(protocol::RoomSummary summary) override;
  void room_closed(const std::string& room_id) override;

  // The io_context when a single thread runs it (config().threads == 1), else null. That
  // thread orders everything the connections and rooms do, so they go without strands of
  // their own, and a room hands a connection a message by a call instead of a post.
  boost::asio::io_context* single_thread_io() const {
    return config_.threads == 1 ? &ioc_ : nullptr;
  }

 private:
  // A fresh join code, or nothing when the system's random source failed (a private
  // room's code is its only secret: never a predictable one).
  std::optional<std::string> new_code();
  std::string new_room_id();
  // Where a new room's handlers run, one at a time: a strand of its own, or the
  // single_thread_io(), whose one thread orders them without a strand's lock and queue.
  boost::asio::any_io_executor room_executor();

  boost::asio::io_context& ioc_;
  const ServerConfig& config_;
  std::vector<const GameDefinition*> games_;
  MatchJournal& journal_;
  Metrics& metrics_;
  Players players_;
  std::string id_suffix_;  // "-node2" in a cluster (ids.hpp), "" alone
  cluster::NullRoomLocator null_locator_;
  cluster::RoomLocator* locator_ = &null_locator_;
  TakenElsewhere taken_elsewhere_;
  BotThinker* thinker_ = nullptr;
  events::EventService* events_ = nullptr;

  mutable std::mutex mutex_;
  // Hashed: every request to a room finds it here by its id, and with thousands of rooms
  // a tree's string comparisons were 1.2% of the io thread (perf, 4,990 rooms).
  std::unordered_map<std::string, std::shared_ptr<Room>> rooms_;
  std::unordered_map<std::string, std::string> room_by_code_;
  std::map<std::string, protocol::RoomSummary> summaries_;
  std::unordered_map<std::string, std::set<std::string>> rooms_by_player_;
  long long next_room_ = 1;
  bool shutting_down_ = false;
  LobbyHooks hooks_;
};

}  // namespace parlor::server
