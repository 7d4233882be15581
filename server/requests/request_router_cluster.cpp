// The parts of a request router that only a cluster uses (docs/operators.md): players
// another node created, and rooms another node holds. A single node (no --node) never
// comes here. Every answer from the store or the cluster is posted back onto the
// connection's strand: the network threads never wait on a database.
#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include <chrono>
#include <thread>

#include "server/events/event_service.hpp"
#include "server/lobby.hpp"
#include "server/requests/event_requests.hpp"
#include "server/requests/request_router.hpp"
#include "server/store/store.hpp"

namespace parlor::server {

using cluster::RoomLocation;
using protocol::RequestType;

void RequestRouter::run_guarded(const Json& request_id, const char* what,
                                const std::function<void()>& step) {
  if (link_.closed()) return;
  try {
    step();
  } catch (const std::exception& e) {  // a bug, not the client's fault: keep serving
    spdlog::error("player {}: {} failed: {}", player_id_, what, e.what());
    send_error(request_id, "internal_error", "the server failed to handle this message");
  }
}

// The lambdas that leave this thread hold the connection (and with it this router) alive.
void RequestRouter::find_player_elsewhere(Json request_id, std::string token, std::string name) {
  hello_pending_ = true;
  store::Store* store = store_.store;
  net::post(
      store_.reads, [this, keep = link_.connection(), store, request_id = std::move(request_id),
                     token = std::move(token), name = std::move(name)] {
        // A player sent here by the node that created it a moment ago may not be committed
        // yet (that node's writer commits within milliseconds): ask again for a second.
        // A failed read is asked again too, and if it still fails the client hears that,
        // not that its token is unknown (it would drop the token and become someone new).
        std::optional<store::PlayerRow> row;
        bool unreadable = false;
        const std::string token_hash = Players::hash_token(token);
        for (int attempt = 0; attempt < 10 && !row; ++attempt) {
          if (attempt > 0) std::this_thread::sleep_for(std::chrono::milliseconds(100));
          Expected<std::optional<store::PlayerRow>> found = store->find_player_by_token(token_hash);
          unreadable = !found.ok();
          if (found.ok()) row = std::move(*found);
        }
        if (unreadable) spdlog::warn("a returning player's token could not be read");
        link_.post([this, row = std::move(row), unreadable, request_id, token, name] {
          hello_pending_ = false;
          run_guarded(request_id, "hello", [&] {
            if (unreadable) {
              return send_error(request_id, "store_unavailable",
                                "the server's database cannot be read just now; say hello "
                                "again shortly, with the same token");
            }
            std::optional<PlayerIdentity> adopted;
            if (row) adopted = lobby_.players().adopt(*row, token, name);
            if (!adopted) {
              return send_error(request_id, "bad_token",
                                "unknown token; say hello without one to get a new identity");
            }
            lobby_.metrics().players_adopted.fetch_add(1, std::memory_order_relaxed);
            spdlog::info("player {} ({}), created on another node, comes to this one", adopted->id,
                         adopted->name);
            finish_hello(request_id, *adopted);
          });
        });
      });
}

void RequestRouter::finish_hello(const Json& request_id, const PlayerIdentity& player) {
  // A new player sits nowhere yet; a returning one with a seat here gets it back now.
  if (!player.token.empty() || !lobby_.rooms_of(player.id).empty()) {
    return welcome(request_id, player);
  }
  // Its seat may be on another node (its node died and a survivor took the room, or it
  // comes back through a proxy that chose another node): the client goes there instead.
  hello_pending_ = true;
  auto welcome_here = [this, request_id, player] {
    hello_pending_ = false;
    welcome(request_id, player);
  };
  locate(Lookup::kSeat, player.id, request_id, welcome_here, welcome_here);
}

void RequestRouter::locate(Lookup kind, const std::string& key, Json request_id,
                           std::function<void()> here, std::function<void()> nowhere) {
  cluster::RoomLocator::Reply reply = [this, keep = link_.connection(),
                                       request_id = std::move(request_id), here = std::move(here),
                                       nowhere = std::move(nowhere)](RoomLocation where) {
    link_.post([this, where = std::move(where), request_id, here, nowhere] {
      run_guarded(request_id, "room lookup", [&] {
        switch (where.where) {
          case RoomLocation::Where::kElsewhere:
            hello_pending_ = false;
            return send_room_elsewhere(request_id, where);
          case RoomLocation::Where::kLocal:
            return here();
          case RoomLocation::Where::kUnknown:
            return nowhere();
        }
      });
    });
  };
  cluster::RoomLocator& locator = lobby_.locator();
  switch (kind) {
    case Lookup::kRoom:
      return locator.locate_room(key, std::move(reply));
    case Lookup::kCode:
      return locator.locate_code(key, std::move(reply));
    case Lookup::kSeat:
      return locator.locate_seat(key, std::move(reply));
    case Lookup::kEvent:
      return locator.locate_event(key, std::move(reply));
  }
}

void RequestRouter::handle_event_request(const protocol::Request& request, bool may_locate) {
  events::EventService* service = lobby_.events();
  const std::string event_id = request.string_field("event");
  const bool names_an_event =
      request.type != RequestType::kCreateEvent && request.type != RequestType::kEvents;
  // Not here: in a cluster the node that drives it may be another (a single server's
  // locator answers "unknown" at once, and the event is no_such_event as before).
  if (may_locate && service && names_an_event && !event_id.empty() && !service->holds(event_id)) {
    auto answer_here = [this, request] { handle_event_request(request, false); };
    return locate(Lookup::kEvent, event_id, request.id, answer_here, answer_here);
  }
  answer_event_request(service, club_, request, player_id_, name_,
                       [this](std::string text) { link_.send_text(std::move(text)); });
}

void RequestRouter::send_room_elsewhere(const Json& request_id, const RoomLocation& where) {
  lobby_.metrics().redirects_sent.fetch_add(1, std::memory_order_relaxed);
  spdlog::debug("player {} ({}): room {} is on node {}: sent to {}", player_id_, ip_, where.room_id,
                where.node, where.url);
  Json body = {{"code", "room_elsewhere"},
               {"message", "this room is on another node; reconnect to \"url\" and ask again"},
               {"room", where.room_id},
               {"node", where.node},
               {"url", where.url}};
  // A club night's node (the same move for the client: reconnect there and ask again).
  if (!where.event_id.empty()) {
    body.erase("room");
    body["event"] = where.event_id;
    body["message"] = "this event is run by another node; reconnect to \"url\" and ask again";
  }
  link_.send_text(protocol::reply_message(request_id, "error", std::move(body)));
}

}  // namespace parlor::server
