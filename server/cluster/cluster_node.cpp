#include "server/cluster/cluster_node.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "server/cluster/cluster_schema.hpp"
#include "server/cluster/event_registry.hpp"
#include "server/store/postgres/pg_connection.hpp"

namespace parlor::server::cluster {

using store::pg::Connection;
using store::pg::PgError;

ClusterNode::ClusterNode(ClusterOptions options, Hooks hooks)
    : options_(std::move(options)), hooks_(std::move(hooks)) {
  if (options_.locate_patience.count() == 0) options_.locate_patience = 2 * options_.lease;
}

ClusterNode::~ClusterNode() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  for (Lookup& lookup : lookups_) lookup.reply({});
}

Expected<std::vector<TakenRoom>> ClusterNode::join() {
  try {
    connection_ = std::make_unique<Connection>(Connection::connect(options_.database));
    create_cluster_schema(*connection_);
    NodeLease lease(*connection_, options_.lease);
    Expected<NodeIdentity> claimed = lease.claim(options_.node, options_.url);
    if (!claimed) return claimed.error();
    identity_ = claimed.value();
    spdlog::info("cluster: node {} joined (incarnation {}), reachable at {}", identity_.name,
                 identity_.incarnation, options_.url);
    refresh_snapshot();  // new ids and codes avoid the others' from the first room on
    return RoomRegistry(*connection_, options_.lease).own_rooms(identity_);
  } catch (const PgError& error) {
    return Error{"cluster_db_failed", std::string("cluster: ") + error.what()};
  }
}

Expected<std::vector<std::string>> ClusterNode::own_events(
    const std::vector<std::string>& candidates) {
  try {
    EventRegistry events(*connection_, options_.lease);
    if (!events.claim(identity_, candidates)) {
      return Error{"node_fenced", "cluster: this node was declared dead while starting"};
    }
    return events.owned(identity_);
  } catch (const PgError& error) {
    return Error{"cluster_db_failed", std::string("cluster: ") + error.what()};
  }
}

void ClusterNode::event_created(const std::string& event_id) {
  {
    std::lock_guard lock(mutex_);
    created_events_.push_back(event_id);
  }
  wake_.notify_all();
}

void ClusterNode::start() {
  thread_ = std::thread([this] { run(); });
}

void ClusterNode::run() {
  using Clock = std::chrono::steady_clock;
  constexpr std::chrono::milliseconds kLookupPoll{50};
  Clock::time_point next_tick = Clock::now();
  std::unique_lock lock(mutex_);
  while (!stopping_ && !fenced_) {
    lock.unlock();
    if (Clock::now() >= next_tick) {
      tick();
      next_tick = Clock::now() + options_.tick;
    } else {
      serve_between_ticks();
    }
    lock.lock();
    // Woken early by a new room, a closed one or a lookup; lookups still waiting for a
    // room (being taken over, or not yet published) are asked again every 50 ms.
    auto until = lookups_.empty() ? next_tick : std::min(next_tick, Clock::now() + kLookupPoll);
    const std::size_t waiting = lookups_.size();  // these are asked again at `until`
    wake_.wait_until(lock, until, [this, waiting] {
      return stopping_ || !changed_.empty() || !closed_.empty() || !created_events_.empty() ||
             lookups_.size() > waiting || (draining_ && !draining_published_);
    });
    if (stopping_) break;
    // A short pause gathers a burst of changes into one statement.
    wake_.wait_for(lock, std::chrono::milliseconds(10), [this] { return stopping_; });
  }
}

void ClusterNode::serve_between_ticks() {
  try {
    if (!connection_ || !connection_->open()) return;  // the next tick reconnects
    publish_draining();
    publish_changes();
    answer_lookups();
  } catch (const PgError&) {
    // The next tick reports and retries.
  }
}

