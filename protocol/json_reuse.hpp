// JSON text to and from nlohmann trees without the allocation churn: the server reads
// requests (protocol.cpp) and a move's action (move_reader.cpp) with it, and the load
// generator every view it acts on.
//
// A bot hands the engine's BotPolicy a `Json` view, so the view must become a real
// nlohmann tree, but building a fresh tree per turn and destroying it again cost more
// than the rest of a move put together (a node allocation per member, string and array,
// and nlohmann's byte-at-a-time lexer). `parse_into` parses into an existing tree instead:
// members, array slots and strings that are already there are overwritten in place, so
// successive views of one game (the same shape, other values) reuse every node. The result
// is the tree nlohmann::json::parse builds from the same text (the tests compare the two).
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace parlor::protocol {

using Json = nlohmann::json;

// Parses `text` (one JSON value, blanks around allowed) into `*out`, reusing its nodes;
// `*out` equals Json::parse(text) afterwards. False for text that is not JSON, leaving
// `*out` in an unspecified (valid) state. Strings are not checked for valid UTF-8: the
// text comes from WebSocket text frames, which Beast has already checked.
bool parse_into(std::string_view text, Json* out);
// The same for the one value `text` starts with (no blanks before it): what follows it is
// left unread, and `*consumed` says where the value ended. For a reader that walks the
// enclosing text itself (move_reader.hpp).
bool parse_leading_value(std::string_view text, Json* out, std::size_t* consumed);

// Appends value.dump() to `*out` without the temporary string dump() allocates (text that
// is not UTF-8 replaced, as the protocol's writer does: JsonWriter::value).
void append_json(std::string* out, const Json& value);

}  // namespace parlor::protocol
