// The move reader (protocol/move_reader.hpp) must read every move it takes exactly as the
// general reader (nlohmann, then the validator) reads it, and leave every other text to
// the general reader, so that errors are worded as they always were.
#include "protocol/move_reader.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "tests/support/random_edits.hpp"

namespace parlor::protocol {
namespace {

// What a handler can read of a request: its type, id and the members it asks for.
void expect_same_request(const std::string& text, const Request& fast, const Request& general) {
  SCOPED_TRACE(text);
  EXPECT_EQ(fast.type, general.type);
  EXPECT_EQ(fast.type_name, general.type_name);
  EXPECT_EQ(fast.id, general.id);
  EXPECT_EQ(fast.id.type(), general.id.type());
  for (const char* name : {"room", "action", "ack", "after", "match", "seat", "text"}) {
    SCOPED_TRACE(name);
    ASSERT_EQ(fast.has(name), general.has(name));
    if (!fast.has(name)) continue;
    EXPECT_EQ(*fast.find(name), *general.find(name));
    EXPECT_EQ(fast.find(name)->type(), general.find(name)->type());
    EXPECT_EQ(fast.string_field(name, "?"), general.string_field(name, "?"));
    EXPECT_EQ(fast.int_field(name, -7), general.int_field(name, -7));
  }
}

Expected<Request> general_read(const std::string& text) {
  Json message = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (message.is_discarded()) return Error{"bad_json", "the message is not valid JSON"};
  return validate_request(std::move(message));
}

// Moves as clients send them: the README's, the load generator's and the web client's
// shapes, members in any order, blanks, every kind of id.
const std::vector<std::string> kMoves = {
    R"({"type": "action", "id": 12, "room": "R5", "action": {"type": "play", "card": "AH"}})",
    R"({"type":"action","id":12,"room":"R5","ack":"update","action":{"type":"draw"}})",
    R"({"type":"action","room":"R12","ack":"update","after":41,"match":3,"id":907,)"
    R"("action":{"type":"take","cards":["7C","2C"]}})",
    R"({"action":{"type":"bid","value":3,"nested":{"a":[1,2,{"b":null}]}},"room":"R1","type":"action"})",
    R"({ "type" : "action" , "id" : "client-1" , "room" : "ABCD" , "action" : { } })",
    "{\n\t\"type\":\"action\",\r\n\"room\":\"R1\",\"action\":{\"type\":\"pass\"}}\n",
    R"({"type":"action","id":null,"room":"R1","action":{"type":"pass"}})",
    R"({"type":"action","id":-3,"room":"R1","ack":null,"after":null,"match":null,"action":{}})",
    R"({"type":"action","id":0,"room":"R1","after":0,"match":-0,"action":{"x":"\u00e9"}})",
    R"({"type":"action","id":18446744073709551615,"room":"R1","after":-9223372036854775808,)"
    R"("action":{"type":"pass"}})",
    R"({"type":"action","room":"R1","ack":"reply","action":{"type":"pass","amount":2.5e1}})",
    R"({"type":"action","room":")" + std::string(256, 'r') + R"(","action":{}})",
};

TEST(MoveReader, ReadsEveryMoveAsTheGeneralReaderDoes) {
  for (const std::string& text : kMoves) {
    Request fast;
    ASSERT_TRUE(read_move(text, &fast)) << text;
    Expected<Request> general = general_read(text);
    ASSERT_TRUE(general.ok()) << text << ": " << general.error().message;
    expect_same_request(text, fast, *general);
    // parse_request takes the same path.
    Expected<Request> parsed = parse_request(text);
    ASSERT_TRUE(parsed.ok());
    EXPECT_TRUE(parsed->body.is_null()) << "not read by the move reader: " << text;
    expect_same_request(text, *parsed, *general);
  }
}

TEST(MoveReader, TakesTheActionOutOfAMove) {
  Expected<Request> request =
      parse_request(R"({"type":"action","room":"R1","action":{"type":"play","card":"AH"}})");
  ASSERT_TRUE(request.ok());
  EXPECT_EQ(request->take("action"), Json::parse(R"({"type":"play","card":"AH"})"));
  EXPECT_TRUE(request->find("action")->is_null());  // taken
  EXPECT_TRUE(request->take("after").is_null());    // never there
}

// Texts the move reader leaves to the general reader: each is read there as before (an
// error worded by the validator or nlohmann, or a request with the tree in `body`).
const std::vector<std::string> kNotMoves = {
    R"({"type":"action","room":"R\u0031","action":{}})",          // an escape in a value
    R"({"ty\u0070e":"action","room":"R1","action":{}})",          // an escape in a key
    R"({"type":"action","room":"Ré","action":{}})",               // not ASCII
    R"({"type":"action","room":"R1","action":{"card":"é"}})",     // not ASCII in the action
    R"({"type":"action","room":"R1","action":{},"extra":1})",     // a member of its own
    R"({"type":"action","room":"R1","room":"R2","action":{}})",   // a member twice
    R"({"type":"action","room":"R1","action":{},"after":1.0})",   // a fraction
    R"({"type":"action","room":"R1","action":{},"after":1e3})",   // an exponent
    R"({"type":"action","room":"R1","action":{},"after":01})",    // a leading zero
    R"({"type":"action","room":"R1","action":{},"after":-})",     // no digits
    R"({"type":"action","room":"R1","action":{},"after":"1"})",   // a string
    R"({"type":"action","room":"R1","action":{},"match":true})",  // a boolean
    R"({"type":"action","room":"R1","action":{},"after":99999999999999999999})",  // too big
    R"({"type":"action","room":"R1","action":{},"after":-9223372036854775809})",  // too small
    R"({"type":"action","id":true,"room":"R1","action":{}})",  // an id of the wrong kind
    R"({"type":"action","id":1.5,"room":"R1","action":{}})",
    R"({"type":"action","id":")" + std::string(257, 'i') + R"(","room":"R1","action":{}})",
    R"({"type":"action","room":")" + std::string(257, 'r') + R"(","action":{}})",
    R"({"type":"action","room":null,"action":{}})",  // required, null
    R"({"type":"action","room":"R1"})",              // no action
    R"({"type":"action","action":{}})",              // no room
    R"({"room":"R1","action":{}})",                  // no type
    R"({"type":"action","room":"R1","action":[]})",  // not an object
    R"({"type":"action","room":"R1","action":"pass"})",
    R"({"type":"action","room":"R1","action":{},"ack":7})",
    R"({"type":"Action","room":"R1","action":{}})",  // another type
    R"({"type":"chat","room":"R1","text":"hi"})",
    R"({"type":"action","room":"R1","action":{}} x)",    // trailing text
    R"({"type":"action","room":"R1","action":{},})",     // trailing comma
    R"({"type":"action","room":"R1","action":{"a":}})",  // broken action
    R"({"type":"action","room":"R1","action":{}})" + std::string("\x01"),
    R"({"type":"action","room":"R1	","action":{}})",  // a raw tab in a string
    R"([{"type":"action","room":"R1","action":{}}])",
    R"(  )",
    "",
};

TEST(MoveReader, LeavesEverythingElseToTheGeneralReader) {
  for (const std::string& text : kNotMoves) {
    Request fast;
    EXPECT_FALSE(read_move(text, &fast)) << text;
    Expected<Request> parsed = parse_request(text);
    Expected<Request> general = general_read(text);
    ASSERT_EQ(parsed.ok(), general.ok()) << text;
    if (!general.ok()) {
      EXPECT_EQ(parsed.error().code, general.error().code) << text;
      EXPECT_EQ(parsed.error().message, general.error().message) << text;
    } else {
      EXPECT_EQ(parsed->body, general->body) << text;
    }
  }
}

// Random edits of real moves: whatever the move reader takes, the general reader must read
// as the same request; a refusal is the general reader's to word.
TEST(MoveReader, AgreesWithTheGeneralReaderOnEditedMoves) {
  std::mt19937 rng(20261128);
  const std::string alphabet = "{}[]\":,-0123456789 \\tnrue.aEu\x01\x7f\xc3";
  int taken = 0;
  int refused = 0;
  for (int round = 0; round < 60000; ++round) {
    const std::string text = testing::randomly_edited(kMoves[rng() % kMoves.size()], alphabet, rng);
    Request fast;
    Expected<Request> general = general_read(text);
    if (!read_move(text, &fast)) {
      refused += general.ok() ? 0 : 1;
      continue;
    }
    ++taken;
    ASSERT_TRUE(general.ok()) << "the move reader took what the general reader refuses: " << text;
    expect_same_request(text, fast, *general);
    if (HasFailure()) return;
  }
  // Both outcomes must be common, or the comparison says little.
  EXPECT_GT(taken, 5000);
  EXPECT_GT(refused, 5000);
}

}  // namespace
}  // namespace parlor::protocol