void ClusterNode::tick() {
  try {
    if (!connection_ || !connection_->open()) reconnect();
    if (!NodeLease(*connection_, options_.lease).heartbeat(identity_)) {
      stand_down();
      return;
    }
    if (outage_logged_) may_take_over_at_ = std::chrono::steady_clock::now() + options_.lease;
    publish_draining();
    publish_changes();
    if (!draining() && std::chrono::steady_clock::now() >= may_take_over_at_) take_over();
    refresh_snapshot();
    answer_lookups();
    if (outage_logged_) spdlog::info("cluster: the database answers again");
    outage_logged_ = false;
  } catch (const PgError& error) {
    std::lock_guard lock(mutex_);
    ++stats_.heartbeats_failed;
    if (!outage_logged_) spdlog::warn("cluster: cannot reach the database: {}", error.what());
    outage_logged_ = true;
  }
}

bool ClusterNode::draining() const {
  std::lock_guard lock(mutex_);
  return draining_;
}

void ClusterNode::publish_draining() {
  if (draining_published_ || !draining()) return;
  if (!NodeLease(*connection_, options_.lease).set_state(identity_, "draining")) {
    stand_down();  // no longer this incarnation's to hand over
    return;
  }
  draining_published_ = true;
  spdlog::info("cluster: node {} is draining; the others hold its rooms' clients until they move",
               identity_.name);
}

void ClusterNode::reconnect() {
  connection_.reset();
  connection_ = std::make_unique<Connection>(Connection::connect(options_.database));
}

void ClusterNode::stand_down() {
  {
    std::lock_guard lock(mutex_);
    if (fenced_) return;
    fenced_ = true;
    stats_.fenced = true;
  }
  spdlog::error(
      "cluster: node {} incarnation {} was declared dead by the others (a pause or a lost "
      "network): it no longer owns its rooms and stands down",
      identity_.name, identity_.incarnation);
  if (hooks_.fenced) hooks_.fenced();
}

void ClusterNode::publish_changes() {
  std::vector<RoomEntry> changed;
  std::vector<std::string> closed;
  std::vector<std::string> events;
  {
    std::lock_guard lock(mutex_);
    for (auto& [id, entry] : changed_) changed.push_back(std::move(entry));
    closed.assign(closed_.begin(), closed_.end());
    events.swap(created_events_);
    changed_.clear();
    closed_.clear();
  }
  RoomRegistry registry(*connection_, options_.lease);
  try {
    // The events first: a client sent here for an event's table may ask for the event.
    if (!EventRegistry(*connection_, options_.lease).claim(identity_, events) ||
        !registry.publish(identity_, changed) || !registry.close(identity_, closed)) {
      stand_down();
    }
  } catch (const PgError&) {
    // Not written: put them back (a newer change of the same room wins).
    std::lock_guard lock(mutex_);
    created_events_.insert(created_events_.end(), events.begin(), events.end());
    for (RoomEntry& entry : changed) changed_.try_emplace(entry.room_id, std::move(entry));
    for (std::string& id : closed) {
      if (!changed_.count(id)) closed_.insert(std::move(id));
    }
    throw;
  }
}

void ClusterNode::take_over() {
  bool reopened = false;
  try {
    std::vector<TakenRoom> taken =
        RoomRegistry(*connection_, options_.lease)
            .take_orphans(
                identity_,
                [&](const std::vector<TakenRoom>& rooms) {
                  spdlog::info("cluster: taking {} rooms of departed nodes", rooms.size());
                  reopened = true;
                  if (hooks_.rooms_taken) hooks_.rooms_taken(rooms);
                },
                [&](const std::vector<std::string>& events) {
                  spdlog::info("cluster: taking {} club nights of departed nodes", events.size());
                  if (hooks_.events_taken) hooks_.events_taken(events);
                });
    std::lock_guard lock(mutex_);
    stats_.rooms_taken += taken.size();
  } catch (const TakeoverPostponed& postponed) {
    // Nothing reopened, the transaction rolled back: the next tick takes them.
    spdlog::warn("cluster: takeover postponed: {}", postponed.what());
  } catch (const PgError& error) {
    // Rooms reopened here but their transaction failed: another node may take them too,
    // so this node cannot stay as their owner.
    if (reopened || error.fenced()) {
      spdlog::error("cluster: a takeover failed after its rooms were reopened: {}", error.what());
      stand_down();
      return;
    }
    throw;
  }
}

