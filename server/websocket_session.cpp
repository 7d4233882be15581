#include "server/websocket_session.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>

#include <cctype>

#include "server/identity_requests.hpp"

namespace parlor::server {

using protocol::Request;
using protocol::RequestType;

WebSocketSession::WebSocketSession(Transport&& transport, std::shared_ptr<Lobby> lobby,
                                   std::string ip)
    : ws_(std::move(transport)),
      lobby_(std::move(lobby)),
      ip_(std::move(ip)),
      limiter_(lobby_->config().rate_per_second, lobby_->config().rate_burst) {
  lobby_->metrics().connections_open.fetch_add(1);
  lobby_->metrics().connections_total.fetch_add(1);
}

WebSocketSession::~WebSocketSession() {
  lobby_->metrics().connections_open.fetch_sub(1);
  lobby_->release(ip_);
  lobby_->unregister_session(this);
}

void WebSocketSession::run(http::request<http::string_body> request) {
  const ServerConfig& config = lobby_->config();
  websocket::stream_base::timeout timeouts{std::chrono::seconds(config.handshake_timeout_seconds),
                                           std::chrono::seconds(config.idle_timeout_seconds),
                                           /*keep_alive_pings=*/true};
  ws_.set_option(timeouts);
  // Never permessage-deflate: Boost 1.81's inflater can be crashed by a crafted frame.
  websocket::permessage_deflate no_deflate;
  no_deflate.server_enable = false;
  no_deflate.client_enable = false;
  ws_.set_option(no_deflate);
  ws_.read_message_max(config.max_message_bytes);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(http::field::server, "parlor-server"); }));
  lobby_->register_session(shared_from_this());
  ws_.async_accept(request,
                   beast::bind_front_handler(&WebSocketSession::on_accept, shared_from_this()));
}

void WebSocketSession::on_accept(beast::error_code ec) {
  if (ec) return fail(ec, "accept");
  if (lobby_->shutting_down()) return do_close({websocket::close_code::going_away, "shutdown"});
  do_read();
}

void WebSocketSession::do_read() {
  ws_.async_read(buffer_,
                 beast::bind_front_handler(&WebSocketSession::on_read, shared_from_this()));
}

void WebSocketSession::on_read(beast::error_code ec, std::size_t) {
  if (ec) return fail(ec, "read");
  auto received = std::chrono::steady_clock::now();
  lobby_->metrics().messages_received.fetch_add(1, std::memory_order_relaxed);
  if (!ws_.got_text()) {
    buffer_.consume(buffer_.size());
    send_error(nullptr, "binary_not_supported", "send JSON as text frames");
  } else {
    // A flat_buffer holds the frame contiguously: parse it in place, no copy.
    const auto data = buffer_.data();
    handle_text(std::string_view(static_cast<const char*>(data.data()), data.size()));
    buffer_.consume(buffer_.size());
  }
  lobby_->metrics().observe_latency(std::chrono::steady_clock::now() - received);
  if (!closing_) do_read();
}

void WebSocketSession::send(SharedMessage message) {
  net::post(ws_.get_executor(), beast::bind_front_handler(&WebSocketSession::on_send,
                                                          shared_from_this(), std::move(message)));
}

void WebSocketSession::on_send(SharedMessage message) {
  if (closing_ || ended_) return;
  if (queue_.size() >= lobby_->config().max_queued_messages) {
    // A client that does not read is dropped rather than allowed to grow memory.
    spdlog::warn("player {} ({}): {} messages unread; disconnecting", player_id_, ip_,
                 queue_.size());
    lobby_->metrics().slow_consumers_dropped.fetch_add(1);
    closing_ = true;  // the write in flight fails and ends the session
    beast::error_code ignored;
    ws_.next_layer().socket().shutdown(tcp::socket::shutdown_both, ignored);
    ws_.next_layer().socket().close(ignored);
    return;
  }
  queue_.push_back(std::move(message));
  if (!writing_) do_write();
}

void WebSocketSession::do_write() {
  writing_ = true;
  ws_.text(true);
  ws_.async_write(net::buffer(*queue_.front()),
                  beast::bind_front_handler(&WebSocketSession::on_write, shared_from_this()));
}

void WebSocketSession::on_write(beast::error_code ec, std::size_t) {
  writing_ = false;
  if (ec) {
    queue_.clear();
    return fail(ec, "write");
  }
  queue_.pop_front();
  if (!queue_.empty()) return do_write();
  if (close_after_drain_) {
    auto reason = *close_after_drain_;
    close_after_drain_.reset();
    do_close(reason);
  }
}

