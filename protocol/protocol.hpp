// The client/server protocol (protocol/README.md): JSON text messages over WebSocket.
//
// This library parses and validates the shape of what a client sends (a JSON object
// with a known "type", an optional "id", and each field of the right type) and builds
// the envelopes the server sends back. It knows no rule of any game: a game action is
// passed through as JSON for the engine to judge.
//
// Error codes produced here: bad_json, bad_message, unknown_type, bad_field.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/core/expected.hpp"

namespace parlor::protocol {

using Json = nlohmann::json;

// The protocol version a client states in "hello". Bumped on incompatible changes.
inline constexpr int kVersion = 1;
// Oldest client version this server still talks to.
inline constexpr int kMinVersion = 1;

// Every request type a client may send.
enum class RequestType {
  kHello,
  kPing,
  kGames,
  kListRooms,
  kCreateRoom,
  kJoinRoom,
  kSpectate,
  kLeaveRoom,
  kAddBot,
  kRemoveBot,
  kStart,
  kAction,
  kGetState,
  kChat,
  kSetSpectators,
  kRemovePlayer,
  kMute,
  kClaimCode,
  kClaim,
  // Accounts (README: "Accounts and access").
  kSignup,
  kLogin,
  kLogout,
  kChangePassword,
  kSessions,
  kEndSession,
  // Operators (README: "Operators"): moderators and admins only.
  kOpOverview,
  kOpAccounts,
  kOpCloseRoom,
  kOpSanction,
  kOpLift,
  kOpAnnounce,
  kOpAudit,
  kOpApprove,
  kOpSetRole,
  kOpInvites,
  kOpMakeInvite,
  kOpRevokeInvite,
  // Club nights (README: "Club nights").
  kCreateEvent,
  kEvents,
  kEvent,
  kJoinEvent,
  kLeaveEvent,
  kStartEvent,
};

// A member of a request that the move reader read (move_reader.hpp): `name` is one of its
// own names (static text).
struct RequestMember {
  std::string_view name;
  Json value;
};

// A validated request. `id` is whatever the client sent (null when absent): the reply
// echoes it so the client can match replies to requests.
struct Request {
  RequestType type = RequestType::kPing;
  std::string type_name;
  Json id;
  // The whole message, as the general reader read it. A move that the move reader read
  // leaves it null and has its few members in `members` instead, all but its type and id
  // (in the fields above): building and searching a tree for a move's envelope was a
  // tenth of the server's work per move. The accessors below read either.
  Json body;
  static constexpr std::size_t kMaxMembers = 5;
  std::array<RequestMember, kMaxMembers> members;
  std::size_t member_count = 0;

  // Typed accessors for fields the validator has already checked.
  std::string string_field(const char* name, std::string fallback = "") const;
  // The same without a copy, for the fields every move reads (valid while the request
  // lives): null when the field is absent; string_ref gives "" then.
  const std::string* string_if(const char* name) const;
  const std::string& string_ref(const char* name) const;
  std::int64_t int_field(const char* name, std::int64_t fallback) const;
  bool bool_field(const char* name, bool fallback) const;
  bool has(const char* name) const;
  // Moves a member's value out (null if absent): the action, handed to its room.
  Json take(const char* name);
  // The member's value, or null if the request has no such member.
  Json* find(std::string_view name);
  const Json* find(std::string_view name) const { return const_cast<Request*>(this)->find(name); }
};

// Parses one text frame. On error the returned Error carries one of this library's
// codes; use `extract_id` to echo the id of a message that failed validation.
Expected<Request> parse_request(std::string_view text);
// Validates an already-parsed JSON value (what parse_request does after parsing).
Expected<Request> validate_request(Json message);
// The "id" of a message that may be malformed (null when absent or unparsable).
Json extract_id(const Json& message);

// {"type":"error","id":ID,"code":CODE,"message":MESSAGE} (id omitted when null).
std::string error_message(const Json& id, std::string_view code, std::string_view message);
// The same with more members (an access refusal's "access", a throttle's
// "retry_after_seconds").
std::string error_message(const Json& id, std::string_view code, std::string_view message,
                          Json extra);
// A reply: `body` with "type" and the echoed "id" added.
std::string reply_message(const Json& id, std::string_view type, Json body = Json::object());

std::string_view request_type_name(RequestType type);

}  // namespace parlor::protocol
