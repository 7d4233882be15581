#include "server/cluster/event_registry.hpp"

#include "server/cluster/cluster_schema.hpp"
#include "server/cluster/room_registry.hpp"
#include "server/store/postgres/pg_connection.hpp"

namespace parlor::server::cluster {

using store::pg::Params;
using store::pg::PgError;
using store::pg::Result;
using store::pg::Transaction;

bool EventRegistry::claim(const NodeIdentity& node, const std::vector<std::string>& event_ids) {
  if (event_ids.empty()) return true;
  try {
    Transaction transaction(connection_);
    connection_.exec(kFenceStatement, Params().add(node.name).add(node.incarnation));
    connection_.exec(
        "INSERT INTO cluster_events (event_id, node) SELECT unnest($2::text[]), $1 "
        "ON CONFLICT (event_id) DO NOTHING",
        Params().add(node.name).add(pg_text_array(event_ids)));
    transaction.commit();
    return true;
  } catch (const PgError& error) {
    if (error.fenced()) return false;
    throw;
  }
}

std::vector<std::string> EventRegistry::owned(const NodeIdentity& node) {
  Result rows =
      connection_.exec("SELECT event_id FROM cluster_events WHERE node = $1 ORDER BY event_id",
                       Params().add(node.name));
  std::vector<std::string> ids;
  for (int row = 0; row < rows.rows(); ++row) ids.push_back(rows.string(row, 0));
  return ids;
}

std::optional<EventRegistry::Found> EventRegistry::find(const std::string& event_id) {
  Result rows = connection_.exec(
      "SELECT e.node, coalesce(n.url, ''), coalesce(n.state, ''), "
      "coalesce((extract(epoch FROM now() - n.heartbeat_at) * 1000)::bigint, 0) "
      "FROM cluster_events e LEFT JOIN cluster_nodes n ON n.name = e.node WHERE e.event_id = $1",
      Params().add(event_id));
  if (rows.rows() == 0) return std::nullopt;
  Found found;
  found.node = rows.string(0, 0);
  found.url = rows.string(0, 1);
  found.heartbeat_age_ms = rows.int64(0, 3);
  found.node_alive = rows.string(0, 2) == "alive" && found.heartbeat_age_ms < lease_.count();
  return found;
}

}  // namespace parlor::server::cluster
