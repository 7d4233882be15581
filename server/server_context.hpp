// What every connection of the server shares, handed from the listener to each HTTP and
// WebSocket session: the lobby (rooms, players, games), the connection gate, and the
// store's read side, which the HTTP routes (match history, /healthz, /metrics) and a
// cluster's token lookups use directly, not through the lobby.
#pragma once

#include <boost/asio/any_io_executor.hpp>

#include <memory>

// Declared only: a header that hands a context on need not compile the lobby (and the
// Room behind it); the files that use one include its header.
namespace parlor::server::store {
class Store;
}
namespace parlor::server::accounts {
class Club;
}

namespace parlor::server {

class ConnectionGate;
class Lobby;
class ReplayCache;

// The store and where its reads run, away from the network threads; no store (null)
// when the server runs without one (tests of the lobby alone).
struct StoreAccess {
  store::Store* store = nullptr;
  boost::asio::any_io_executor reads;
  // Finished matches' replays, served again without replaying (--replay-cache-bytes);
  // null: none kept.
  ReplayCache* replay_cache = nullptr;
};

struct ServerContext {
  std::shared_ptr<Lobby> lobby;
  std::shared_ptr<ConnectionGate> gate;
  StoreAccess store;
  // Accounts and access (server/accounts/club.hpp); null: an open server of guests only.
  accounts::Club* club = nullptr;
};

}  // namespace parlor::server
