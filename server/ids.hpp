// The server's identifiers: "p17" players, "R12" rooms (counters that continue after the
// highest stored one across restarts) and "m" + 12 hex digits matches (random). In a
// cluster (--node) player and room ids end with "-" and the node's name ("p17-node2",
// "R12-node2"): each node counts on its own, and no two nodes can mint the same id.
#pragma once

#include <string>

namespace parlor::server {

// "m" and 12 random hex digits.
std::string new_match_id();

// What ends this node's ids: "" for a single node, else "-" and the node's name.
std::string node_id_suffix(const std::string& node);

// The number after `id`'s if it is `prefix`, a number and `suffix` ("R12" -> 13, and
// "R12-node2" -> 13 with suffix "-node2"), else 1: where a counter of such ids must
// continue so as never to reuse one. Another node's ids ("R12-node3") give 1.
long long number_after(const std::string& id, char prefix, const std::string& suffix = "");

}  // namespace parlor::server
