// parse_request reads plain requests with protocol::parse_into and everything else with
// nlohmann: either way a request must come out as nlohmann would read it, and what
// nlohmann rejects must stay rejected (tests/clients/json_reuse_test.cpp checks the
// reader against valid documents; this one feeds it broken ones).
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "protocol/json_reuse.hpp"
#include "protocol/protocol.hpp"
#include "tests/support/random_edits.hpp"

namespace parlor::protocol {
namespace {

const std::vector<std::string> kMessages = {
    R"({"type":"action","ack":"update","room":"R12","action":{"type":"take","cards":["7C","2C"]},"id":42})",
    R"({"type":"hello","version":1,"name":"Ana \"the ace\"","token":"abc123"})",
    R"({ "type" : "create_room" , "game":"poker", "options":{"deck":32,"jokers":true,"ante":-1},
        "seats":4, "visibility":"private", "sit":false, "id":"x-1" })",
    R"({"type":"action","room":"R1","action":{"type":"bid","value":0.5e1},"id":null})",
    R"({"a":[],"b":{},"c":[[1,[2,[3]]]],"d":18446744073709551615,"e":-9223372036854775808})",
    R"({"k":1,"k":2})",
};

// Random byte mutations of real messages, in ASCII (the reader's domain): whatever the
// reader accepts into a fresh tree must be valid JSON with nlohmann's very tree.
TEST(RequestReader, NeverAcceptsWhatNlohmannRejects) {
  std::mt19937 rng(20261124);
  const std::string alphabet = "{}[]\":,-0123456789 \\tnrue.aEu\x01\x7f";
  int accepted = 0;
  for (int round = 0; round < 40000; ++round) {
    const std::string text =
        testing::randomly_edited(kMessages[rng() % kMessages.size()], alphabet, rng);
    Json fast;
    const Json full = Json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (!parse_into(text, &fast)) continue;
    ++accepted;
    ASSERT_FALSE(full.is_discarded()) << "accepted invalid JSON: " << text;
    ASSERT_EQ(fast, full) << text;
    ASSERT_EQ(fast.dump(), full.dump()) << text;
  }
  EXPECT_GT(accepted, 1000);  // the mutations do reach the accepting path
}

// Bytes above 0x7f go to nlohmann, which checks UTF-8: a broken sequence is bad JSON, a
// good one is read as usual.
TEST(RequestReader, LeavesNonAsciiToNlohmann) {
  EXPECT_EQ(parse_request("{\"type\":\"hello\",\"version\":1,\"name\":\"\xc3\"}").error().code,
            "bad_json");
  auto request = parse_request("{\"type\":\"hello\",\"version\":1,\"name\":\"caf\xc3\xa9\"}");
  ASSERT_TRUE(request.ok());
  EXPECT_EQ(request->string_field("name"), "caf\xc3\xa9");
}

TEST(RequestReader, ReadsAnActionAsNlohmannDoes) {
  // A move is the move reader's (move_reader_test.cpp): members in a row, not a tree.
  const std::string text = kMessages[0];
  auto request = parse_request(text);
  ASSERT_TRUE(request.ok());
  EXPECT_EQ(request->type, RequestType::kAction);
  const Json tree = Json::parse(text);
  for (const char* name : {"room", "action", "ack"}) EXPECT_EQ(*request->find(name), tree[name]);
  EXPECT_TRUE(request->id.is_number_unsigned());  // as nlohmann types 42
  // Any other request keeps its tree.
  for (const std::string& other : {kMessages[1], kMessages[2]}) {
    auto read = parse_request(other);
    ASSERT_TRUE(read.ok());
    EXPECT_EQ(read->body, Json::parse(other));
  }
}

}  // namespace
}  // namespace parlor::protocol
