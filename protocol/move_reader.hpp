// The move reader: an "action" request read without a tree for its envelope.
//
// Every move a client makes is one `action` request, such as
//   {"type":"action","id":12,"room":"R5","ack":"update","action":{"type":"play","card":"AH"}}
// The general reader builds an nlohmann tree of the whole message, the validator looks
// each field up in it, and the handlers look them up again: a node, a key and several
// string comparisons per member, about 12,000 instructions a move, a tenth of all the
// server's work for one. This reader walks the envelope once and keeps its members in the
// request's row (Request::members); only the action itself becomes a tree, since the
// engine reads it as one.
//
// The request's "type" and "id" are in its own fields, as for every request; its members
// are "room", "action" and whichever of "ack", "after" and "match" it has (a null one is
// absent, as the validator has it).
//
// It takes only what it can read exactly as the general reader would: ASCII text whose
// envelope has no members but the action request's own (type, id, room, action, ack,
// after, match), each once, with keys and strings free of escapes, and values the
// validator would accept. For anything else it answers "not mine" and parse_request reads
// the text the general way, which words every error as it always has. So a message gets
// the same request, or the same error, from either path (tests/server/move_reader_test.cpp
// and the request fuzz target compare them).
#pragma once

#include <string_view>

#include "protocol/protocol.hpp"

namespace parlor::protocol {

// True if `text` is a move this reader takes, read into `*out` (a fresh Request). False
// means the general reader must read it (it may be valid or not); `*out` is then to be
// thrown away.
bool read_move(std::string_view text, Request* out);

}  // namespace parlor::protocol
