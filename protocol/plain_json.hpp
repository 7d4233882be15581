// A reader for the plain JSON that clients send almost always: objects, arrays, strings
// of printable ASCII without escapes, integers, true, false and null. It builds exactly
// the tree nlohmann's parser would (non-negative integers as unsigned, a repeated key's
// last value kept), several times faster, because every move a client makes is one such
// message (bench/server_update_bench). Anything outside that subset -- an escape, a byte
// above 0x7f, a fraction or exponent, deep nesting, malformed text -- yields nullopt, and
// the caller parses with nlohmann, which then decides (and words any error).
#pragma once

#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

namespace parlor::protocol {

std::optional<nlohmann::json> parse_plain_json(std::string_view text);

}  // namespace parlor::protocol
