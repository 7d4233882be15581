#include "server/requests/request_router.hpp"

#include <spdlog/spdlog.h>

#include <cctype>

#include "server/accounts/club.hpp"
#include "server/lobby.hpp"
#include "server/net/connection_gate.hpp"
#include "server/requests/account_requests.hpp"
#include "server/requests/event_requests.hpp"
#include "server/requests/identity_requests.hpp"
#include "server/requests/operator_requests.hpp"

namespace parlor::server {

using protocol::Request;
using protocol::RequestType;

RequestRouter::RequestRouter(Lobby& lobby, const ConnectionGate& gate, StoreAccess store,
                             ClientLink& link, std::string ip, accounts::Club* club)
    : lobby_(lobby),
      gate_(gate),
      store_(std::move(store)),
      link_(link),
      ip_(std::move(ip)),
      club_(club) {}

RequestRouter::~RequestRouter() { go_offline(); }

void RequestRouter::route(std::string_view text) {
  // A move is read without a tree for its envelope (protocol/move_reader.hpp).
  Expected<Request> request = protocol::parse_request(text);
  if (!request) {
    lobby_.metrics().messages_rejected.fetch_add(1, std::memory_order_relaxed);
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

void RequestRouter::connection_ended() {
  go_offline();
  if (player_id_.empty()) return;
  auto connection = link_.connection();
  for (auto& [id, weak] : rooms_) {
    if (auto room = weak.lock()) room->detach(player_id_, connection);
  }
}

void RequestRouter::handle_request(Request& request) {
  if (gate_.closing()) {
    return send_error(request.id, "shutting_down", "the server is shutting down");
  }
  if (request.type == RequestType::kPing) {
    return link_.send_text(protocol::reply_message(request.id, "pong"));
  }
  if (request.type == RequestType::kHello) return handle_hello(request);
  if (is_identity_request(request.type)) {  // claim codes: server/requests/identity_requests.hpp
    // The answer may come from the store's threads: back onto this strand to send it.
    return answer_identity_request(lobby_.players(), store_, request, player_id_, ip_,
                                   [this, keep = link_.connection()](std::string reply) {
                                     link_.post([this, reply = std::move(reply)]() mutable {
                                       if (!link_.closed()) link_.send_text(std::move(reply));
                                     });
                                   });
  }
  if (is_account_request(request.type)) return handle_account_request(request);
  if (player_id_.empty()) {
    return send_error(request.id, "hello_required", "say hello first");
  }
  if (is_operator_request(request.type)) return handle_operator_request(request);
  if (is_event_request(request.type)) return handle_event_request(request);
  switch (request.type) {
    case RequestType::kGames:
      return link_.send_text(
          protocol::reply_message(request.id, "games", {{"games", lobby_.describe_games()}}));
    case RequestType::kListRooms:
      return link_.send_text(protocol::reply_message(
          request.id, "rooms", {{"rooms", lobby_.list_rooms(request.string_field("game"))}}));
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

void RequestRouter::handle_hello(const Request& request) {
  if (!player_id_.empty() || hello_pending_) {
    return send_error(request.id, "already_greeted", "hello was already said on this connection");
  }
  auto version = request.int_field("version", 0);
  if (version < protocol::kMinVersion || version > protocol::kVersion) {
    send_error(request.id, "incompatible_version",
               "this server speaks protocol versions " + std::to_string(protocol::kMinVersion) +
                   " to " + std::to_string(protocol::kVersion) + "; you sent " +
                   std::to_string(version));
    return link_.close_for_policy("incompatible version");
  }
  std::string raw_name = request.string_field("name");
  std::string name = raw_name.empty() ? "" : clean_display_name(raw_name);
  invite_ = request.string_field("invite");
  PlayerIdentity player;
  if (request.has("token")) {
    token_hash_ = Players::hash_token(request.string_field("token"));
    auto owner = lobby_.players().id_of_token(request.string_field("token"));
    auto allowed = hello_name(request.id, owner.value_or(""), name);
    if (!allowed) return;
    name = *allowed;
    auto resumed = lobby_.players().resume(request.string_field("token"), name);
    if (!resumed && clustered() && store_.store) {
      return find_player_elsewhere(request.id, request.string_field("token"), name);
    }
    if (!resumed) {
      return send_error(request.id, "bad_token",
                        "unknown token; say hello without one to get a new identity");
    }
    player = *resumed;
  } else {
    if (refuse_new_guest(request.id)) return;
    auto allowed = hello_name(request.id, "", name);
    if (!allowed) return;
    player = lobby_.players().create(allowed->empty() ? "Player" : *allowed);
    token_hash_ = Players::hash_token(player.token);
  }
  if (clustered()) return finish_hello(request.id, player);
  welcome(request.id, player);
}

void RequestRouter::welcome(const Json& request_id, const PlayerIdentity& player) {
  if (!admit(request_id, player)) return;
  player_id_ = player.id;
  name_ = player.name;
  guest_ = !club_ || club_->is_guest(player.id);
  auto rooms = lobby_.rooms_of(player_id_);
  Json room_ids = Json::array();
  for (const auto& room : rooms) room_ids.push_back(room->id());
  Json games = Json::array();
  for (const GameDefinition* game : lobby_.games()) games.push_back(game->name());
  Json body = {{"player", identity_json(player)},
               {"protocol_version", protocol::kVersion},
               {"server", "parlor-server"},
               {"games", games},
               {"rooms", room_ids},
               {"chat_max_chars", lobby_.config().chat_max_chars}};
  if (!player.token.empty()) body["token"] = player.token;
  if (clustered()) body["node"] = lobby_.config().node;
  if (club_) {
    body["account"] = club_->account_json(player.id);
    body["access"] = club_->access_json(player.id);
    if (auto text = club_->directory().announcement(); !text.empty()) body["announcement"] = text;
  }
  spdlog::info("player {} ({}) says hello from {}{}", player_id_, name_, ip_,
               player.token.empty() ? " (returning)" : "");
  link_.send_text(protocol::reply_message(request_id, "welcome", std::move(body)));
  go_online();
  for (const auto& room : rooms) {  // a reconnect: the seats come back
    rooms_[room->id()] = room;
    room->attach(me());
  }
}

void RequestRouter::handle_create_room(const Request& request) {
  CreateRoomRequest create;
  create.game = request.string_field("game");
  create.options = request.body.value("options", Json::object());
  create.seats = static_cast<int>(request.int_field("seats", 0));
  std::string visibility = request.string_field("visibility", "public");
  if (visibility != "public" && visibility != "private") {
    return send_error(request.id, "bad_field", "visibility must be \"public\" or \"private\"");
  }
  create.is_public = visibility == "public";
  create.rated = request.bool_field("rated", true);
  if (request.has("turn_seconds")) {
    create.turn_seconds = static_cast<int>(request.int_field("turn_seconds", 0));
  }
  if (request.has("bot_delay_ms")) {
    create.bot_delay_ms = static_cast<int>(request.int_field("bot_delay_ms", 0));
  }
  if (request.has("bot_budget_ms")) {
    create.bot_budget_ms = static_cast<int>(request.int_field("bot_budget_ms", 0));
  }
  auto room = lobby_.create_room(create, player_id_);
  if (!room) return send_error(request.id, room.error().code, room.error().message);
  rooms_[(*room)->id()] = *room;
  (*room)->open(me(), request.id, request.bool_field("sit", true));
}

std::shared_ptr<Room> RequestRouter::room_for_entry(const Request& request, bool spectate,
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
    auto room = lobby_.find_by_code(request.string_field("code"));
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
  auto room = lobby_.find_room(request.string_ref("room"));
  if (!room && may_locate && clustered()) {
    locate_entry(Lookup::kRoom, request.string_field("room"));
    return nullptr;
  }
  // Operators watch any room by id (the operator page's "watch"), private ones too.
  const bool operator_watching = spectate && club_ && [&] {
    auto account = club_->directory().of(player_id_);
    return account && accounts::is_operator(account->role);
  }();
  if (!room || !(room->is_public() || sits_in(room) || operator_watching)) {
    send_error(request.id, "no_such_room",
               "no public room has that id (private rooms need the code)");
    return nullptr;
  }
  return room;
}

void RequestRouter::handle_join_or_spectate(const Request& request, bool spectate,
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

void RequestRouter::handle_room_request(Request& request, bool may_locate) {
  // Every move passes here: its fields are read once, in place.
  const std::string* ack =
      request.type == RequestType::kAction ? request.string_if("ack") : nullptr;
  if (ack && *ack != "reply" && *ack != "update") {
    return send_error(request.id, "bad_field", "ack must be \"reply\" or \"update\"");
  }
  if (request.type == RequestType::kAddBot &&
      !parse_bot_level(request.string_field("level", "sensible"))) {
    return send_error(request.id, "bad_field",
                      "level must be \"random\", \"sensible\" or \"expert\"");
  }
  auto room = lobby_.find_room(request.string_field("room"));
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
      MoveContext context;
      if (request.has("after")) context.after = request.int_field("after", 0);
      if (request.has("match")) context.match = request.int_field("match", 0);
      const bool ack_by_update = ack && *ack == "update";
      return room->act(me(), request.id, request.take("action"), std::chrono::steady_clock::now(),
                       ack_by_update, context);
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

void RequestRouter::handle_table_request(const Request& request, Room& room) {
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

void RequestRouter::send_error(const Json& id, const std::string& code,
                               const std::string& message) {
  link_.send_text(protocol::error_message(id, code, message));
}

bool RequestRouter::clustered() const { return !lobby_.config().node.empty(); }

bool RequestRouter::sits_in(const std::shared_ptr<Room>& room) const {
  for (const auto& mine : lobby_.rooms_of(player_id_)) {
    if (mine == room) return true;
  }
  return false;
}

Member RequestRouter::me() { return {player_id_, name_, link_.connection(), guest_}; }

}  // namespace parlor::server