void WebSocketSession::close_going_away() {
  net::post(ws_.get_executor(), [self = shared_from_this()] {
    if (self->closing_ || self->ended_) return;
    websocket::close_reason reason{websocket::close_code::going_away, "server shutting down"};
    if (self->writing_) {
      self->close_after_drain_ = reason;  // nothing half-written
    } else {
      self->do_close(reason);
    }
  });
}

void WebSocketSession::do_close(websocket::close_reason reason) {
  if (closing_) return;
  closing_ = true;
  if (!ws_.is_open()) return;
  ws_.async_close(reason,
                  beast::bind_front_handler(&WebSocketSession::on_close, shared_from_this()));
}

void WebSocketSession::on_close(beast::error_code ec) {
  if (ec) return fail(ec, "close");
  end_session();
}

void WebSocketSession::fail(beast::error_code ec, const char* what) {
  end_session();
  if (ec == websocket::error::closed || ec == net::error::operation_aborted ||
      ec == beast::error::timeout || ec == net::error::eof || ec == net::error::connection_reset) {
    return;
  }
  if (ec == websocket::error::message_too_big) {
    lobby_->metrics().messages_rejected.fetch_add(1);
    spdlog::info("player {} ({}): message over the size limit; closed (1009)", player_id_, ip_);
    return;
  }
  spdlog::debug("player {} ({}): {}: {}", player_id_, ip_, what, ec.message());
}

void WebSocketSession::end_session() {
  if (ended_) return;
  ended_ = true;
  if (!writing_) queue_.clear();  // a write in flight still uses the front message
  if (player_id_.empty()) return;
  auto self = shared_from_this();
  for (auto& [id, weak] : rooms_) {
    if (auto room = weak.lock()) room->detach(player_id_, self);
  }
}

// ---- Requests ----

void WebSocketSession::handle_text(std::string_view text) {
  if (close_after_drain_) return;  // closing: nothing more is handled
  if (!limiter_.try_take()) {
    lobby_->metrics().messages_rejected.fetch_add(1, std::memory_order_relaxed);
    if (++limited_in_a_row_ >= lobby_->config().flood_close_after) {
      spdlog::warn("player {} ({}): message flood; closing", player_id_, ip_);
      send_error(nullptr, "flood", "too many messages; closing the connection");
      close_after_drain_ = websocket::close_reason{websocket::close_code::policy_error, "flood"};
      if (!writing_) do_close(*close_after_drain_);
      return;
    }
    return send_error(protocol::extract_id(Json::parse(text, nullptr, false)), "rate_limited",
                      "too many messages; slow down");
  }
  limited_in_a_row_ = 0;
  Expected<Request> request = protocol::parse_request(text);
  if (!request) {
    lobby_->metrics().messages_rejected.fetch_add(1, std::memory_order_relaxed);
    Json id = protocol::extract_id(Json::parse(text, nullptr, false));
    return send_error(id, request.error().code, request.error().message);
  }
  try {
    handle_request(*request);
  } catch (const std::exception& e) {  // a bug, not the client's fault: keep serving
    spdlog::error("player {}: {} failed: {}", player_id_, request->type_name, e.what());
    send_error(request->id, "internal_error", "the server failed to handle this message");
  }
}

void WebSocketSession::handle_request(Request& request) {
  if (lobby_->shutting_down()) {
    return send_error(request.id, "shutting_down", "the server is shutting down");
  }
  if (request.type == RequestType::kPing) {
    return send_text(protocol::reply_message(request.id, "pong"));
  }
  if (request.type == RequestType::kHello) return handle_hello(request);
  if (is_identity_request(request.type)) {  // claim codes: server/identity_requests.hpp
    return send_text(answer_identity_request(lobby_->players(), request, player_id_, ip_));
  }
  if (player_id_.empty()) {
    return send_error(request.id, "hello_required", "say hello first");
  }
  switch (request.type) {
    case RequestType::kGames:
      return send_text(
          protocol::reply_message(request.id, "games", {{"games", lobby_->describe_games()}}));
    case RequestType::kListRooms:
      return send_text(protocol::reply_message(
          request.id, "rooms", {{"rooms", lobby_->list_rooms(request.string_field("game"))}}));
    case RequestType::kCreateRoom:
      return handle_create_room(request);
    case RequestType::kJoinRoom:
      return handle_join_or_spectate(request, false);
    case RequestType::kSpectate:
      return handle_join_or_spectate(request, true);
    default:
      return handle_room_request(request);
  }
}

