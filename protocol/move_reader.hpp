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
// are the fields it has of the action request's entry in the request table
// (request_specs.hpp: room, action, ack, after, match), a null one absent, as the
// validator has it.
//
// It takes only what it can read exactly as the general reader would: ASCII text whose
// envelope has no members but type, id and the table's fields, each once, with keys and
// strings free of escapes, and each value of the kind the table gives its field (the
// same table the validator checks). For anything else it answers "not mine" and parse_request reads
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
