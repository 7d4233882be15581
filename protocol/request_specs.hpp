// The request table: every request type, its name and the fields the validator checks
// (kind, and whether required), one source for the two readers of requests — the general
// validator (protocol.cpp) and the move reader (move_reader.cpp). Internal to the protocol
// library; protocol/README.md documents each request for clients.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "protocol/protocol.hpp"

namespace parlor::protocol {

// Longest string a client may put in any field: names, tokens, codes, room ids.
inline constexpr std::size_t kMaxStringField = 256;
// Longest text field in bytes: 300 characters of up to four bytes each, with room to spare.
inline constexpr std::size_t kMaxTextField = 2048;

// kText: a person's words (chat), longer than the other strings; the room caps them in
// characters (server/room/table_chat.hpp).
enum class FieldKind { kString, kText, kInt, kBool, kObject };

struct FieldSpec {
  const char* name;
  FieldKind kind;
  bool required;
};

struct MessageSpec {
  RequestType type;
  std::string_view name;  // compared with every request's type: lengths first
  std::vector<FieldSpec> fields;
};

const std::vector<MessageSpec>& message_specs();
// The entry of `type` (every type has one).
const MessageSpec& message_spec(RequestType type);

}  // namespace parlor::protocol
