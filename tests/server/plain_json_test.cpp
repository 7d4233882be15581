// The plain-JSON reader must build exactly what nlohmann's parser builds, or step aside.
#include "protocol/plain_json.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace parlor::protocol {
namespace {

using Json = nlohmann::json;

// Same tree, and the same number types (nlohmann reads 5 as unsigned, -5 as signed).
void expect_same_tree(const Json& plain, const Json& full, const std::string& text) {
  ASSERT_EQ(plain, full) << text;
  ASSERT_EQ(plain.dump(), full.dump()) << text;
  ASSERT_EQ(plain.type(), full.type()) << text;
  if (full.is_structured()) {
    auto p = plain.begin();
    for (auto f = full.begin(); f != full.end(); ++f, ++p) expect_same_tree(*p, *f, text);
  }
}

// Either the reader declines, or both parsers agree; and it never accepts what nlohmann
// rejects.
void check(const std::string& text) {
  const std::optional<Json> plain = parse_plain_json(text);
  const Json full = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!plain) return;
  ASSERT_FALSE(full.is_discarded()) << "accepted invalid JSON: " << text;
  expect_same_tree(*plain, full, text);
}

const std::vector<std::string> kMessages = {
    R"({"type":"action","ack":"update","room":"R12","action":{"type":"take","cards":["7C","2C"]},"id":42})",
    R"({"type":"hello","version":1,"name":"Ana","token":"abc123"})",
    R"({ "type" : "create_room" , "game":"poker", "options":{"deck":32,"jokers":true,"ante":-1},
        "seats":4, "visibility":"private", "sit":false, "id":"x-1" })",
    R"({"type":"action","room":"R1","action":{"type":"bid","value":0},"id":null})",
    R"({"a":[],"b":{},"c":[[1,[2,[3]]]],"d":18446744073709551615,"e":-9223372036854775808})",
    R"({"k":1,"k":2})",
    R"([true,false,null,0,-0,12])",
};

TEST(PlainJson, ReadsWhatClientsSendExactlyAsNlohmannDoes) {
  for (const std::string& text : kMessages) {
    ASSERT_TRUE(parse_plain_json(text).has_value()) << text;
    check(text);
  }
}

TEST(PlainJson, DeclinesWhatItDoesNotHandle) {
  for (const char* text :
       {R"({"name":"caf\u00e9"})", "{\"name\":\"caf\xc3\xa9\"}", R"({"x":1.5})", R"({"x":1e3})",
        R"({"x":01})", R"({"x":99999999999999999999})", R"({"x":-})", R"([[[[[[[[[[1]]]]]]]]]])",
        "{\"a\":1", "{\"a\":1}x", "", "   ", "{\"a\" 1}", "[1,]", "{,}", "nul", "\xef\xbb\xbf{}"}) {
    EXPECT_FALSE(parse_plain_json(text).has_value()) << text;
  }
}

// Random byte mutations of real messages: the reader may decline any of them, but what it
// accepts must be valid JSON with the very same tree.
TEST(PlainJson, AgreesWithNlohmannOnMutatedMessages) {
  std::mt19937 rng(20261124);
  const std::string alphabet = "{}[]\":,-0123456789 \\tnrue.aE\x01\x7f\xc3";
  int accepted = 0;
  for (int round = 0; round < 40000; ++round) {
    std::string text = kMessages[rng() % kMessages.size()];
    const int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits && !text.empty(); ++e) {
      const std::size_t at = rng() % text.size();
      switch (rng() % 3) {
        case 0:
          text[at] = alphabet[rng() % alphabet.size()];
          break;
        case 1:
          text.erase(at, 1);
          break;
        default:
          text.insert(at, 1, alphabet[rng() % alphabet.size()]);
      }
    }
    check(text);
    if (parse_plain_json(text)) ++accepted;
  }
  EXPECT_GT(accepted, 1000);  // the mutations do exercise the accepting path
}

}  // namespace
}  // namespace parlor::protocol
