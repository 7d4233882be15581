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
  void handle_join_or_spectate(const protocol::Request& request, bool spectate);
  void handle_room_request(protocol::Request& request);
  // Table chat and the host's controls (chat, set_spectators, remove_player, mute).
  void handle_table_request(const protocol::Request& request, Room& room);
  // The room a join/spectate names, by id (public rooms, or one the player sits in)
  // or by code; null after replying with an error.
  std::shared_ptr<Room> room_for_entry(const protocol::Request& request);
  void send_error(const Json& id, const std::string& code, const std::string& message);
  void send_text(std::string text);
  Member me();

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

  std::string player_id_;  // empty until hello
  std::string name_;
  std::map<std::string, std::weak_ptr<Room>> rooms_;  // rooms told about this session
};

}  // namespace parlor::server
