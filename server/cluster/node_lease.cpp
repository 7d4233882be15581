#include "server/cluster/node_lease.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <thread>

#include "server/cluster/cluster_schema.hpp"
#include "server/store/postgres/pg_connection.hpp"

namespace parlor::server::cluster {

using store::pg::Params;
using store::pg::Result;
using store::pg::Transaction;

namespace {

std::string lock_statement() {
  return "SELECT pg_advisory_xact_lock(" + std::to_string(kOwnershipLock) + ")";
}

}  // namespace

Expected<NodeIdentity> NodeLease::claim(const std::string& name, const std::string& url) {
  const auto give_up = std::chrono::steady_clock::now() + lease_ + std::chrono::milliseconds(500);
  while (true) {
    std::optional<std::int64_t> holder_age_ms;  // none: no live node has the name
    {
      Transaction transaction(connection_);
      connection_.exec(lock_statement());
      Result holder = connection_.exec(
          "SELECT (extract(epoch FROM now() - heartbeat_at) * 1000)::bigint FROM cluster_nodes "
          "WHERE name = $1 AND state IN ('alive', 'draining')",
          Params().add(name));
      // now() is when this transaction began: a heartbeat committed since is newer than
      // it, an age below zero, and the freshest of all (taking it for "no holder" let a
      // second node claim a live one's name on a loaded machine).
      if (holder.rows() > 0) holder_age_ms = std::max<std::int64_t>(0, holder.int64(0, 0));
      if (!holder_age_ms || *holder_age_ms >= lease_.count()) {
        Result claimed = connection_.exec(
            "INSERT INTO cluster_nodes (name, incarnation, url, state) VALUES ($1, 1, $2, 'alive') "
            "ON CONFLICT (name) DO UPDATE SET incarnation = cluster_nodes.incarnation + 1, "
            "url = EXCLUDED.url, state = 'alive', started_at = now(), heartbeat_at = now() "
            "RETURNING incarnation",
            Params().add(name).add(url));
        transaction.commit();
        return NodeIdentity{name, claimed.int64(0, 0)};
      }
    }
    if (std::chrono::steady_clock::now() >= give_up) {
      return Error{"node_name_in_use", "another parlor-server is alive as node \"" + name +
                                           "\" (its heartbeat is " +
                                           std::to_string(*holder_age_ms) +
                                           " ms old): give each node its own --node name"};
    }
    auto wait = lease_ - std::chrono::milliseconds(*holder_age_ms) + std::chrono::milliseconds(50);
    std::this_thread::sleep_for(std::min<std::chrono::milliseconds>(wait, lease_));
  }
}

bool NodeLease::heartbeat(const NodeIdentity& node) {
  Result updated = connection_.exec(
      "UPDATE cluster_nodes SET heartbeat_at = now() WHERE name = $1 AND incarnation = $2 "
      "AND state IN ('alive', 'draining')",
      Params().add(node.name).add(node.incarnation));
  return updated.affected_rows() == 1;
}

bool NodeLease::set_state(const NodeIdentity& node, const std::string& state) {
  Result updated = connection_.exec(
      "UPDATE cluster_nodes SET state = $3, heartbeat_at = now() WHERE name = $1 "
      "AND incarnation = $2 AND state IN ('alive', 'draining')",
      Params().add(node.name).add(node.incarnation).add(state));
  return updated.affected_rows() == 1;
}

std::vector<NodeRow> NodeLease::nodes() {
  Result rows = connection_.exec(
      "SELECT name, incarnation, url, state, "
      "(extract(epoch FROM now() - heartbeat_at) * 1000)::bigint FROM cluster_nodes ORDER BY name");
  std::vector<NodeRow> nodes;
  for (int row = 0; row < rows.rows(); ++row) {
    nodes.push_back({rows.string(row, 0), rows.int64(row, 1), rows.string(row, 2),
                     rows.string(row, 3), rows.int64(row, 4)});
  }
  return nodes;
}

}  // namespace parlor::server::cluster
