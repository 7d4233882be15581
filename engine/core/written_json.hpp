// A tree read back from text that JsonWriter wrote: the views, seat fields and round
// results a game keeps as text become trees again wherever a tree is wanted
// (GameState::view and table_view, round_results, every property test after every move).
// nlohmann's parser reads a character at a time through an input adapter and copies every
// string through a token buffer: the random playouts spent about a third of their time in
// it. The engine's own reader (json_reader.hpp) builds the same tree directly.
//
// Text with a byte above 0x7f, and text that is not JSON, goes to nlohmann's parser
// instead, whole: the result, or the exception, is always exactly Json::parse's, down to
// each number's type (an integer without a sign is number_unsigned in both).
// tests/core/written_json_test.cpp holds it to that; fuzz_request holds the reader to
// nlohmann's on any ASCII text.
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

namespace parlor {

nlohmann::json parse_written_json(std::string_view text);

// Parses `text`, which must be an object, and sets each of its members on `into` (an
// object), replacing a member of the same name: into.update(parse_written_json(text))
// without the copy. Throws as Json::parse does when `text` is not JSON, and
// nlohmann::json::type_error when either is not an object.
void merge_written_json_object(std::string_view text, nlohmann::json& into);

}  // namespace parlor
