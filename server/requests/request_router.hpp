// Turns one client's protocol requests into lobby and room calls: who the client is
// (hello), the lobby's requests (games, list_rooms, create_room), entering a room by id or
// code, and the room requests, which are posted to the room; the room answers through the
// client's Connection. In a cluster a room or a player may be on another node
// (request_router_cluster.cpp).
//
// One router per connection, called on the connection's strand only; it never touches
// the socket (ClientLink is all it sees of it).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "protocol/protocol.hpp"
#include "server/net/client_link.hpp"
#include "server/players/players.hpp"
#include "server/room/member.hpp"
#include "server/server_context.hpp"

namespace parlor::server {

using Json = nlohmann::json;

namespace cluster {
struct RoomLocation;
}
namespace accounts {
class Club;
}
class Room;

class RequestRouter {
 public:
  // `store`: where a cluster looks up a token another node created. `ip` names the
  // client in the log. `club`: accounts and access (server/accounts/club.hpp); null: an open
  // server of guests only (tests of the lobby alone).
  RequestRouter(Lobby& lobby, const ConnectionGate& gate, StoreAccess store, ClientLink& link,
                std::string ip, accounts::Club* club = nullptr);
  ~RequestRouter();

  // One text frame from the client (past the connection's rate limit). A bad request is
  // answered with its error code; a failure of ours with internal_error, never thrown.
  void route(std::string_view text);
  // The connection ended: every room it was in hears (a seated player's grace period
  // starts).
  void connection_ended();
  // Empty until hello.
  const std::string& player_id() const { return player_id_; }

 private:
  // Non-const: an action is moved out of the request on its way to the room.
  void handle_request(protocol::Request& request);
  void handle_hello(const protocol::Request& request);
  void handle_create_room(const protocol::Request& request);
  // `may_locate`: ask the cluster when the room is not here (false once it answered).
  void handle_join_or_spectate(const protocol::Request& request, bool spectate,
                               bool may_locate = true);
  void handle_room_request(protocol::Request& request, bool may_locate = true);
  // Table chat and the host's controls (chat, set_spectators, remove_player, mute).
  void handle_table_request(const protocol::Request& request, Room& room);
  // The room a join/spectate names, by id (public rooms, or one the player sits in)
  // or by code; null after replying with an error (or asking the cluster).
  std::shared_ptr<Room> room_for_entry(const protocol::Request& request, bool spectate,
                                       bool may_locate);
  // Whether `room` is one the player sits in (a private room entered by id).
  bool sits_in(const std::shared_ptr<Room>& room) const;
  void send_error(const Json& id, const std::string& code, const std::string& message);
  Member me();
  // The end of a hello: the player's identity is known; seats come back.
  void welcome(const Json& request_id, const PlayerIdentity& player);

  // ---- Cluster (request_router_cluster.cpp): rooms and players of other nodes ----
  bool clustered() const;
  // A token this node does not know: it may be a player another node created. Looked
  // up in the shared store on its reads executor, never on this thread.
  void find_player_elsewhere(Json request_id, std::string token, std::string name);
  // A returning player sits nowhere here: ask the cluster where its seat is first.
  void finish_hello(const Json& request_id, const PlayerIdentity& player);
  // A club night's request (event_requests.hpp); in a cluster, one for an event another
  // node drives is answered room_elsewhere with the event (`may_locate` false: ask no more).
  void handle_event_request(const protocol::Request& request, bool may_locate = true);
  enum class Lookup { kRoom, kCode, kSeat, kEvent };
  // Asks the cluster where a room this node does not hold is; the answer comes back on
  // the connection's strand: room_elsewhere is sent from here, `here` runs when the room
  // has just come to this node (look again), `nowhere` when no node holds it.
  void locate(Lookup kind, const std::string& key, Json request_id, std::function<void()> here,
              std::function<void()> nowhere);
  void send_room_elsewhere(const Json& request_id, const cluster::RoomLocation& where);
  // Runs a continuation of a request as route() runs a request: a failure is answered
  // with internal_error, never thrown into the event loop.
  void run_guarded(const Json& request_id, const char* what, const std::function<void()>& step);

  // ---- Accounts and access (request_router_access.cpp) ----
  void handle_account_request(const protocol::Request& request);
  void handle_operator_request(const protocol::Request& request);
  // A hello's name for `player_id` (empty: a new player): an account's handle whatever was
  // asked; a guest's requested name, unless it looks like an account's handle (then
  // nothing, after replying name_reserved).
  std::optional<std::string> hello_name(const Json& request_id, const std::string& player_id,
                                        const std::string& requested);
  // A hello without a token, of someone the server would refuse as a new guest: refused here
  // (true), before a player is made for them, unless they bring an invite.
  bool refuse_new_guest(const Json& request_id);
  // Whether the player may come in now; false after refusing them (the connection stays
  // open) or while their invite is being redeemed (welcome follows).
  bool admit(const Json& request_id, const PlayerIdentity& player);
  void redeem_invite(const Json& request_id, const PlayerIdentity& player);
  // welcome's "player" and the club's fields.
  Json identity_json(const PlayerIdentity& player) const;
  void go_online();
  void go_offline();

  Lobby& lobby_;
  const ConnectionGate& gate_;
  StoreAccess store_;
  ClientLink& link_;
  std::string ip_;
  bool hello_pending_ = false;  // a hello waits for the store or the cluster
  std::string player_id_;       // empty until hello
  std::string name_;
  std::map<std::string, std::weak_ptr<Room>> rooms_;  // rooms told about this connection
  accounts::Club* club_ = nullptr;
  std::string token_hash_;       // the session this connection said hello with
  bool guest_ = true;            // no account
  std::string invite_;           // a hello's invite code, until redeemed
  std::uint64_t online_id_ = 0;  // in the club's OnlinePlayers once welcomed
};

}  // namespace parlor::server