void ClusterNode::refresh_snapshot() {
  std::vector<RoomPlace> places = RoomRegistry(*connection_, options_.lease).snapshot();
  std::vector<RoomPlace> others;
  for (RoomPlace& place : places) {
    if (place.node != identity_.name) others.push_back(std::move(place));
  }
  std::lock_guard lock(mutex_);
  others_ = std::move(others);
  other_by_id_.clear();
  for (std::size_t i = 0; i < others_.size(); ++i) other_by_id_[others_[i].entry.room_id] = i;
  stats_.other_rooms = others_.size();
}

void ClusterNode::answer_lookups() {
  std::vector<Lookup> lookups;
  {
    std::lock_guard lock(mutex_);
    lookups.swap(lookups_);
  }
  std::vector<Lookup> waiting;
  for (Lookup& lookup : lookups) {
    std::optional<RoomLocation> location = answer(lookup);
    if (location) {
      spdlog::debug("cluster: lookup room '{}' code '{}' player '{}': {} on {}", lookup.room_id,
                    lookup.code, lookup.player_id, static_cast<int>(location->where),
                    location->node);
      lookup.reply(std::move(*location));
    } else if (std::chrono::steady_clock::now() >= lookup.deadline) {
      lookup.reply({});
    } else {
      waiting.push_back(std::move(lookup));
    }
  }
  std::lock_guard lock(mutex_);
  for (Lookup& lookup : waiting) lookups_.push_back(std::move(lookup));
}

// Nothing yet when the room's node is dead, stale or draining: a survivor (perhaps this
// node) is about to take it, and the client is better answered then than told "no such
// room" or sent to a node that no longer takes clients. A draining node stops its rooms
// and leaves within seconds; however long that takes, the lookup waits until a lease
// after the node was last seen draining, past its own patience.
std::optional<RoomLocation> ClusterNode::answer(Lookup& lookup) {
  if (!lookup.event_id.empty()) return answer_event(lookup);
  auto found = RoomRegistry(*connection_, options_.lease)
                   .find(lookup.room_id, lookup.code, lookup.player_id);
  if (!found) {
    if (std::chrono::steady_clock::now() >= lookup.unknown_after) return RoomLocation{};
    return std::nullopt;
  }
  RoomLocation location;
  location.room_id = found->place.entry.room_id;
  location.node = found->place.node;
  location.url = found->place.url;
  if (found->place.node == identity_.name) {
    location.where = RoomLocation::Where::kLocal;
    return location;
  }
  const auto now = std::chrono::steady_clock::now();
  if (found->node_draining) lookup.deadline = std::max(lookup.deadline, now + options_.lease);
  if (!found->node_alive) return std::nullopt;
  // A holder that has missed two heartbeats is more likely dead or paused than slow: the
  // client waits here until its lease runs out and a survivor has taken the room (or it
  // heartbeats again), rather than be sent to a node that cannot answer and back off.
  // Near the lookup's deadline a live holder is named anyway: never "no such room".
  if (std::chrono::milliseconds(found->heartbeat_age_ms) > 2 * options_.tick &&
      now < lookup.deadline - options_.tick) {
    return std::nullopt;
  }
  location.where = RoomLocation::Where::kElsewhere;
  return location;
}

// An event's owner, as a room's holder is answered: nothing yet while the owner is dead
// or stale (a survivor is about to take it); an unknown event only after a second (a row
// a node published a moment ago).
std::optional<RoomLocation> ClusterNode::answer_event(Lookup& lookup) {
  auto found = EventRegistry(*connection_, options_.lease).find(lookup.event_id);
  if (!found) {
    if (std::chrono::steady_clock::now() >= lookup.unknown_after) return RoomLocation{};
    return std::nullopt;
  }
  RoomLocation location;
  location.event_id = lookup.event_id;
  location.node = found->node;
  location.url = found->url;
  if (found->node == identity_.name) {
    location.where = RoomLocation::Where::kLocal;
    return location;
  }
  if (!found->node_alive) return std::nullopt;
  location.where = RoomLocation::Where::kElsewhere;
  return location;
}