void WebSocketSession::handle_hello(const Request& request) {
  if (!player_id_.empty() || hello_pending_) {
    return send_error(request.id, "already_greeted", "hello was already said on this connection");
  }
  auto version = request.int_field("version", 0);
  if (version < protocol::kMinVersion || version > protocol::kVersion) {
    send_error(request.id, "incompatible_version",
               "this server speaks protocol versions " + std::to_string(protocol::kMinVersion) +
                   " to " + std::to_string(protocol::kVersion) + "; you sent " +
                   std::to_string(version));
    close_after_drain_ =
        websocket::close_reason{websocket::close_code::policy_error, "incompatible version"};
    if (!writing_) do_close(*close_after_drain_);
    return;
  }
  std::string raw_name = request.string_field("name");
  std::string name = raw_name.empty() ? "" : clean_display_name(raw_name);
  PlayerIdentity player;
  if (request.has("token")) {
    auto resumed = lobby_->players().resume(request.string_field("token"), name);
    if (!resumed && clustered() && lobby_->history_store()) {
      return find_player_elsewhere(request.id, request.string_field("token"), name);
    }
    if (!resumed) {
      return send_error(request.id, "bad_token",
                        "unknown token; say hello without one to get a new identity");
    }
    player = *resumed;
  } else {
    player = lobby_->players().create(name.empty() ? "Player" : name);
  }
  if (clustered()) return finish_hello(request.id, player);
  welcome(request.id, player);
}

void WebSocketSession::welcome(const Json& request_id, const PlayerIdentity& player) {
  player_id_ = player.id;
  name_ = player.name;
  auto rooms = lobby_->rooms_of(player_id_);
  Json room_ids = Json::array();
  for (const auto& room : rooms) room_ids.push_back(room->id());
  Json games = Json::array();
  for (const GameDefinition* game : lobby_->games()) games.push_back(game->name());
  Json body = {{"player", {{"id", player.id}, {"name", player.name}}},
               {"protocol_version", protocol::kVersion},
               {"server", "parlor-server"},
               {"games", games},
               {"rooms", room_ids},
               {"chat_max_chars", lobby_->config().chat_max_chars}};
  if (!player.token.empty()) body["token"] = player.token;
  if (clustered()) body["node"] = lobby_->config().node;
  spdlog::info("player {} ({}) says hello from {}{}", player_id_, name_, ip_,
               player.token.empty() ? " (returning)" : "");
  send_text(protocol::reply_message(request_id, "welcome", std::move(body)));
  for (const auto& room : rooms) {  // a reconnect: the seats come back
    rooms_[room->id()] = room;
    room->attach(me());
  }
}

void WebSocketSession::handle_create_room(const Request& request) {
  CreateRoomRequest create;
  create.game = request.string_field("game");
  create.options = request.body.value("options", Json::object());
  create.seats = static_cast<int>(request.int_field("seats", 0));
  std::string visibility = request.string_field("visibility", "public");
  if (visibility != "public" && visibility != "private") {
    return send_error(request.id, "bad_field", "visibility must be \"public\" or \"private\"");
  }
  create.is_public = visibility == "public";
  if (request.has("turn_seconds")) {
    create.turn_seconds = static_cast<int>(request.int_field("turn_seconds", 0));
  }
  if (request.has("bot_delay_ms")) {
    create.bot_delay_ms = static_cast<int>(request.int_field("bot_delay_ms", 0));
  }
  auto room = lobby_->create_room(create, player_id_);
  if (!room) return send_error(request.id, room.error().code, room.error().message);
  rooms_[(*room)->id()] = *room;
  (*room)->open(me(), request.id, request.bool_field("sit", true));
}

std::shared_ptr<Room> WebSocketSession::room_for_entry(const Request& request, bool spectate,
                                                       bool may_locate) {
  // Not here, in a cluster: another node may hold it. The request goes on once it answers.
  auto locate_entry = [&](Lookup kind, const std::string& key) {
    auto again = std::make_shared<Request>(request);
    locate(
        kind, key, request.id,
        [this, again, spectate] { handle_join_or_spectate(*again, spectate, false); },
        [this, again, spectate] { room_for_entry(*again, spectate, false); });
  };
  if (request.has("code")) {
    auto room = lobby_->find_by_code(request.string_field("code"));
    if (!room && may_locate && clustered()) {
      std::string code = request.string_field("code");  // codes are kept in upper case
      for (char& c : code) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      locate_entry(Lookup::kCode, code);
      return nullptr;
    }
    if (!room) send_error(request.id, "no_such_room", "no room has that code");
    return room;
  }
  if (!request.has("room")) {
    send_error(request.id, "bad_field", "give \"room\" (a public room's id) or \"code\"");
    return nullptr;
  }
  auto room = lobby_->find_room(request.string_field("room"));
  if (!room && may_locate && clustered()) {
    locate_entry(Lookup::kRoom, request.string_field("room"));
    return nullptr;
  }
  bool allowed = room && (room->is_public() || [&] {
                   for (const auto& mine : lobby_->rooms_of(player_id_)) {
                     if (mine == room) return true;
                   }
                   return false;
                 }());
  if (!allowed) {
    send_error(request.id, "no_such_room",
               "no public room has that id (private rooms need the code)");
    return nullptr;
  }
  return room;
}

