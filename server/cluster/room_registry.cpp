#include "server/cluster/room_registry.hpp"

#include <nlohmann/json.hpp>

#include "server/cluster/cluster_schema.hpp"
#include "server/store/postgres/pg_connection.hpp"

namespace parlor::server::cluster {

using store::pg::Params;
using store::pg::PgError;
using store::pg::Result;
using store::pg::Transaction;

namespace {

constexpr const char* kPlaceColumns =
    "r.room_id, r.code, r.game, r.is_public, r.listing, to_json(r.players)::text, r.settings, "
    "r.has_match, r.node, coalesce(n.url, '')";

RoomPlace place_at(const Result& rows, int row) {
  RoomPlace place;
  place.entry.room_id = rows.string(row, 0);
  place.entry.code = rows.string(row, 1);
  place.entry.game = rows.string(row, 2);
  place.entry.is_public = rows.boolean(row, 3);
  place.entry.listing = rows.string(row, 4);
  for (const auto& id : nlohmann::json::parse(rows.text(row, 5))) {
    place.entry.players.push_back(id.get<std::string>());
  }
  place.entry.settings = rows.string(row, 6);
  place.entry.has_match = rows.boolean(row, 7);
  place.node = rows.string(row, 8);
  place.url = rows.string(row, 9);
  return place;
}

std::vector<TakenRoom> taken_at(const Result& rows) {
  std::vector<TakenRoom> rooms;
  for (int row = 0; row < rows.rows(); ++row) {
    rooms.push_back(
        {rows.string(row, 0), rows.string(row, 1), rows.string(row, 2), rows.boolean(row, 3)});
  }
  return rooms;
}

// A room (alias r) or an event (alias e) whose node is gone: dead, left, or no row.
constexpr const char* kOrphanRoom =
    "LEFT JOIN cluster_nodes n ON n.name = r.node WHERE (n.name IS NULL OR n.state IN ('dead', "
    "'left'))";
constexpr const char* kOrphanEvent =
    "LEFT JOIN cluster_nodes n ON n.name = e.node WHERE (n.name IS NULL OR n.state IN ('dead', "
    "'left'))";
// The event a room is a table of ("" for none), from its saved settings (saved_room.hpp).
constexpr const char* kRoomEvent = "coalesce(r.settings::jsonb #>> '{room,event}', '')";
// After kOrphanRoom: the room is no table of an event that is itself orphaned.
inline const std::string kNotAnOrphanEventsTable =
    std::string(
        " AND NOT EXISTS (SELECT 1 FROM cluster_events e LEFT JOIN cluster_nodes en ON "
        "en.name = e.node WHERE e.event_id = ") +
    kRoomEvent + " AND (en.name IS NULL OR en.state IN ('dead', 'left')))";

void fence(store::pg::Connection& connection, const NodeIdentity& node) {
  connection.exec(kFenceStatement, Params().add(node.name).add(node.incarnation));
}

}  // namespace

std::string pg_text_array(const std::vector<std::string>& values) {
  return store::pg::text_array(values);
}

bool RoomRegistry::publish(const NodeIdentity& node, const std::vector<RoomEntry>& rooms) {
  if (rooms.empty()) return true;
  nlohmann::json rows = nlohmann::json::array();
  for (const RoomEntry& room : rooms) {
    rows.push_back({{"room_id", room.room_id},
                    {"code", room.code},
                    {"game", room.game},
                    {"is_public", room.is_public},
                    {"listing", room.listing},
                    {"players", room.players},
                    {"settings", room.settings},
                    {"has_match", room.has_match}});
  }
  try {
    Transaction transaction(connection_);
    fence(connection_, node);
    connection_.exec(
        "INSERT INTO cluster_rooms (room_id, node, code, game, is_public, listing, players, "
        "settings, has_match, updated_at) "
        "SELECT r.room_id, $1, r.code, r.game, r.is_public, r.listing, r.players, r.settings, "
        "r.has_match, now() FROM jsonb_to_recordset($2::jsonb) AS r(room_id text, code text, "
        "game text, is_public boolean, listing text, players text[], settings text, "
        "has_match boolean) "
        "ON CONFLICT (room_id) DO UPDATE SET code = EXCLUDED.code, game = EXCLUDED.game, "
        "is_public = EXCLUDED.is_public, listing = EXCLUDED.listing, players = EXCLUDED.players, "
        "settings = EXCLUDED.settings, has_match = EXCLUDED.has_match, updated_at = now() "
        "WHERE cluster_rooms.node = $1",
        Params().add(node.name).add(rows.dump()));
    transaction.commit();
    return true;
  } catch (const PgError& error) {
    if (error.fenced()) return false;
    throw;
  }
}

bool RoomRegistry::close(const NodeIdentity& node, const std::vector<std::string>& room_ids) {
  if (room_ids.empty()) return true;
  try {
    Transaction transaction(connection_);
    fence(connection_, node);
    connection_.exec("DELETE FROM cluster_rooms WHERE node = $1 AND room_id = ANY($2::text[])",
                     Params().add(node.name).add(pg_text_array(room_ids)));
    transaction.commit();
    return true;
  } catch (const PgError& error) {
    if (error.fenced()) return false;
    throw;
  }
}

std::vector<RoomPlace> RoomRegistry::snapshot() {
  Result rows = connection_.exec(
      std::string("SELECT ") + kPlaceColumns +
          " FROM cluster_rooms r JOIN cluster_nodes n ON n.name = r.node "
          "WHERE n.state = 'alive' AND n.heartbeat_at > now() - $1 * interval '1 ms' "
          "ORDER BY r.room_id",
      Params().add(lease_.count()));
  std::vector<RoomPlace> places;
  places.reserve(rows.rows());
  for (int row = 0; row < rows.rows(); ++row) places.push_back(place_at(rows, row));
  return places;
}

std::optional<RoomRegistry::Found> RoomRegistry::find(const std::string& room_id,
                                                      const std::string& code,
                                                      const std::string& player_id) {
  Result rows = connection_.exec(
      std::string("SELECT ") + kPlaceColumns +
          ", coalesce(n.state, ''), "
          "coalesce((extract(epoch FROM now() - n.heartbeat_at) * 1000)::bigint, 0) "
          "FROM cluster_rooms r LEFT JOIN cluster_nodes n ON n.name = r.node "
          "WHERE ($1 <> '' AND r.room_id = $1) OR ($2 <> '' AND r.code = $2) "
          "OR ($3 <> '' AND $3 = ANY(r.players)) ORDER BY r.updated_at DESC LIMIT 1",
      Params().add(room_id).add(code).add(player_id));
  if (rows.rows() == 0) return std::nullopt;
  // Alive and draining both hold only with a heartbeat within the lease: one rule, here.
  Found found{place_at(rows, 0)};
  const std::string state = rows.string(0, 10);
  found.heartbeat_age_ms = rows.int64(0, 11);
  const bool fresh = found.heartbeat_age_ms < lease_.count();
  found.node_alive = fresh && state == "alive";
  found.node_draining = fresh && state == "draining";
  return found;
}

std::vector<TakenRoom> RoomRegistry::own_rooms(const NodeIdentity& node) {
  return taken_at(connection_.exec(
      "SELECT room_id, node, settings, has_match FROM cluster_rooms WHERE node = $1 "
      "ORDER BY room_id",
      Params().add(node.name)));
}

std::vector<TakenRoom> RoomRegistry::take_orphans(
    const NodeIdentity& node, const std::function<void(const std::vector<TakenRoom>&)>& reopen,
    const std::function<void(const std::vector<std::string>&)>& events_taken) {
  Transaction transaction(connection_);
  connection_.exec("SELECT pg_advisory_xact_lock(" + std::to_string(kOwnershipLock) + ")");
  // A stale heartbeat: the node is dead. The UPDATE waits for any write batch that
  // already passed that node's fence (it holds a share lock on the row) to commit.
  connection_.exec(
      "UPDATE cluster_nodes SET state = 'dead' WHERE state IN ('alive', 'draining') "
      "AND name <> $1 AND heartbeat_at < now() - $2 * interval '1 ms'",
      Params().add(node.name).add(lease_.count()));
  Result orphans = connection_.exec(std::string("SELECT count(*) FROM cluster_rooms r ") +
                                    kOrphanRoom + kNotAnOrphanEventsTable);
  Result orphan_events =
      connection_.exec(std::string("SELECT count(*) FROM cluster_events e ") + kOrphanEvent);
  const std::int64_t orphan_count = orphans.int64(0, 0);
  const std::int64_t orphan_event_count = orphan_events.int64(0, 0);
  if (orphan_count == 0 && orphan_event_count == 0) {
    transaction.commit();  // keeps the dead marks
    return {};
  }
  Result alive = connection_.exec(
      "SELECT count(*) FROM cluster_nodes WHERE state = 'alive' AND heartbeat_at > now() - $1 * "
      "interval '1 ms'",
      Params().add(lease_.count()));
  const std::int64_t survivors = std::max<std::int64_t>(1, alive.int64(0, 0));
  // The events first: each comes with all its tables, whatever the rooms' share.
  Result event_rows =
      connection_.exec(std::string("SELECT e.event_id FROM cluster_events e ") + kOrphanEvent +
                           " ORDER BY e.event_id LIMIT $1 FOR UPDATE OF e SKIP LOCKED",
                       Params().add((orphan_event_count + survivors - 1) / survivors));
  std::vector<std::string> events;
  for (int row = 0; row < event_rows.rows(); ++row) events.push_back(event_rows.string(row, 0));
  std::vector<TakenRoom> taken;
  if (!events.empty()) {
    taken = taken_at(connection_.exec(
        std::string("SELECT r.room_id, r.node, r.settings, r.has_match FROM cluster_rooms r ") +
            kOrphanRoom + " AND " + kRoomEvent + " = ANY($1::text[]) ORDER BY r.room_id " +
            "FOR UPDATE OF r",
        Params().add(pg_text_array(events))));
  }
  // Then a fair share of the rooms of no orphaned event (an orphaned event's rooms go
  // with it, to whichever survivor takes it).
  std::vector<TakenRoom> share = taken_at(connection_.exec(
      std::string("SELECT r.room_id, r.node, r.settings, r.has_match FROM cluster_rooms r ") +
          kOrphanRoom + kNotAnOrphanEventsTable + " ORDER BY r.room_id LIMIT $1 " +
          "FOR UPDATE OF r SKIP LOCKED",
      Params().add((orphan_count + survivors - 1) / survivors)));
  taken.insert(taken.end(), share.begin(), share.end());
  if (taken.empty() && events.empty()) {
    transaction.commit();
    return {};
  }
  std::vector<std::string> ids;
  for (const TakenRoom& room : taken) ids.push_back(room.room_id);
  connection_.exec(
      "UPDATE cluster_rooms SET node = $1, updated_at = now() WHERE room_id = ANY($2::text[])",
      Params().add(node.name).add(pg_text_array(ids)));
  connection_.exec(
      "UPDATE cluster_events SET node = $1, updated_at = now() WHERE event_id = ANY($2::text[])",
      Params().add(node.name).add(pg_text_array(events)));
  fence(connection_, node);
  if (events_taken && !events.empty()) events_taken(events);
  reopen(taken);
  transaction.commit();
  return taken;
}

}  // namespace parlor::server::cluster
