#include "server/cluster/cluster_schema.hpp"

#include "server/store/postgres/pg_connection.hpp"

namespace parlor::server::cluster {

namespace {

// node states: alive (heartbeating, owns rooms), draining (SIGTERM: finishing its rooms'
// last writes before handing them over), left (handed over: its rooms are free to take),
// dead (declared by a survivor after its heartbeat went stale: fenced for good).
constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS cluster_nodes (
  name          text PRIMARY KEY,
  incarnation   bigint NOT NULL,
  url           text NOT NULL,
  state         text NOT NULL CHECK (state IN ('alive', 'draining', 'left', 'dead')),
  started_at    timestamptz NOT NULL DEFAULT now(),
  heartbeat_at  timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS cluster_rooms (
  room_id     text PRIMARY KEY,
  node        text NOT NULL,
  code        text NOT NULL DEFAULT '',
  is_public   boolean NOT NULL DEFAULT false,
  game        text NOT NULL DEFAULT '',
  listing     text NOT NULL DEFAULT '{}',
  players     text[] NOT NULL DEFAULT '{}',
  settings    text NOT NULL DEFAULT '{}',
  has_match   boolean NOT NULL DEFAULT false,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS cluster_rooms_by_node ON cluster_rooms (node);
CREATE INDEX IF NOT EXISTS cluster_rooms_by_code ON cluster_rooms (code);
-- Which node drives each club night (server/events/): written once by the node that
-- creates it (or, at start-up, claims an event of its own no row names yet), and moved
-- only by a takeover, with the event's tables (event_registry.hpp).
CREATE TABLE IF NOT EXISTS cluster_events (
  event_id    text PRIMARY KEY,
  node        text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS cluster_events_by_node ON cluster_events (node);
CREATE OR REPLACE FUNCTION parlor_fence(node_name text, node_incarnation bigint)
RETURNS void LANGUAGE plpgsql AS $fence$
BEGIN
  PERFORM 1 FROM cluster_nodes
   WHERE name = node_name AND incarnation = node_incarnation
     AND state IN ('alive', 'draining')
     FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'node % (incarnation %) no longer owns its rooms', node_name, node_incarnation
      USING ERRCODE = 'PRLF1';
  END IF;
END
$fence$;
)sql";

}  // namespace

void create_cluster_schema(store::pg::Connection& connection) {
  store::pg::Transaction transaction(connection);
  connection.exec("SET LOCAL client_min_messages = warning");  // "already exists, skipping"
  connection.exec("SELECT pg_advisory_xact_lock(" + std::to_string(kOwnershipLock) + ")");
  connection.exec(kSchema);
  transaction.commit();
}

}  // namespace parlor::server::cluster
