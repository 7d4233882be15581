#include "protocol/request_specs.hpp"

namespace parlor::protocol {

// The request table: every type and its fields (protocol/README.md documents each).
const std::vector<MessageSpec>& message_specs() {
  using K = FieldKind;
  static const std::vector<MessageSpec> specs = {
      {RequestType::kHello,
       "hello",
       {{"version", K::kInt, true}, {"name", K::kString, false}, {"token", K::kString, false}}},
      {RequestType::kPing, "ping", {}},
      {RequestType::kGames, "games", {}},
      {RequestType::kListRooms, "list_rooms", {{"game", K::kString, false}}},
      {RequestType::kCreateRoom,
       "create_room",
       {{"game", K::kString, true},
        {"options", K::kObject, false},
        {"seats", K::kInt, true},
        {"visibility", K::kString, false},
        {"turn_seconds", K::kInt, false},
        {"bot_delay_ms", K::kInt, false},
        {"bot_budget_ms", K::kInt, false},
        {"sit", K::kBool, false}}},
      {RequestType::kJoinRoom,
       "join_room",
       {{"room", K::kString, false}, {"code", K::kString, false}, {"seat", K::kInt, false}}},
      {RequestType::kSpectate,
       "spectate",
       {{"room", K::kString, false}, {"code", K::kString, false}}},
      {RequestType::kLeaveRoom, "leave_room", {{"room", K::kString, true}}},
      {RequestType::kAddBot,
       "add_bot",
       {{"room", K::kString, true}, {"seat", K::kInt, false}, {"level", K::kString, false}}},
      {RequestType::kRemoveBot,
       "remove_bot",
       {{"room", K::kString, true}, {"seat", K::kInt, true}}},
      {RequestType::kStart, "start", {{"room", K::kString, true}}},
      {RequestType::kAction,
       "action",
       {{"room", K::kString, true},
        {"action", K::kObject, true},
        {"ack", K::kString, false},
        {"after", K::kInt, false},
        {"match", K::kInt, false}}},
      {RequestType::kGetState, "get_state", {{"room", K::kString, true}}},
      {RequestType::kChat, "chat", {{"room", K::kString, true}, {"text", K::kText, true}}},
      {RequestType::kSetSpectators,
       "set_spectators",
       {{"room", K::kString, true}, {"allow", K::kBool, true}}},
      {RequestType::kRemovePlayer,
       "remove_player",
       {{"room", K::kString, true}, {"seat", K::kInt, true}}},
      {RequestType::kMute,
       "mute",
       {{"room", K::kString, true}, {"player", K::kString, true}, {"muted", K::kBool, false}}},
      {RequestType::kClaimCode, "claim_code", {}},
      {RequestType::kClaim, "claim", {{"code", K::kString, true}}},
  };
  return specs;
}

const MessageSpec& message_spec(RequestType type) {
  for (const MessageSpec& spec : message_specs()) {
    if (spec.type == type) return spec;
  }
  return message_specs().front();  // unreachable: the table lists every type
}

}  // namespace parlor::protocol