void ClusterNode::locate(Lookup lookup) {
  std::optional<RoomLocation> now;  // answered from the snapshot, replied outside the lock
  {
    std::lock_guard lock(mutex_);
    auto it = lookup.room_id.empty() ? other_by_id_.end() : other_by_id_.find(lookup.room_id);
    if (it != other_by_id_.end()) {
      const RoomPlace& place = others_[it->second];
      now = RoomLocation{RoomLocation::Where::kElsewhere, place.entry.room_id, place.node,
                         place.url, ""};
    } else if (stopping_ || fenced_) {
      now = RoomLocation{};
    } else {
      lookup.deadline = std::chrono::steady_clock::now() + options_.locate_patience;
      // A player's seat is published with the room it is in: no grace (a hello without a
      // seat anywhere must not wait).
      lookup.unknown_after =
          std::chrono::steady_clock::now() +
          (lookup.player_id.empty() ? std::chrono::seconds(1) : std::chrono::seconds(0));
      lookups_.push_back(std::move(lookup));
    }
  }
  if (now) {
    lookup.reply(std::move(*now));
  } else {
    wake_.notify_all();
  }
}

void ClusterNode::locate_room(const std::string& room_id, Reply reply) {
  locate(Lookup{room_id, "", "", "", std::move(reply), {}, {}});
}
void ClusterNode::locate_code(const std::string& code, Reply reply) {
  locate(Lookup{"", code, "", "", std::move(reply), {}, {}});
}
void ClusterNode::locate_seat(const std::string& player_id, Reply reply) {
  locate(Lookup{"", "", player_id, "", std::move(reply), {}, {}});
}
void ClusterNode::locate_event(const std::string& event_id, Reply reply) {
  locate(Lookup{"", "", "", event_id, std::move(reply), {}, {}});
}

void ClusterNode::room_changed(RoomEntry entry) {
  {
    std::lock_guard lock(mutex_);
    closed_.erase(entry.room_id);
    std::string id = entry.room_id;
    changed_[id] = std::move(entry);
  }
  wake_.notify_all();
}

void ClusterNode::room_closed(const std::string& room_id) {
  {
    std::lock_guard lock(mutex_);
    changed_.erase(room_id);
    closed_.insert(room_id);
  }
  wake_.notify_all();
}

bool ClusterNode::held_elsewhere(const std::string& room_id, const std::string& code) const {
  std::lock_guard lock(mutex_);
  if (!room_id.empty() && other_by_id_.contains(room_id)) return true;
  return !code.empty() && std::any_of(others_.begin(), others_.end(), [&](const RoomPlace& place) {
    return place.entry.code == code;
  });
}

std::vector<std::string> ClusterNode::other_listings(const std::string& game) const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> listings;
  for (const RoomPlace& place : others_) {
    if (place.entry.is_public && (game.empty() || place.entry.game == game)) {
      listings.push_back(place.entry.listing);
    }
  }
  return listings;
}

void ClusterNode::drain() {
  {
    std::lock_guard lock(mutex_);
    draining_ = true;
  }
  wake_.notify_all();
}

void ClusterNode::leave() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    draining_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  try {
    if (!connection_ || !connection_->open()) reconnect();
    publish_changes();
    if (NodeLease(*connection_, options_.lease).set_state(identity_, "left")) {
      spdlog::info("cluster: node {} left; the others take its rooms", identity_.name);
    }
  } catch (const PgError& error) {
    spdlog::warn(
        "cluster: could not mark node {} as left ({}); the others take its rooms once "
        "its lease runs out",
        identity_.name, error.what());
  }
}

ClusterNode::Stats ClusterNode::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

}  // namespace parlor::server::cluster
