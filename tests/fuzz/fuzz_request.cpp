// fuzz_request: one WebSocket text frame through the server's request reader.
//
// Properties: parse_request never throws or crashes and answers with one of protocol.hpp's
// codes; the fast reader (protocol::parse_into) never accepts ASCII text that nlohmann
// rejects, and whenever it accepts it builds nlohmann's exact tree, both into a fresh
// tree and into one reused from another text (check_reuse: the load generator's path);
// append_json writes text that nlohmann reads back as the same tree; the move reader
// (protocol::read_move) takes only what the general reader reads as the same request.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "protocol/json_reuse.hpp"
#include "protocol/move_reader.hpp"
#include "protocol/protocol.hpp"
#include "tests/fuzz/fuzz_check.hpp"

namespace {

using parlor::fuzz::check;
using parlor::protocol::Json;

// The server refuses frames longer than this (--max-message-bytes' default), so deeper
// texts never reach the reader.
constexpr std::size_t kMaxFrame = 16384;

bool is_ascii(std::string_view text) {
  return std::none_of(text.begin(), text.end(),
                      [](char c) { return static_cast<unsigned char>(c) > 0x7f; });
}

void check_fast_reader(std::string_view text, const Json& reference, bool reference_ok) {
  Json fresh;
  const bool fresh_ok = parlor::protocol::parse_into(text, &fresh);
  // parse_into leaves UTF-8 unchecked (documented), so only ASCII must be refused alike.
  if (fresh_ok && is_ascii(text)) check(reference_ok, "parse_into accepted what nlohmann rejects");
  if (fresh_ok && reference_ok) check(fresh == reference, "parse_into built another tree");
  // Again into the tree it just built: every node reused.
  if (fresh_ok) {
    check(parlor::protocol::parse_into(text, &fresh), "parse_into refused a text the second time");
    if (reference_ok) check(fresh == reference, "parse_into differs into its own tree");
  }
}

// An input "PREVIOUS\0TEXT" (a NUL is never part of JSON text) parses PREVIOUS into a
// tree, then TEXT into the same tree, which must then be TEXT's tree: the load
// generator's path, where each view overwrites the last.
void check_reuse(std::string_view input) {
  const std::size_t nul = input.find('\0');
  if (nul == std::string_view::npos) return;
  const std::string_view previous = input.substr(0, nul);
  const std::string_view text = input.substr(nul + 1);
  Json tree;
  parlor::protocol::parse_into(previous, &tree);  // whatever it leaves, a valid tree
  const Json reference = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  const bool ok = parlor::protocol::parse_into(text, &tree);
  Json fresh;
  check(ok == parlor::protocol::parse_into(text, &fresh),
        "parse_into answered differently into a reused tree");
  if (ok && !reference.is_discarded())
    check(tree == reference, "reused tree differs from nlohmann's");
}

void check_writer(const Json& tree) {
  std::string text;
  parlor::protocol::append_json(&text, tree);
  Json back = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  check(!back.is_discarded(), "append_json wrote text nlohmann cannot read: " + text);
  check(back == tree, "append_json changed the tree: " + text);
}

// Whatever the move reader takes, nlohmann and the validator read as the same request.
void check_move_reader(std::string_view text, const Json& reference) {
  parlor::protocol::Request move;
  if (!parlor::protocol::read_move(text, &move)) return;
  check(!reference.is_discarded(), "the move reader took text nlohmann rejects");
  auto general = parlor::protocol::validate_request(reference);
  check(general.ok(), "the move reader took a move the validator refuses");
  check(move.type == general->type && move.type_name == general->type_name,
        "the move reader read another type");
  check(move.id == general->id && move.id.type() == general->id.type(),
        "the move reader read another id");
  for (const char* field : {"room", "action", "ack", "after", "match"}) {
    check(move.has(field) == general->has(field), std::string("presence differs: ") + field);
    if (!move.has(field)) continue;
    check(*move.find(field) == *general->find(field) &&
              move.find(field)->type() == general->find(field)->type(),
          std::string("the move reader read another value: ") + field);
  }
}

void check_request(std::string_view text, const Json& reference) {
  static const std::set<std::string> kCodes = {"bad_json", "bad_message", "unknown_type",
                                               "bad_field"};
  auto request = parlor::protocol::parse_request(text);
  if (!request) {
    check(kCodes.count(request.error().code) == 1, "unknown error code " + request.error().code);
    // The server echoes the id of a refused message and words the error.
    const Json id = parlor::protocol::extract_id(reference.is_discarded() ? Json() : reference);
    parlor::protocol::error_message(id, request.error().code, request.error().message);
    return;
  }
  // A move the move reader read keeps its members in a row, any other request its tree.
  check(request->body.is_object() ||
            (request->type == parlor::protocol::RequestType::kAction && request->body.is_null()),
        "a request that is not an object");
  check(parlor::protocol::request_type_name(request->type) == request->type_name,
        "type name does not match the type");
  check(request->id.is_null() || request->id.is_string() || request->id.is_number_integer(),
        "an id of the wrong type");
  // The accessors every handler uses, on every field name the table knows.
  for (const char* field :
       {"version", "name", "token", "game", "seats", "visibility", "turn_seconds", "bot_delay_ms",
        "sit", "room", "code", "seat", "level", "ack", "options", "action"}) {
    request->string_field(field);
    request->int_field(field, 0);
    request->bool_field(field, false);
    request->has(field);
  }
  parlor::protocol::reply_message(request->id, "ok");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > kMaxFrame) return -1;  // keep such inputs out of the corpus
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Json reference = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  const bool reference_ok = !reference.is_discarded();
  check_fast_reader(text, reference, reference_ok);
  check_reuse(text);
  if (reference_ok) check_writer(reference);
  check_move_reader(text, reference);
  check_request(text, reference);
  return 0;
}
