// JSON text into nlohmann trees without nlohmann's byte-at-a-time lexer: the server reads
// requests and a move's action with it (protocol/protocol.cpp, move_reader.cpp), its
// stand-in bots and the load generator every view they act on, and GameState::view the
// text a game wrote (written_json.hpp).
//
// A bot hands the engine's BotPolicy a `Json` view, so the view must become a real
// nlohmann tree, but building a fresh tree per turn and destroying it again cost more
// than the rest of a move put together (a node allocation per member, string and array,
// and nlohmann's lexer). `parse_into` parses into an existing tree instead: members, array
// slots and strings that are already there are overwritten in place, so successive views
// of one game (the same shape, other values) reuse every node. The result is the tree
// nlohmann::json::parse builds from the same text (tests/clients/json_reuse_test.cpp and
// the fuzz target fuzz_request compare the two).
#pragma once

#include <cstddef>
#include <string_view>

#include <nlohmann/json.hpp>

namespace parlor {

// Parses `text` (one JSON value, blanks around allowed) into `*out`, reusing its nodes;
// `*out` equals nlohmann::json::parse(text) afterwards. False for text that is not JSON,
// leaving `*out` in an unspecified (valid) state. Strings are not checked for valid UTF-8:
// callers either know their text is (WebSocket text frames, which Beast has checked) or
// send text with a byte above 0x7f to nlohmann's parser.
bool parse_into(std::string_view text, nlohmann::json* out);
// The same for the one value `text` starts with (no blanks before it): what follows it is
// left unread, and `*consumed` says where the value ended. For a reader that walks the
// enclosing text itself (protocol/move_reader.hpp).
bool parse_leading_value(std::string_view text, nlohmann::json* out, std::size_t* consumed);

}  // namespace parlor
