// The cluster's tables in the shared PostgreSQL database (docs/operators.md): which nodes
// exist and whether they are alive (cluster_nodes), which node holds each room
// (cluster_rooms) and which node drives each club night (cluster_events). Ownership lives here and
// nowhere else: nodes never decide it by talking to each other.
//
// `parlor_fence(node, incarnation)` is the fence every write batch of a node runs first
// (StoreOptions::batch_guard_sql): it takes a share lock on the node's row and raises
// SQLSTATE PRLF1 unless that incarnation is still alive or draining. Declaring a node
// dead updates the same row, so it waits for a batch that passed the fence to commit,
// and every batch after it fails: the journal a survivor reads once the node is declared
// dead is complete, and the dead node can never add to it again.
#pragma once

#include <string>

namespace parlor::server::store::pg {
class Connection;
}

namespace parlor::server::cluster {

// The advisory lock key that serialises every change of ownership (claims, declaring
// nodes dead, takeovers): rare events, so one lock keeps the reasoning simple.
inline constexpr long long kOwnershipLock = 0x5061726C6F72;  // "Parlor"

// Creates the tables and the fence function if missing (idempotent, safe from several
// nodes starting at once). Throws pg::PgError.
void create_cluster_schema(store::pg::Connection& connection);

// The guard statement for StoreOptions::batch_guard_sql ($1 node name, $2 incarnation).
inline const std::string kFenceStatement = "SELECT parlor_fence($1, $2::bigint)";

}  // namespace parlor::server::cluster