void WebSocketSession::handle_join_or_spectate(const Request& request, bool spectate,
                                               bool may_locate) {
  auto room = room_for_entry(request, spectate, may_locate);
  if (!room) return;
  rooms_[room->id()] = room;
  if (spectate) {
    room->spectate(me(), request.id);
    return;
  }
  std::optional<int> seat;
  if (request.has("seat")) seat = static_cast<int>(request.int_field("seat", -1));
  room->join(me(), request.id, seat);
}

void WebSocketSession::handle_room_request(Request& request, bool may_locate) {
  if (request.type == RequestType::kAction && request.has("ack") &&
      request.string_field("ack") != "reply" && request.string_field("ack") != "update") {
    return send_error(request.id, "bad_field", "ack must be \"reply\" or \"update\"");
  }
  if (request.type == RequestType::kAddBot &&
      !parse_bot_level(request.string_field("level", "sensible"))) {
    return send_error(request.id, "bad_field", "level must be \"random\" or \"sensible\"");
  }
  auto room = lobby_->find_room(request.string_field("room"));
  if (!room && may_locate && clustered()) {
    auto again = std::make_shared<Request>(std::move(request));
    return locate(
        Lookup::kRoom, again->string_field("room"), again->id,
        [this, again] { handle_room_request(*again, false); },
        [this, again] { send_error(again->id, "no_such_room", "no room has that id"); });
  }
  if (!room) return send_error(request.id, "no_such_room", "no room has that id");
  // Every action passes here: remember the room without reassigning a live entry.
  auto [known, added] = rooms_.try_emplace(room->id(), room);
  if (!added && known->second.expired()) known->second = room;
  switch (request.type) {
    case RequestType::kLeaveRoom:
      return room->leave(me(), request.id);
    case RequestType::kAddBot: {
      auto level = parse_bot_level(request.string_field("level", "sensible"));
      std::optional<int> seat;
      if (request.has("seat")) seat = static_cast<int>(request.int_field("seat", -1));
      return room->add_bot(me(), request.id, seat, *level);
    }
    case RequestType::kRemoveBot:
      return room->remove_bot(me(), request.id, static_cast<int>(request.int_field("seat", -1)));
    case RequestType::kStart:
      return room->start(me(), request.id);
    case RequestType::kAction: {
      std::optional<std::int64_t> after;
      if (request.has("after")) after = request.int_field("after", 0);
      return room->act(me(), request.id, std::move(request.body["action"]),
                       std::chrono::steady_clock::now(),
                       request.string_field("ack", "reply") == "update", after);
    }
    case RequestType::kGetState:
      return room->get_state(me(), request.id);
    case RequestType::kChat:
    case RequestType::kSetSpectators:
    case RequestType::kRemovePlayer:
    case RequestType::kMute:
      return handle_table_request(request, *room);
    default:
      return send_error(request.id, "unknown_type", "unexpected message");
  }
}

void WebSocketSession::handle_table_request(const Request& request, Room& room) {
  switch (request.type) {
    case RequestType::kChat:
      return room.chat(me(), request.id, request.string_field("text"));
    case RequestType::kSetSpectators:
      return room.set_spectators(me(), request.id, request.bool_field("allow", true));
    case RequestType::kRemovePlayer:
      return room.remove_player(me(), request.id, static_cast<int>(request.int_field("seat", -1)));
    case RequestType::kMute:
      return room.mute(me(), request.id, request.string_field("player"),
                       request.bool_field("muted", true));
    default:
      return send_error(request.id, "unknown_type", "unexpected message");
  }
}

void WebSocketSession::send_error(const Json& id, const std::string& code,
                                  const std::string& message) {
  send_text(protocol::error_message(id, code, message));
}

void WebSocketSession::send_text(std::string text) { on_send(make_message(std::move(text))); }

Member WebSocketSession::me() { return {player_id_, name_, shared_from_this()}; }

}  // namespace parlor::server
