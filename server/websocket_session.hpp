// One client's WebSocket connection (in the manner of Beast's advanced server): its own
// strand, one read at a time, one write in flight with a bounded queue of shared
// immutable messages behind it, do_x/on_x handler pairs.
//
// It turns protocol requests into lobby and room calls. Lobby requests (hello, games,
// list_rooms, create_room) are answered here; room requests are posted to the room,
// which answers through send().
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "protocol/protocol.hpp"
#include "server/connection.hpp"
#include "server/lobby.hpp"
#include "server/rate_limiter.hpp"
#include "server/transport.hpp"

namespace parlor::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;

class WebSocketSession : public Connection,
                         public Closable,
                         public std::enable_shared_from_this<WebSocketSession> {
 public:
  // `ip` has already been admitted by the lobby; the session releases it.
  WebSocketSession(Transport&& transport, std::shared_ptr<Lobby> lobby, std::string ip);
  ~WebSocketSession() override;

  void run(http::request<http::string_body> request);

  void send(SharedMessage message) override;
  void close_going_away() override;

 private:
  void on_accept(beast::error_code ec);
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes);
  void on_send(SharedMessage message);
  void do_write();
  void on_write(beast::error_code ec, std::size_t bytes);
  void do_close(websocket::close_reason reason);
  void on_close(beast::error_code ec);
  void fail(beast::error_code ec, const char* what);
  void end_session();

  // Requests.
  void handle_text(std::string_view text);
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
  void send_error(const Json& id, const std::string& code, const std::string& message);
  void send_text(std::string text);
  Member me();
  // The end of a hello: the player's identity is known; seats come back.
  void welcome(const Json& request_id, const PlayerIdentity& player);

  // ---- Cluster (websocket_session_cluster.cpp): rooms and players of other nodes ----
  bool clustered() const { return !lobby_->config().node.empty(); }
  // A token this node does not know: it may be a player another node created. Looked
  // up in the shared store on the lobby's history executor, never on this thread.
  void find_player_elsewhere(Json request_id, std::string token, std::string name);
  // A returning player sits nowhere here: ask the cluster where its seat is first.
  void finish_hello(const Json& request_id, const PlayerIdentity& player);
  enum class Lookup { kRoom, kCode, kSeat };
  // Asks the cluster where a room this node does not hold is; the answer comes back on
  // this session's strand: room_elsewhere is sent from here, `here` runs when the room
  // has just come to this node (look again), `nowhere` when no node holds it.
  void locate(Lookup kind, const std::string& key, Json request_id, std::function<void()> here,
              std::function<void()> nowhere);
  void send_room_elsewhere(const Json& request_id, const cluster::RoomLocation& where);
  // Runs a continuation of a request as handle_text runs a request: a failure is
  // answered with internal_error, never thrown into the event loop.
  void run_guarded(const Json& request_id, const char* what, const std::function<void()>& step);

  // On the bare socket (or TLS over it): the WebSocket's own timeouts (handshake, idle,
  // keep-alive pings) cover the connection, and tcp_stream's per-operation timer layer
  // would cost every read and write for nothing.
  websocket::stream<Transport> ws_;
  beast::flat_buffer buffer_;
  std::shared_ptr<Lobby> lobby_;
  std::string ip_;
  std::deque<SharedMessage> queue_;
  RateLimiter limiter_;
  int limited_in_a_row_ = 0;
  bool writing_ = false;
  bool closing_ = false;
  bool ended_ = false;
  std::optional<websocket::close_reason> close_after_drain_;

  bool hello_pending_ = false;  // a hello waits for the store or the cluster
  std::string player_id_;       // empty until hello
  std::string name_;
  std::map<std::string, std::weak_ptr<Room>> rooms_;  // rooms told about this session
};

}  // namespace parlor::server
